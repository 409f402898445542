// The office figures are kept between writes (per write version); the two figures of "now" must still
// move without any booking write: a request passing 24 h of waiting as time goes by, and a new or
// handled inbox item (the inbox's own version).
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let clockFile: string;

beforeAll(async () => {
  clockFile = path.join(await mkdtemp(path.join(tmpdir(), 'figures-live-')), 'clock');
  await writeFile(clockFile, '0');
  srv = await startTestServer({ BCRYPT_COST: '4', TEST_CLOCK_FILE: clockFile });
  admin = await makeEmployee(srv, { role: 'admin' });
});
afterAll(async () => {
  await srv?.close();
});

const stats = async () => {
  const res = await srv.call('GET', '/api/admin/stats', { token: admin.token });
  expect(res.status).toBe(200);
  return res.body.stats as { waiting_over_24h: number; inbox_new: { contact: number; total: number; }; };
};

describe('the office figures of now', () => {
  it('count a request once it has waited 24 h, and inbox items as they come and go, with no booking written', async () => {
    const id = await makeBooking((await makeCustomer(srv)).id);
    // Requested 23 h 59 min ago (written under the model, before the figures were first asked for).
    await Booking.collection.updateOne({ _id: (await Booking.findById(id, { _id: 1 }).lean())!._id }, {
      $set: { created_at: new Date(Date.now() - 24 * 3600_000 + 60_000) },
    });
    const before = await stats();
    expect((await stats()).waiting_over_24h).toBe(before.waiting_over_24h);
    await writeFile(clockFile, String(120_000));
    expect((await stats()).waiting_over_24h).toBe(before.waiting_over_24h + 1);

    const sent = await srv.call('POST', '/api/contact', { json: { name: 'Connie Contact', email: 'connie@example.com', message: 'Do you clean windows?' } });
    expect(sent.status).toBeLessThan(300);
    const withMessage = await stats();
    expect(withMessage.inbox_new.contact).toBe(before.inbox_new.contact + 1);
    const list = await srv.call('GET', '/api/admin/inbox?kind=contact&status=new', { token: admin.token });
    const item = list.body.items[0] as { id: string; };
    expect((await srv.call('PATCH', `/api/admin/inbox/contact/${item.id}`, { token: admin.token, json: { status: 'handled' } })).status).toBe(200);
    expect((await stats()).inbox_new.contact).toBe(before.inbox_new.contact);
  }, 60_000);

  it('keep what they counted for reloads answered out of their order, and only for the instants it holds', async () => {
    const base = Date.now();
    const id = await makeBooking((await makeCustomer(srv)).id);
    // Reaches 24 h of waiting 10 minutes from the clock's start.
    await Booking.collection.updateOne({ _id: (await Booking.findById(id, { _id: 1 }).lean())!._id }, {
      $set: { created_at: new Date(base - 24 * 3600_000 + 600_000) },
    });
    await stats(); // a booking write moved the version: counted again here
    await writeFile(clockFile, String(900_000));
    const late = await stats();
    const counts = [vi.spyOn(Booking, 'countDocuments'), vi.spyOn(ContactMessage, 'countDocuments')];
    try {
      // A reload whose instant is earlier than the kept count's (as one started before another finishes
      // after it), still after the request passed 24 h: nothing to count again.
      await writeFile(clockFile, String(800_000));
      expect((await stats()).waiting_over_24h).toBe(late.waiting_over_24h);
      for (const c of counts) expect(c).not.toHaveBeenCalled();
      // Before it passed 24 h, the kept count does not hold: it is counted again, one fewer.
      await writeFile(clockFile, String(300_000));
      expect((await stats()).waiting_over_24h).toBe(late.waiting_over_24h - 1);
      expect(counts[0]).toHaveBeenCalled();
    } finally {
      for (const c of counts) c.mockRestore();
      await writeFile(clockFile, '0');
    }
  }, 60_000);
});
