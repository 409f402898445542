// The app's own queries, captured while driving its real routes, each answered from an index on the
// engine: mongoose's debug hook records every model call (collection, filter, sort), and each is then
// explained on the same database. Not a conformance file: it always runs on the embedded engine.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeBooking, makeCustomer, makeEmployee } from '../api/employee-fixtures';
import { startTestServer, type TestServer } from '../support/test-server';
import { indexesUsed } from './explain';

interface Captured {
  coll: string;
  method: string;
  filter: Record<string, unknown>;
  sort?: Record<string, unknown>;
}

let srv: TestServer;
const captured: Captured[] = [];
const FILTERED = new Set(['find', 'findOne', 'countDocuments', 'findOneAndUpdate', 'updateOne', 'updateMany', 'deleteOne', 'deleteMany', 'findOneAndDelete']);

beforeAll(async () => {
  srv = await startTestServer({ MONGODB_URI: '' });
});
afterAll(async () => {
  mongoose.set('debug', false);
  await srv?.close();
});

describe("the app's queries", () => {
  it('are each answered from an index on the engine', async () => {
    const emp = await makeEmployee(srv);
    const other = await makeEmployee(srv);
    const cust = await makeCustomer(srv);
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) ids.push(await makeBooking(cust.id));

    mongoose.set('debug', (coll: string, method: string, ...args: unknown[]) => {
      if (!FILTERED.has(method)) return;
      const [filter, ...rest] = args as Record<string, unknown>[];
      const opts = rest.find((o) => o && typeof o === 'object' && 'sort' in o) as { sort?: Record<string, unknown>; } | undefined;
      captured.push({ coll, method, filter: filter ?? {}, sort: opts?.sort });
    });
    const e = { token: emp.token };
    const c = { token: cust.token };
    const ok = async (p: Promise<{ status: number; }>) => expect((await p).status).toBeLessThan(300);
    await ok(srv.call('GET', '/api/blog-posts'));
    await ok(srv.call('GET', '/api/user/bookings', c));
    await ok(srv.call('GET', '/api/user/dashboard', c));
    await ok(srv.call('GET', '/api/user/profile', c));
    await ok(srv.call('GET', '/api/employee/available-bookings', e));
    await ok(srv.call('POST', `/api/employee/bookings/${ids[0]}/accept`, e));
    await ok(srv.call('POST', `/api/employee/bookings/${ids[1]}/decline`, e));
    await ok(srv.call('POST', `/api/employee/bookings/${ids[2]}/accept`, { token: other.token }));
    await ok(srv.call('GET', '/api/employee/my-bookings', e));
    await ok(srv.call('POST', `/api/employee/bookings/${ids[0]}/submit-work`, { ...e, json: { work_hours: 2.5, completion_notes: 'Done' } }));
    await ok(srv.call('GET', '/api/employee/work-submissions', e));
    await ok(srv.call('GET', '/api/employee/stats', e));
    await ok(srv.call('GET', '/api/employee/profile', e));
    await ok(srv.call('GET', '/api/employee/blog-posts', e));
    mongoose.set('debug', false);

    const db = mongoose.connection.db!;
    const report: string[] = [];
    const scans: string[] = [];
    for (const q of captured) {
      if (!Object.keys(q.filter).length && !q.sort) continue; // "everything": nothing to narrow
      const explain = await db.command({ explain: { find: q.coll, filter: q.filter, ...(q.sort ? { sort: q.sort } : {}) } });
      const used = indexesUsed(explain);
      const line = `${q.coll}.${q.method}(${JSON.stringify(q.filter)}${q.sort ? `, sort ${JSON.stringify(q.sort)}` : ''}) → ${used.join(',')}`;
      report.push(line);
      if (used.includes('COLLSCAN')) scans.push(line);
    }
    // The routes above touch bookings, users, employees and blog posts.
    expect([...new Set(captured.map((q) => q.coll))].sort()).toEqual(expect.arrayContaining(['blogposts', 'bookings', 'employees', 'users']));
    expect(captured.filter((q) => q.coll === 'bookings').length).toBeGreaterThanOrEqual(8);
    expect(report.length).toBeGreaterThanOrEqual(10);
    expect(scans, report.join('\n')).toEqual([]);
  });
});
