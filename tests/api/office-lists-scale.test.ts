// The office lists at scale: a broad filter's total is counted up to a cap and said to be
// capped, a filter an index answers at once keeps its exact total; a customer search is planned on its
// rarest word; the inbox is searched through its words' index, old records given theirs once.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { User, customerSearchKeys } from '../../api/src/models/User';
import { customerSearch, customerSearchFilter } from '../../api/src/services/office/customer-search';
import { backfillInboxSearchKeys, inboxSearchFilter } from '../../api/src/services/office/inbox-search';
import { TOTAL_CAP } from '../../api/src/services/office/page-total';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

const { ObjectId } = mongoose.Types;
const MANY = TOTAL_CAP + 50;
const DAY = 86_400_000;
let srv: TestServer;
let admin: TestEmployee;

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin' });
  const t0 = Date.now() - 30 * DAY;
  // Straight into the collections: many customers sharing a word, one with a rare one.
  const people = Array.from({ length: MANY }, (_, i) => ({ name: `Common Person${i}`, email: `p${i}@many.test` }));
  people.push({ name: 'Common Zebedee', email: 'zeb@many.test' });
  await User.collection.insertMany(
    people.map((p, i) => ({
      ...p,
      role: 'user',
      tokenVersion: 0,
      search_keys: customerSearchKeys(p),
      created_at: new Date(t0 + i * 60_000),
      updated_at: new Date(t0),
    })),
  );
  const customer = await makeCustomer(srv, { name: 'Bea Booker' });
  const template = await Booking.findById(await makeBooking(customer.id, { postcode: 'EC1A1BB' })).lean();
  const { _id: _drop, reference: _ref, ...rest } = template!;
  await Booking.collection.insertMany(
    Array.from(
      { length: MANY },
      (_, i) => ({
        ...rest,
        _id: new ObjectId(),
        status: 'accepted',
        accepted_by: new ObjectId(admin.id),
        accepted_at: new Date(t0 + i * 60_000),
        created_at: new Date(t0 + i * 60_000),
      }),
    ),
  );
  const actor = { id: admin.id, name: 'Admin', role: 'admin' };
  await AuditLog.collection.insertMany(
    Array.from(
      { length: MANY },
      (_, i) => ({ at: new Date(t0 + i * 60_000), actor, action: 'booking.assign', target: { type: 'booking', id: String(new ObjectId()) } }),
    ),
  );
});
afterAll(async () => {
  await srv?.close();
});

const get = async (path: string) => {
  const res = await srv.call('GET', path, { token: admin.token });
  expect(res.status, path).toBe(200);
  return res.body;
};
const from = new Date(Date.now() - 60 * DAY).toISOString().slice(0, 10);

describe('the totals of the office lists', () => {
  it('are counted up to the cap for a date range or a search, and said to be capped', async () => {
    for (
      const path of [
        `/api/admin/bookings?on=accepted&from=${from}`,
        '/api/admin/bookings?q=EC1A',
        '/api/admin/customers?q=common',
        '/api/admin/audit?type=booking',
        `/api/admin/audit?actor=${admin.id}`,
      ]
    ) {
      const body = await get(path);
      expect([body.total, body.total_capped], path).toEqual([TOTAL_CAP, true]);
    }
    // Paging on past the cap still answers the next rows.
    const far = await get(`/api/admin/bookings?on=accepted&from=${from}&limit=100&page=11`);
    expect(far.bookings.length).toBe(MANY - 1000);
  });

  it('stay exact where an index answers at once: the whole list, one status, one cleaner', async () => {
    expect(await get('/api/admin/bookings')).toMatchObject({ total: MANY + 1 });
    expect((await get('/api/admin/bookings')).total_capped).toBeUndefined();
    expect((await get('/api/admin/bookings?status=accepted')).total).toBe(MANY);
    expect((await get(`/api/admin/bookings?employee=${admin.id}`)).total).toBe(MANY);
    expect((await get('/api/admin/customers')).total).toBe(MANY + 2);
    expect((await get('/api/admin/audit')).total).toBe(MANY);
    // Below the cap a search's total is exact.
    expect(await get('/api/admin/customers?q=common%20zebedee')).toMatchObject({ total: 1, customers: [{ name: 'Common Zebedee' }] });
    expect((await get('/api/admin/customers?q=common%20nobody')).total).toBe(0);
  });
});

describe('a customer search', () => {
  it('is planned on its rarest word, not on the one every customer has', async () => {
    const plan = JSON.stringify(await User.find(customerSearchFilter('common zebedee')).sort({ created_at: -1, _id: -1 }).limit(20).explain());
    expect(plan).toContain('search_keys_1');
  });

  it('probes each word only far enough to rank it (a broad word costs ~100 keys, not 1 000)', async () => {
    const count = vi.spyOn(User, 'countDocuments');
    try {
      const { filter, none } = await customerSearch('common zebedee');
      expect(none).toBe(false);
      // The rare word still leads, so the page is planned on it.
      expect(JSON.stringify(filter)).toMatch(/^\{"\$and":\[\{"search_keys":\{\}\}/);
      expect((filter.$and as { search_keys: RegExp; }[])[0].search_keys.source).toBe('^zebedee');
      expect(count).toHaveBeenCalledTimes(2);
      for (const [, opts] of count.mock.calls) expect((opts as { limit: number; }).limit).toBeLessThanOrEqual(101);
    } finally {
      count.mockRestore();
    }
  });
});

describe('the inbox search', () => {
  it('finds records by the start of their words through an index, old records given their words once', async () => {
    expect(
      (await srv.call('POST', '/api/contact', { json: { name: 'Wanda Window', email: 'wanda@example.com', message: 'Do you clean conservatory roofs?' } }))
        .status,
    ).toBe(201);
    // A record from before the search words (no search_keys): found once the backfill has run.
    await ContactMessage.collection.insertOne({
      name: 'Olga Older',
      email: 'olga@example.com',
      message: 'Conservatory again',
      status: 'new',
      created_at: new Date(),
      updated_at: new Date(),
    });
    const names = async (q: string) => ((await get(`/api/admin/inbox?q=${encodeURIComponent(q)}`)).items as { name: string; }[]).map((i) => i.name).sort();
    expect(await names('CONSERV')).toEqual(['Wanda Window']);
    expect(await backfillInboxSearchKeys({ all: true })).toBe(1);
    expect(await names('conserv')).toEqual(['Olga Older', 'Wanda Window']);
    expect(await names('wanda@example.com')).toEqual(['Wanda Window']);
    expect(await names('roofs conserv')).toEqual(['Wanda Window']);
    expect(await names('servatory')).toEqual([]);
    const plan = JSON.stringify(await ContactMessage.find(inboxSearchFilter('conserv')!).explain());
    expect(plan).toContain('search_keys_1');
    // The words are the index's, not part of what a record reads back.
    expect(Object.keys((await ContactMessage.findOne({ name: 'Wanda Window' }).lean())!)).not.toContain('search_keys');
  });
});
