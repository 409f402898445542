// One rule for reviewing any submission of hours, a booking's or a visit's: nobody approves or queries
// their own (an admin who also cleans), a second admin can; the approval and the query are dated by
// the server's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OFFICE_MSG } from '@shared/messages-office';
import { AuditLog } from '../../api/src/models/AuditLog';
import { Booking } from '../../api/src/models/Booking';
import { Visit } from '../../api/src/models/Visit';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let ada: TestEmployee;
let bob: TestEmployee;
let customer: { id: string; };
const DAY = 86_400_000;

beforeAll(async () => {
  v = await startVisitsServer();
  ada = await makeEmployee(v.s, { role: 'admin', name: 'Ada Admin' });
  bob = await makeEmployee(v.s, { role: 'admin', name: 'Bob Admin' });
  customer = await makeCustomer(v.s);
});
afterAll(async () => {
  await v?.s.close();
});

const post = (path: string, token: string, json?: unknown) => v.s.call('POST', path, { token, json });
/** `at` is within a minute of the server's clock moved by `offset`. */
const nearClock = (at: Date | null | undefined, offset: number) => Math.abs((at?.getTime() ?? 0) - (Date.now() + offset)) < 60_000;

/** A plan's later visit, worked and submitted by `cleaner` (a visit's own timesheet row). */
async function submittedVisit(cleaner: TestEmployee, hours: number) {
  const plan = await makeBooking(customer.id, { status: 'accepted', accepted_by: cleaner.id });
  const start = new Date(Date.now() - 3 * DAY);
  const visit = await Visit.create({
    plan,
    user: customer.id,
    slot: '2026-01-05',
    start,
    day: '2026-01-05',
    employee: cleaner.id,
    state: 'completed',
    work_submitted: true,
    submitted_work_hours: hours,
    submitted_at: start,
    timesheet_status: 'submitted',
  });
  return String(visit._id);
}

describe('an admin and their own hours on a visit', () => {
  it('approving or querying them is refused, nothing changes; a second admin approves on the server clock', async () => {
    const id = await submittedVisit(ada, 8);
    const approve = await post(`/api/admin/timesheets/${id}/approve`, ada.token);
    expect([approve.status, approve.body.message]).toEqual([403, OFFICE_MSG.ownTimesheet]);
    const query = await post(`/api/admin/timesheets/${id}/query`, ada.token, { message: 'Really?' });
    expect([query.status, query.body.message]).toEqual([403, OFFICE_MSG.ownTimesheet]);
    expect((await Visit.findById(id).lean())?.timesheet_status).toBe('submitted');
    expect(await AuditLog.countDocuments({ 'target.id': id, action: /^timesheet\./ })).toBe(0);

    await v.setOffset(5 * DAY);
    const other = await post(`/api/admin/timesheets/${id}/approve`, bob.token);
    expect(other.status).toBe(200);
    expect(other.body.timesheet).toMatchObject({ status: 'approved', work_hours: 8, visit_id: id });
    expect(nearClock((await Visit.findById(id).lean())?.approved_at, 5 * DAY)).toBe(true);
    await v.setOffset(0);
  });

  it('a query of someone else’s visit hours is dated by the server clock', async () => {
    const id = await submittedVisit(bob, 3);
    await v.setOffset(2 * DAY);
    expect((await post(`/api/admin/timesheets/${id}/query`, ada.token, { message: 'Which rooms?' })).status).toBe(200);
    expect(nearClock((await Visit.findById(id).lean())?.timesheet_query?.at, 2 * DAY)).toBe(true);
    await v.setOffset(0);
  });
});

describe('a booking’s hours', () => {
  it('are approved on the server clock', async () => {
    const id = await makeBooking(customer.id, {
      status: 'completed',
      accepted_by: bob.id,
      work_submitted: true,
      submitted_work_hours: 2,
      submitted_at: new Date(),
      timesheet_status: 'submitted',
    });
    await v.setOffset(4 * DAY);
    expect((await post(`/api/admin/timesheets/${id}/approve`, ada.token)).status).toBe(200);
    expect(nearClock((await Booking.findById(id).lean())?.approved_at, 4 * DAY)).toBe(true);
    await v.setOffset(0);
  });
});
