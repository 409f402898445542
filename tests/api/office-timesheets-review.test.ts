// Timesheets over real HTTP: a cleaner's submission waits for the office; the office queries it, the
// cleaner sees the question on the booking and corrects the hours, the office approves (both audited)
// and approved hours are locked. The payroll CSV, parsed back with csv-parse, equals the submissions
// and the totals, with formula-like names neutralised. Admins and super-admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let superAdmin: TestEmployee;
let ann: TestEmployee;
let customer: { id: string; token: string; };

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
  superAdmin = await makeEmployee(srv, { role: 'super-admin', name: 'Sam Super' });
  ann = await makeEmployee(srv, { name: 'Ann Cleaner' });
  // A name a spreadsheet would run as a formula, with a comma and a quote to test RFC 4180 quoting.
  await makeEmployee(srv, { name: '=HYPERLINK("x"),Eve' });
  customer = await makeCustomer(srv);
});
afterAll(async () => {
  await srv?.close();
});

/** A booking this cleaner finished, its hours submitted at `at` (written through the model). */
async function submitted(emp: TestEmployee, at: string, hours: number, extra: Record<string, unknown> = {}) {
  return makeBooking(customer.id, {
    status: 'completed',
    accepted_by: emp.id,
    accepted_at: new Date(Date.parse(at) - 86_400_000),
    work_submitted: true,
    submitted_work_hours: hours,
    completion_notes: 'Done',
    submitted_at: new Date(at),
    timesheet_status: 'submitted',
    postcode: 'N17GU',
    ...extra,
  });
}

const get = (path: string, token = admin.token) => srv.call('GET', path, { token });
const post = (path: string, json?: unknown, token = admin.token) => srv.call('POST', path, { token, json });

describe('review: query, correction, approval', () => {
  it('a submitted job waits; the office queries it; the cleaner sees the question and corrects; the office approves', async () => {
    // Booked for a time already past, so the cleaner may submit now.
    const id = await makeBooking(customer.id, { bestDays: '2020-03-02T09:00', scheduledAt: new Date('2020-03-02T09:00:00Z') });
    expect((await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: ann.token })).status).toBe(200);
    expect(
      (await srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: ann.token, json: { work_hours: 3, completion_notes: 'All rooms' } })).status,
    ).toBe(200);
    const today = new Date().toISOString().slice(0, 10);

    const waiting = await get(`/api/admin/timesheets?status=submitted&employee=${ann.id}&from=${today}&to=${today}`);
    expect(waiting.status).toBe(200);
    expect(waiting.body.timesheets).toHaveLength(1);
    expect(waiting.body.timesheets[0]).toMatchObject({
      booking_id: id,
      employee: { id: ann.id, name: 'Ann Cleaner' },
      work_hours: 3,
      completion_notes: 'All rooms',
      status: 'submitted',
    });
    // The customer still sees the spec's status.
    expect((await srv.call('GET', '/api/user/bookings', { token: customer.token })).body.bookings.find((b: { id: string; }) => b.id === id).status).toBe(
      'completed',
    );

    const queried = await post(`/api/admin/timesheets/${id}/query`, { message: 'Was it 3 hours or 2.5?' });
    expect(queried.status).toBe(200);
    expect(queried.body.timesheet).toMatchObject({ status: 'queried', query: { message: 'Was it 3 hours or 2.5?' } });
    const mine = await srv.call('GET', '/api/employee/my-bookings', { token: ann.token });
    const seen = mine.body.bookings.find((b: { id: string; }) => b.id === id);
    expect(seen).toMatchObject({ status: 'completed', timesheet_status: 'queried', office_query: { message: 'Was it 3 hours or 2.5?' } });
    expect(seen.office_query.answered_at).toBeUndefined();

    // Approving while the cleaner answers is decided by state: the correction puts it back to submitted.
    const fix = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: ann.token, json: { work_hours: 2.5 } });
    expect(fix.status).toBe(200);
    expect(fix.body.submission).toMatchObject({ work_hours: 2.5, timesheet_status: 'submitted' });
    expect(fix.body.submission.office_query.answered_at).toBeTruthy();

    const approved = await post(`/api/admin/timesheets/${id}/approve`, undefined, superAdmin.token);
    expect(approved.status).toBe(200);
    expect(approved.body.timesheet).toMatchObject({ status: 'approved', work_hours: 2.5 });
    const after = await srv.call('GET', '/api/employee/my-bookings', { token: ann.token });
    expect(after.body.bookings.find((b: { id: string; }) => b.id === id)).toMatchObject({ status: 'verified', timesheet_status: 'approved' });
    expect((await srv.call('GET', '/api/user/bookings', { token: customer.token })).body.bookings.find((b: { id: string; }) => b.id === id).status).toBe(
      'completed',
    );

    // Approved hours are locked, for the cleaner and for the office.
    const late = await srv.call('PUT', `/api/employee/work-submissions/${id}`, { token: ann.token, json: { work_hours: 4 } });
    expect([late.status, late.body.message]).toEqual([409, 'These hours were approved by the office and can no longer be changed.']);
    expect((await post(`/api/admin/timesheets/${id}/approve`)).status).toBe(409);
    expect((await post(`/api/admin/timesheets/${id}/query`, { message: 'again?' })).status).toBe(409);
    expect((await Booking.findById(id).lean())!.submitted_work_hours).toBe(2.5);

    const audit = await AuditLog.find({ 'target.type': 'timesheet', 'target.id': id }).sort({ at: 1, _id: 1 }).lean();
    expect(audit.map((a) => [a.action, a.actor?.id, (a.before as { status: string; }).status, (a.after as { status: string; }).status])).toEqual([
      ['timesheet.queried', admin.id, 'submitted', 'queried'],
      ['timesheet.approved', superAdmin.id, 'submitted', 'approved'],
    ]);
    expect(audit[0].note).toBe('Was it 3 hours or 2.5?');

    // The review shows on the booking it touched: in its audit and in its history.
    const detail = (await get(`/api/admin/bookings/${id}`)).body.booking;
    expect(detail.audit.map((a: { action: string; }) => a.action)).toEqual(['timesheet.approved', 'timesheet.queried']);
    const told = detail.history.map((h: { what: string; by?: string; }) => [h.what, h.by]);
    expect(told).toContainEqual(['Hours queried by the office: Was it 3 hours or 2.5?', 'Ada Admin']);
    expect(told).toContainEqual(['Hours approved by the office (2.5 h)', 'Sam Super']);
  });

  it('refuses a booking without submitted work, an unknown booking and a blank question, changing nothing', async () => {
    const open = await makeBooking(customer.id);
    const res = await post(`/api/admin/timesheets/${open}/approve`);
    expect([res.status, res.body.message]).toEqual([409, 'No work has been submitted for this booking.']);
    expect((await post('/api/admin/timesheets/0123456789abcdef01234567/approve')).status).toBe(404);
    expect((await post('/api/admin/timesheets/nope/approve')).status).toBe(400);
    const id = await submitted(ann, '2026-01-05T12:00:00Z', 2);
    for (const json of [{}, { message: '   ' }, { message: 'x'.repeat(1001) }, { message: 'ok', extra: 1 }]) {
      expect((await post(`/api/admin/timesheets/${id}/query`, json)).status, JSON.stringify(json)).toBe(400);
    }
    expect((await Booking.findById(id).lean())!.timesheet_status).toBe('submitted');
    expect(await AuditLog.countDocuments({ 'target.id': id })).toBe(0);
  });

  it('every timesheet route is for admins and super-admins only', async () => {
    const id = await submitted(ann, '2026-01-06T12:00:00Z', 1);
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/timesheets'],
      ['GET', '/api/admin/timesheets.csv'],
      ['POST', `/api/admin/timesheets/${id}/query`, { message: 'Please check' }],
      ['POST', `/api/admin/timesheets/${id}/approve`],
    ];
    for (const [method, path, json] of routes) {
      expect((await srv.call(method, path, { json })).status, `${path} no token`).toBe(401);
      expect((await srv.call(method, path, { json, token: customer.token })).status, `${path} customer`).toBe(401);
      expect((await srv.call(method, path, { json, token: ann.token })).status, `${path} cleaner`).toBe(403);
    }
    expect((await Booking.findById(id).lean())!.timesheet_status).toBe('submitted');
    for (const [method, path, json] of routes) {
      expect((await srv.call(method, path, { json, token: method === 'GET' ? superAdmin.token : admin.token })).status, `${path} office`).toBe(200);
    }
  });
});
