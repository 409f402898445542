// Who may call the schedule, time-off, bank-holiday and closed-day routes: every route × {no token,
// customer, cleaner, admin, super-admin, deactivated admin}. Refused calls change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeCustomer, makeEmployee } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';
import { AuditLog } from '../../api/src/models/AuditLog';
import { ClosedDays } from '../../api/src/models/ClosedDays';
import { TimeOff } from '../../api/src/models/TimeOff';
import { Visit } from '../../api/src/models/Visit';
import { Plan } from '../../api/src/models/Plan';
import mongoose from 'mongoose';

let srv: TestServer;
let cast: OfficeCast;
let customerToken: string;
let cleanerId: string;
let requestId = '';
let closedId = '';
const planId = String(new mongoose.Types.ObjectId());
const ahead = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

type Who = 'none' | 'customer' | 'cleaner' | 'admin' | 'super' | 'deactivated';
interface Route {
  method: string;
  path: () => string;
  json?: () => unknown;
  /** Status per caller; unlisted callers get 401 (no/customer token) or 403 (cleaner, deactivated admin). */
  ok: Partial<Record<Who, number>>;
  /** Prepares what the call needs (a fresh request, a closed day). */
  before?: () => Promise<void>;
}

const freshRequest = async () => {
  requestId = String((await TimeOff.create({ employee: cleanerId, from: ahead(30), to: ahead(31) }))._id);
};
const freshClosed = async () => {
  closedId = String((await ClosedDays.create({ from: ahead(60), to: ahead(60), note: 'Closed' }))._id);
};

const OFFICE = { admin: 200, super: 200 };
const ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/admin/schedule', ok: OFFICE },
  { method: 'PATCH', path: () => `/api/admin/plans/${planId}`, json: () => ({ estimated_hours: 3 }), ok: OFFICE },
  { method: 'GET', path: () => '/api/admin/time-off?state=requested', ok: OFFICE },
  { method: 'POST', path: () => `/api/admin/time-off/${requestId}/approve`, ok: OFFICE, before: freshRequest },
  { method: 'POST', path: () => `/api/admin/time-off/${requestId}/decline`, ok: OFFICE, before: freshRequest },
  {
    method: 'POST',
    path: () => `/api/admin/employees/${cleanerId}/time-off`,
    json: () => ({ from: ahead(40), to: ahead(41) }),
    ok: { admin: 201, super: 201 },
  },
  { method: 'GET', path: () => '/api/admin/bank-holidays', ok: OFFICE },
  { method: 'POST', path: () => '/api/admin/bank-holidays/2027-03-29/resolve', json: () => ({ action: 'keep' }), ok: OFFICE },
  { method: 'GET', path: () => '/api/admin/closed-days', ok: OFFICE },
  { method: 'POST', path: () => '/api/admin/closed-days', json: () => ({ from: ahead(50), to: ahead(51), note: 'Training' }), ok: { admin: 403, super: 201 } },
  { method: 'DELETE', path: () => `/api/admin/closed-days/${closedId}`, ok: { admin: 403, super: 200 }, before: freshClosed },
  { method: 'GET', path: () => '/api/employee/time-off', ok: { cleaner: 200, admin: 200, super: 200, deactivated: 401 } },
  {
    method: 'POST',
    path: () => '/api/employee/time-off',
    json: () => ({ from: ahead(20), to: ahead(21) }),
    ok: { cleaner: 201, admin: 201, super: 201, deactivated: 401 },
  },
];

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  cast = await officeCast(srv);
  const customer = await makeCustomer(srv);
  customerToken = customer.token;
  await Plan.create({ _id: planId, user: customer.id, frequency: 'weekly', anchor: ahead(7), time: '09:00' });
  cleanerId = (await makeEmployee(srv, { name: 'Tara Timeoff' })).id;
});
afterAll(async () => {
  await srv?.close();
});

const stateOf = async () =>
  JSON.stringify(
    await Promise.all([
      TimeOff.find({}).sort({ _id: 1 }).lean(),
      ClosedDays.find({}).sort({ _id: 1 }).lean(),
      Plan.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
      Visit.countDocuments(),
      AuditLog.countDocuments(),
    ]),
  );

describe.each(ROUTES)('$method $path', (route) => {
  const token = (who: Who) =>
    ({
      none: undefined,
      customer: customerToken,
      cleaner: cast.employee.token,
      admin: cast.admin.token,
      super: cast.superAdmin.token,
      deactivated: cast.deactivatedAdmin.token,
    })[who];
  const expected = (who: Who) => route.ok[who] ?? (who === 'none' || who === 'customer' || who === 'deactivated' ? 401 : 403);

  it.each(['none', 'customer', 'cleaner', 'deactivated', 'admin', 'super'] as Who[])('%s', async (who) => {
    await route.before?.();
    const before = await stateOf();
    const res = await srv.call(route.method, route.path(), { token: token(who), json: route.json?.() });
    expect(res.status, JSON.stringify(res.body)).toBe(expected(who));
    if (res.status >= 400) expect(await stateOf()).toBe(before);
  });
});
