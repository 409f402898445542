// The office's permission matrix: every /api/admin/* route × {no token, customer token, employee,
// admin, super-admin, deactivated admin}. Reads answer 200 for both office roles; writes by callers
// who may not make them change nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { Employee } from '../../api/src/models/Employee';
import { AuditLog } from '../../api/src/models/AuditLog';
import { OFFICE_MSG } from '@shared/messages-office';

let srv: TestServer;
let cast: OfficeCast;
let customer: Awaited<ReturnType<typeof makeCustomer>>;
let bookingId: string;
let staffId: string;

interface Route {
  method: string;
  path: () => string;
  json?: () => unknown;
  /** Status an office role gets (both admin and super-admin). */
  ok: number;
}

const ROUTES: Route[] = [
  { method: 'GET', path: () => '/api/admin/staff', ok: 200 },
  {
    method: 'POST',
    path: () => '/api/admin/staff',
    json: () => ({ name: 'New Person', email: `new-${Math.random().toString(36).slice(2)}@example.com` }),
    ok: 201,
  },
  { method: 'GET', path: () => `/api/admin/staff/${staffId}`, ok: 200 },
  { method: 'PATCH', path: () => `/api/admin/staff/${staffId}`, json: () => ({ area_serves: 'North' }), ok: 200 },
  { method: 'POST', path: () => `/api/admin/staff/${staffId}/invitation`, ok: 409 },
  { method: 'DELETE', path: () => `/api/admin/staff/${staffId}/invitation`, ok: 409 },
  { method: 'GET', path: () => '/api/admin/bookings', ok: 200 },
  { method: 'GET', path: () => `/api/admin/bookings/${bookingId}`, ok: 200 },
  { method: 'POST', path: () => `/api/admin/bookings/${bookingId}/assign`, json: () => ({ employeeId: staffId }), ok: 200 },
  { method: 'POST', path: () => `/api/admin/bookings/${bookingId}/unassign`, ok: 200 },
  { method: 'POST', path: () => `/api/admin/bookings/${bookingId}/cancel`, json: () => ({ reason: 'Duplicate request' }), ok: 200 },
  { method: 'GET', path: () => '/api/admin/customers', ok: 200 },
  { method: 'GET', path: () => `/api/admin/customers/${customer.id}`, ok: 200 },
  { method: 'PATCH', path: () => `/api/admin/customers/${customer.id}`, json: () => ({ blocked: false }), ok: 200 },
  { method: 'GET', path: () => '/api/admin/audit', ok: 200 },
];

beforeAll(async () => {
  srv = await startTestServer();
  cast = await officeCast(srv);
  customer = await makeCustomer(srv);
  staffId = (await makeEmployee(srv, { name: 'Target Cleaner' })).id;
});
afterAll(async () => {
  await srv?.close();
});

/** Everything the office can change, to prove a refused call changed nothing. */
async function stateOf() {
  const [bookings, users, staff, audit] = await Promise.all([
    Booking.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
    User.find({}, { updated_at: 0 }).sort({ _id: 1 }).lean(),
    Employee.find({}, { updated_at: 0, last_login: 0 }).sort({ _id: 1 }).lean(),
    AuditLog.countDocuments(),
  ]);
  return JSON.stringify({ bookings, users, staff, audit });
}

describe.each(ROUTES)('$method $path', (route) => {
  const call = (token?: string) => srv.call(route.method, route.path(), { token, json: route.json?.() });

  beforeAll(async () => {
    // A fresh pending booking each time, so assign / unassign / cancel each meet the state they need.
    bookingId = await makeBooking(customer.id);
    if (route.path().endsWith('/unassign')) {
      await Booking.updateOne({ _id: bookingId }, { $set: { status: 'accepted', accepted_by: staffId, accepted_at: new Date() } });
    }
  });

  it('no token → 401, nothing changes', async () => {
    const before = await stateOf();
    const res = await call();
    expect([res.status, res.body.success]).toEqual([401, false]);
    expect(await stateOf()).toBe(before);
  });

  it('customer token → 401, nothing changes', async () => {
    const before = await stateOf();
    expect((await call(customer.token)).status).toBe(401);
    expect(await stateOf()).toBe(before);
  });

  it('employee → 403, nothing changes', async () => {
    const before = await stateOf();
    const res = await call(cast.employee.token);
    expect([res.status, res.body.message]).toEqual([403, OFFICE_MSG.officeOnly]);
    expect(await stateOf()).toBe(before);
  });

  it('deactivated admin → 401, nothing changes', async () => {
    const before = await stateOf();
    expect((await call(cast.deactivatedAdmin.token)).status).toBe(401);
    expect(await stateOf()).toBe(before);
  });

  it(`admin → ${route.ok}`, async () => {
    const res = await call(cast.admin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(route.ok);
    expect(res.body.success).toBe(route.ok < 300);
  });

  it(`super-admin → ${route.ok}`, async () => {
    // Put the booking back in the state the route needs after the admin's call moved it.
    if (route.path().includes('/bookings/') && route.method === 'POST') {
      const unassign = route.path().endsWith('/unassign');
      await Booking.updateOne(
        { _id: bookingId },
        unassign
          ? { $set: { status: 'accepted', accepted_by: staffId, accepted_at: new Date() } }
          : { $set: { status: 'pending' }, $unset: { accepted_by: 1, accepted_at: 1 } },
      );
    }
    const res = await call(cast.superAdmin.token);
    expect(res.status, JSON.stringify(res.body)).toBe(route.ok);
  });
});

describe('unknown admin paths', () => {
  it('answer 404 for an office member and 401 without a token', async () => {
    expect((await srv.call('GET', '/api/admin/nothing-here', { token: cast.admin.token })).status).toBe(404);
    expect((await srv.call('GET', '/api/admin/staff')).status).toBe(401);
  });
});
