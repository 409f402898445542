// The cleaner's visits: their list, hours per visit once its time has come (server test clock), the
// 48 h release rule and the cover job it makes (of two cleaners taking it, one wins), and the booking's
// own submit-work still working for a one-time clean.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VISIT_MSG } from '@shared/messages-api';
import { Booking } from '../../api/src/models/Booking';
import { Visit } from '../../api/src/models/Visit';
import { makeEmployee } from './employee-fixtures';
import { API_MSG } from '@shared/messages-api';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
beforeAll(async () => {
  v = await startVisitsServer();
});
beforeEach(async () => {
  await v.setOffset(0);
  p = await acceptedPlan(v.s, { date: dayAhead(1), name: 'Cleo Cleaner' });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const call = (method: string, url: string, token: string, json?: unknown) => v.s.call(method, url, { token, json });
const visitsOf = async () => (await Visit.find({ plan: p.bookingId }).sort({ slot: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));
const after = (d: Date) => v.setOffset(d.getTime() - Date.now() + 60_000);
const submit = (id: string, token = p.cleaner.token, hours = 2) =>
  call('POST', `/api/employee/visits/${id}/submit-work`, token, { work_hours: hours, completion_notes: 'Done' });

describe('the cleaner’s visits', () => {
  it('GET /api/employee/visits: their visits of a window with when and where; another cleaner sees none of them', async () => {
    const res = await call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(20)}`, p.cleaner.token);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(3);
    expect(res.body.visits[0]).toMatchObject({
      booking_id: p.bookingId,
      state: 'scheduled',
      postcode: 'SW1A1AA',
      address: '1 High Street, London',
      customer_name: 'Carla Customer',
      employee_id: p.cleaner.id,
    });
    // The plan's frequency as asked, its expected duration, and the last moment it may be released (start − 48 h).
    const first = res.body.visits[0];
    expect(first).toMatchObject({ frequency: 'Weekly', expected_hours: expect.any(Number) });
    expect(Date.parse(first.start) - Date.parse(first.release_by)).toBe(48 * 3600_000);
    const other = await makeEmployee(v.s);
    expect((await call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(20)}`, other.token)).body.total).toBe(0);
    expect((await call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(200)}`, p.cleaner.token)).status).toBe(400);
  });

  it('skip 1 of the next 4, hours for the other 3 once each one’s time has come; not early, not twice, not someone else’s', async () => {
    const visits = (await visitsOf()).slice(0, 4);
    expect((await call('POST', `/api/user/visits/${visits[1].id}/skip`, p.customer.token)).status).toBe(200);
    const early = await submit(visits[0].id);
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('once the visit’s time has come');
    await after(visits[3].start);
    const other = await makeEmployee(v.s);
    expect((await submit(visits[0].id, other.token)).status).toBe(404);
    for (const x of [visits[0], visits[2], visits[3]]) {
      const res = await submit(x.id);
      expect(res.status, x.slot).toBe(200);
      expect(res.body.visit).toMatchObject({ state: 'completed', work_hours: 2, timesheet_status: 'submitted' });
    }
    expect((await submit(visits[1].id)).status).toBe(409);
    expect((await submit(visits[2].id)).body.message).toBe(VISIT_MSG.workAlreadySubmitted);
    // The first visit's hours are the booking's (where the booking routes read them); the others the visits'.
    expect(await Booking.findById(p.bookingId).lean()).toMatchObject({ status: 'completed', work_submitted: true, submitted_work_hours: 2 });
    expect(await Visit.countDocuments({ plan: p.bookingId, state: 'completed' })).toBe(3);
  });

  it('release: refused under 48 h ahead; 48 h or more ahead it becomes a cover job, and of two cleaners taking it one wins', async () => {
    const [first, second] = await visitsOf();
    const late = await call('POST', `/api/employee/visits/${first.id}/release`, p.cleaner.token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(VISIT_MSG.releaseTooLate(48));
    // The test clock moves to 47 h before the second visit: still too late.
    await v.setOffset(second.start.getTime() - 47 * 3600_000 - Date.now());
    expect((await call('POST', `/api/employee/visits/${second.id}/release`, p.cleaner.token)).status).toBe(409);
    await v.setOffset(second.start.getTime() - 49 * 3600_000 - Date.now());
    const ok = await call('POST', `/api/employee/visits/${second.id}/release`, p.cleaner.token);
    expect(ok.status).toBe(200);
    expect(ok.body.visit.employee_id).toBeNull();

    const [a, b] = await Promise.all([makeEmployee(v.s, { name: 'Ann' }), makeEmployee(v.s, { name: 'Bob' })]);
    const offered = await call('GET', '/api/employee/available-visits', a.token);
    expect(offered.body.visits.map((x: { id: string; }) => x.id)).toContain(second.id);
    const answers = await Promise.all([
      call('POST', `/api/employee/visits/${second.id}/accept`, a.token),
      call('POST', `/api/employee/visits/${second.id}/accept`, b.token),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? a : b;
    expect(String((await Visit.findById(second.id).lean())?.employee)).toBe(winner.id);
    // The rest of the plan stays the regular cleaner's.
    expect((await visitsOf()).filter((x) => String(x.employee) === p.cleaner.id)).toHaveLength((await visitsOf()).length - 1);
  });

  it('POST /api/employee/bookings/{id}/submit-work keeps working for a one-time clean, and completes its visit', async () => {
    const once = await acceptedPlan(v.s, { frequency: 'One-time clean', date: dayAhead(2) });
    await after((await Visit.findOne({ plan: once.bookingId }).lean())!.start);
    const res = await call('POST', `/api/employee/bookings/${once.bookingId}/submit-work`, once.cleaner.token, { work_hours: 3 });
    expect(res.status).toBe(200);
    expect(await Visit.findOne({ plan: once.bookingId }).lean()).toMatchObject({ state: 'completed', submitted_work_hours: 3 });
    const visitId = String((await Visit.findOne({ plan: once.bookingId }).lean())!._id);
    expect((await submit(visitId, once.cleaner.token)).status).toBe(409);
  });

  it('PUT /api/employee/visits/{id}/work: a queried visit’s hours corrected go back for review; approved ones are locked', async () => {
    const visits = (await visitsOf()).slice(0, 2);
    const admin = await makeEmployee(v.s, { role: 'admin' });
    const fix = (id: string, token = p.cleaner.token, json: unknown = { work_hours: 3.5 }) => call('PUT', `/api/employee/visits/${id}/work`, token, json);
    expect((await fix(visits[1].id)).body.message).toBe(VISIT_MSG.noWorkYet);
    await after(visits[1].start);
    for (const x of visits) expect((await submit(x.id)).status).toBe(200);
    // The timesheet row of the plan's first visit is the booking's.
    for (const id of [p.bookingId, visits[1].id]) {
      expect((await call('POST', `/api/admin/timesheets/${id}/query`, admin.token, { message: 'Was it 3.5 hours?' })).status).toBe(200);
    }
    const other = await makeEmployee(v.s);
    expect((await fix(visits[1].id, other.token)).status).toBe(404);
    expect((await fix(visits[1].id, p.cleaner.token, {})).status).toBe(400);
    const res = await fix(visits[1].id);
    expect(res.status).toBe(200);
    expect(res.body.visit).toMatchObject({ work_hours: 3.5, timesheet_status: 'submitted' });
    expect((await Visit.findById(visits[1].id).lean())?.timesheet_query?.answered_at).toBeInstanceOf(Date);
    // The first visit's submission is the booking's: both say the corrected hours.
    expect((await fix(visits[0].id)).status).toBe(200);
    expect(await Booking.findById(p.bookingId).lean()).toMatchObject({ submitted_work_hours: 3.5, timesheet_status: 'submitted' });
    expect(await Visit.findById(visits[0].id).lean()).toMatchObject({ submitted_work_hours: 3.5, timesheet_status: 'submitted' });
    expect((await call('POST', `/api/admin/timesheets/${visits[1].id}/approve`, admin.token)).status).toBe(200);
    const locked = await fix(visits[1].id, p.cleaner.token, { work_hours: 9 });
    expect(locked.status).toBe(409);
    expect(locked.body.message).toBe(API_MSG.submissionApprovedLocked);
    expect((await Visit.findById(visits[1].id).lean())?.submitted_work_hours).toBe(3.5);
  });
});
