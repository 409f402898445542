// The office's lists are kept per write version (services/office/kept-lists.ts): a repeat reads no
// collection, and every kind of write that changes a page shows in the very next answer — through the
// API, through a model, from another instance (its own connection), and a moved clock.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Employee } from '../../api/src/models/Employee';
import { User } from '../../api/src/models/User';
import { recordAudit } from '../../api/src/services/office/audit';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let clockFile: string;

beforeAll(async () => {
  clockFile = path.join(await mkdtemp(path.join(tmpdir(), 'kept-lists-')), 'clock');
  await writeFile(clockFile, '0');
  srv = await startTestServer({ BCRYPT_COST: '4', TEST_CLOCK_FILE: clockFile });
  admin = await makeEmployee(srv, { name: 'Ada Admin', role: 'admin' });
});
afterAll(async () => {
  await srv?.close();
});

type Body = Record<string, any>;
const get = async (url: string): Promise<Body> => {
  const res = await srv.call('GET', url, { token: admin.token });
  expect(res.status).toBe(200);
  return res.body as Body;
};

/** The answer twice: the second is the same and reads nothing through `model`'s find. */
async function repeatReadsNothing(url: string, model: unknown): Promise<Body> {
  const first = await get(url);
  const reads = vi.spyOn(model as { find: (...a: unknown[]) => unknown; }, 'find');
  try {
    expect(await get(url)).toEqual(first);
    expect(reads).not.toHaveBeenCalled();
  } finally {
    reads.mockRestore();
  }
  return first;
}

describe('office lists kept per write version', () => {
  it('customers: a repeat reads no customer; a rename, a new booking and a block show next', async () => {
    const c = await makeCustomer(srv, { name: 'Kept Customer' });
    const url = '/api/admin/customers?q=Kept';
    const row = async () => (await get(url)).customers.find((x: Body) => x.id === c.id);
    expect((await repeatReadsNothing(url, User)).customers.map((x: Body) => x.id)).toContain(c.id);
    expect(await row()).toMatchObject({ bookings: 0, blocked: false });
    await makeBooking(c.id);
    expect(await row()).toMatchObject({ bookings: 1 });
    await User.updateOne({ _id: c.id }, { $set: { name: 'Kept Renamed' } });
    expect(await row()).toMatchObject({ name: 'Kept Renamed' });
    expect((await srv.call('PATCH', `/api/admin/customers/${c.id}`, { token: admin.token, json: { blocked: true } })).status).toBe(200);
    expect(await row()).toMatchObject({ blocked: true });
  });

  it("board: a status change, a cleaner's new name and a request passing 24 h on the moved clock show next", async () => {
    const c = await makeCustomer(srv, { name: 'Board Keeper' });
    const id = await makeBooking(c.id);
    const url = `/api/admin/bookings?q=${encodeURIComponent('Board Keeper')}`;
    const row = async () => (await get(url)).bookings.find((x: Body) => x.id === id);
    await repeatReadsNothing(url, Booking);
    expect(await row()).toMatchObject({ status: 'pending', waiting: false });
    // 24 h and 2 min later on the server's clock: no write, yet the row now waits.
    await writeFile(clockFile, String(24 * 3600_000 + 120_000));
    expect(await row()).toMatchObject({ waiting: true });
    const cleaner = await makeEmployee(srv, { name: 'Bea Before' });
    await Booking.updateOne({ _id: id }, { $set: { status: 'accepted', accepted_by: cleaner.id, accepted_at: new Date() } });
    expect(await row()).toMatchObject({ status: 'accepted', employee: { name: 'Bea Before' } });
    await Employee.updateOne({ _id: cleaner.id }, { $set: { name: 'Bea After' } });
    expect(await row()).toMatchObject({ employee: { name: 'Bea After' } });
  });

  it('audit: a new entry shows next', async () => {
    const url = '/api/admin/audit?type=booking';
    const before = await repeatReadsNothing(url, AuditLog);
    await recordAudit({
      actor: { id: admin.id, name: admin.name, email: admin.email, role: 'admin' },
      action: 'booking.cancel',
      target: { type: 'booking', id: 'kept-audit', label: 'SC-KEPT' },
      after: { status: 'rejected' },
    });
    const after = await get(url);
    expect(after.entries[0]).toMatchObject({ target: { id: 'kept-audit' } });
    expect(after.total).toBe(before.total + 1);
  });

  it('inbox: a new message and its opening show next', async () => {
    const url = '/api/admin/inbox?kind=contact';
    const before = await repeatReadsNothing(url, ContactMessage);
    const sent = await srv.call('POST', '/api/contact', { json: { name: 'Ivy Inbox', email: 'ivy@example.com', message: 'Is the inbox kept per version?' } });
    expect(sent.status).toBeLessThan(300);
    const after = await get(url);
    expect(after.total).toBe(before.total + 1);
    const item = after.items.find((x: Body) => x.name === 'Ivy Inbox');
    expect(item).toBeDefined();
    expect((await srv.call('PATCH', `/api/admin/inbox/contact/${item.id}`, { token: admin.token, json: { status: 'handled' } })).status).toBe(200);
    expect((await get(url)).items.find((x: Body) => x.id === item.id)).toMatchObject({ status: 'handled' });
  });

  it('timesheets: hours submitted through the model, and by another instance, show next', async () => {
    const cleaner = await makeEmployee(srv, { name: 'Tess Timesheet' });
    const c = await makeCustomer(srv);
    const at = new Date();
    const url = `/api/admin/timesheets?employee=${cleaner.id}`;
    const first = await get(url);
    expect(first.total).toBe(0);
    const a = await makeBooking(c.id, {
      status: 'completed',
      accepted_by: cleaner.id,
      accepted_at: at,
      work_submitted: true,
      submitted_work_hours: 3,
      submitted_at: at,
    });
    const second = await get(url);
    expect(second.total).toBe(1);
    expect(second.timesheets[0]).toMatchObject({ work_hours: 3 });
    // Another instance: its own connection writes the row and moves the version, as its models would.
    const uri = (mongoose.connection as unknown as { _connectionString: string; })._connectionString;
    const other = await mongoose.createConnection(uri).asPromise();
    try {
      await other.db!.collection('bookings').updateOne({ _id: new mongoose.Types.ObjectId(a) }, { $set: { submitted_work_hours: 4 } });
      await other.db!.collection<{ _id: string; v: number; }>('write_versions').updateOne({ _id: 'bookings' }, { $inc: { v: 1 } }, { upsert: true });
    } finally {
      await other.close();
    }
    expect((await get(url)).timesheets[0]).toMatchObject({ work_hours: 4 });
  });

  it("timesheets: kept while the clock moves within the day (now decides only the default period's last day), new the next day", async () => {
    const cleaner = await makeEmployee(srv, { name: 'Dora Day' });
    const url = `/api/admin/timesheets?employee=${cleaner.id}`;
    const offset = 24 * 3600_000 + 120_000;
    await writeFile(clockFile, String(offset));
    const first = await get(url);
    // Minutes later the same day (the offset's day starts at a whole day's start, at most minutes in).
    const dayStart = Math.floor((Date.now() + offset) / 86_400_000) * 86_400_000;
    const later = Math.min(Date.now() + offset + 180_000, dayStart + 86_400_000 - 60_000) - Date.now();
    await writeFile(clockFile, String(later));
    const reads = vi.spyOn(Booking, 'find');
    try {
      expect(await get(url)).toEqual(first);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    await writeFile(clockFile, String(offset + 86_400_000));
    const next = await get(url);
    expect(next.to).not.toBe(first.to);
  });
});
