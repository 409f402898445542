// an admin who also cleans cannot review their own hours (approve or query), a
// second admin can; assigning a booking to oneself from the board is marked on the answer and in the audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MSG } from '@shared/messages-office';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let ada: TestEmployee;
let bob: TestEmployee;
let customer: { id: string; };

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  ada = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
  bob = await makeEmployee(srv, { role: 'admin', name: 'Bob Admin' });
  customer = await makeCustomer(srv);
});
afterAll(async () => {
  await srv?.close();
});

const post = (path: string, token: string, json?: unknown) => srv.call('POST', path, { token, json });

describe('an admin and their own hours', () => {
  it('accept, submit 24 h and approve with one token is refused; query too; a second admin approves', async () => {
    const id = await makeBooking(customer.id, { bestDays: '2020-03-02T09:00', scheduledAt: new Date('2020-03-02T09:00:00Z') });
    expect((await post(`/api/employee/bookings/${id}/accept`, ada.token)).status).toBe(200);
    expect((await post(`/api/employee/bookings/${id}/submit-work`, ada.token, { work_hours: 24, completion_notes: 'All of it' })).status).toBe(200);

    const approve = await post(`/api/admin/timesheets/${id}/approve`, ada.token);
    expect([approve.status, approve.body.message]).toEqual([403, OFFICE_MSG.ownTimesheet]);
    const query = await post(`/api/admin/timesheets/${id}/query`, ada.token, { message: 'Really?' });
    expect([query.status, query.body.message]).toEqual([403, OFFICE_MSG.ownTimesheet]);
    expect((await Booking.findById(id).lean())?.timesheet_status).toBe('submitted');
    expect(await AuditLog.countDocuments({ 'target.id': id, action: /^timesheet\./ })).toBe(0);

    const other = await post(`/api/admin/timesheets/${id}/approve`, bob.token);
    expect(other.status).toBe(200);
    expect(other.body.timesheet).toMatchObject({ status: 'approved', work_hours: 24 });
  });
});

describe('assigning a booking to oneself', () => {
  it('is marked on the answer and in the audit entry; assigning someone else is not', async () => {
    const mine = await makeBooking(customer.id);
    const self = await post(`/api/admin/bookings/${mine}/assign`, ada.token, { employeeId: ada.id });
    expect(self.status).toBe(200);
    expect(self.body.booking).toMatchObject({ employee: { id: ada.id }, self_assigned: true });
    const entry = await AuditLog.findOne({ 'target.id': mine, action: 'booking.assign' }).lean();
    expect(entry?.after).toMatchObject({ accepted_by: ada.id, self_assigned: true });
    expect(entry?.note).toBe(OFFICE_MSG.selfAssignedNote);
    const detail = await srv.call('GET', `/api/admin/bookings/${mine}`, { token: bob.token });
    expect(detail.body.booking.history.map((h: { what: string; }) => h.what).join('\n')).toContain(OFFICE_MSG.selfAssignedNote);

    const theirs = await makeBooking(customer.id);
    const normal = await post(`/api/admin/bookings/${theirs}/assign`, ada.token, { employeeId: bob.id });
    expect(normal.status).toBe(200);
    expect(normal.body.booking.self_assigned).toBeUndefined();
    const plain = await AuditLog.findOne({ 'target.id': theirs, action: 'booking.assign' }).lean();
    expect(plain?.after).not.toHaveProperty('self_assigned');
    expect(plain?.note ?? undefined).toBeUndefined();
  });
});
