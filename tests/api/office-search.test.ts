// The office's searches are index ranges: customers by the start of each word of their name, e-mail or
// phone (any case, kept in step when the profile changes), the board by the start of a postcode or by
// the customer, and each is planned on an index (explain), not a scan of every record.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { writeVersions } from '../../api/src/models/write-version';
import { backfillSearchKeys, customerSearchFilter } from '../../api/src/services/office/customer-search';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let jo: { id: string; email: string; token: string; };
let sam: { id: string; email: string; };

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin' });
  jo = await makeCustomer(srv, { name: 'Jo Smithson', phone: '07700 900111' });
  sam = await makeCustomer(srv, { name: 'Sam Okafor', phone: '020 7946 0018' });
  await makeBooking(jo.id, { postcode: 'EC1A1BB' });
  await makeBooking(sam.id, { postcode: 'SW1A1AA' });
});
afterAll(async () => {
  await srv?.close();
});

const names = async (q: string) => {
  const res = await srv.call('GET', `/api/admin/customers?q=${encodeURIComponent(q)}`, { token: admin.token });
  expect(res.status).toBe(200);
  expect(res.body.total).toBe(res.body.customers.length);
  return res.body.customers.map((c: { name: string; }) => c.name).sort();
};
const board = async (q: string) => {
  const res = await srv.call('GET', `/api/admin/bookings?q=${encodeURIComponent(q)}`, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.bookings.map((b: { postcode: string; }) => b.postcode).sort();
};

describe('the office searches', () => {
  it('find customers by the start of any word of name, e-mail or phone, in any case', async () => {
    expect(await names('smi')).toEqual(['Jo Smithson']);
    expect(await names('SAM oka')).toEqual(['Sam Okafor']);
    expect(await names(jo.email.toUpperCase())).toEqual(['Jo Smithson']);
    expect(await names('07700 9001')).toEqual(['Jo Smithson']);
    expect(await names('020794600')).toEqual(['Sam Okafor']);
    expect(await names('example')).toEqual(['Jo Smithson', 'Sam Okafor']);
    expect(await names('okafor smith')).toEqual([]);
    expect(await names('@@')).toEqual([]);
  });

  it('keep a customer’s words in step with their profile', async () => {
    const res = await srv.call('PUT', '/api/user/profile', { token: jo.token, json: { name: 'Jo Whitfield' } });
    expect(res.status).toBe(200);
    expect(await names('whit')).toEqual(['Jo Whitfield']);
    expect(await names('smithson')).toEqual([]);
    // The rebuild (npm run office -- recount) finds every customer's words as a recount gives them.
    expect(await backfillSearchKeys({ all: true })).toBe(0);
    await User.collection.updateOne({ _id: new mongoose.Types.ObjectId(jo.id) }, { $set: { search_keys: ['stale'] } });
    expect(await backfillSearchKeys({ all: true })).toBe(1);
    expect(await names('whit')).toEqual(['Jo Whitfield']);
    // Customers without words, filled in one batch: the users' version (the kept lists) moves once.
    await User.collection.updateMany({}, { $unset: { search_keys: '' } });
    const before = (await writeVersions('users')).users;
    expect(await backfillSearchKeys({ all: true })).toBeGreaterThanOrEqual(2);
    expect((await writeVersions('users')).users).toBe(before + 1);
    expect(await names('whit')).toEqual(['Jo Whitfield']);
  });

  it('find bookings by the start of a postcode or by their customer', async () => {
    expect(await board('ec1a')).toEqual(['EC1A1BB']);
    expect(await board('SW1A 1')).toEqual(['SW1A1AA']);
    expect(await board('okafor')).toEqual(['SW1A1AA']);
    expect(await board(sam.email)).toEqual(['SW1A1AA']);
  });

  it('are planned on indexes', async () => {
    const plan = async (model: mongoose.Model<never>, filter: Record<string, unknown>) => JSON.stringify(await model.find(filter as never).explain());
    expect(await plan(User as never, customerSearchFilter('smi okafor'))).toContain('search_keys_1');
    expect(await plan(Booking as never, { postcode: /^EC1A/ })).toContain('postcode_1');
  });
});
