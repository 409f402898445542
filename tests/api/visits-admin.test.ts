// The office's visits: the list (by cleaner, state, cover jobs), one change to a visit or "this and
// following" (move, another cleaner, cancel with a reason), the race rule per visit; and the
// timesheets: skip 1 of the next 4 visits, hours for the other 3 → 3 timesheet rows and 3 CSV lines.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { generateAll } from '../../api/src/services/plans/visits-generate';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
let admin: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  admin = await makeEmployee(v.s, { name: 'Ada Admin', role: 'admin' });
});
beforeEach(async () => {
  await v.setOffset(0);
  p = await acceptedPlan(v.s, { date: dayAhead(3) });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const call = (method: string, url: string, json?: unknown, token = admin.token) => v.s.call(method, url, { token, json });
const visitsOf = async () => (await Visit.find({ plan: p.bookingId }).sort({ slot: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));
const patch = (id: string, json: unknown) => call('PATCH', `/api/admin/visits/${id}`, json);

describe('the office’s visits', () => {
  it('GET /api/admin/visits: a period, one cleaner, one state, the cover jobs; office roles only; bounded', async () => {
    const res = await call('GET', `/api/admin/visits?from=${dayAhead(0)}&to=${dayAhead(30)}&employee=${p.cleaner.id}&state=scheduled&limit=3`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, pages: 2, limit: 3 });
    expect(res.body.visits[0]).toMatchObject({ booking_id: p.bookingId, employee_id: p.cleaner.id, cleaner_first_name: 'Cleo' });
    const [, second] = await visitsOf();
    await Visit.updateOne({ _id: second._id }, { $set: { employee: null, exception: true } });
    const open = await call('GET', `/api/admin/visits?from=${dayAhead(0)}&to=${dayAhead(30)}&state=open`);
    expect(open.body.visits.map((x: { id: string; }) => x.id)).toContain(second.id);
    expect((await call('GET', '/api/admin/visits', undefined, p.cleaner.token)).status).toBe(403);
    expect((await call('GET', `/api/admin/visits?from=${dayAhead(0)}&to=${dayAhead(100)}`)).status).toBe(400);
    expect((await call('GET', '/api/admin/visits?state=lost')).status).toBe(400);
  });

  it('move: this visit only, then this and following (to Thursday 11:00); earlier visits as they were', async () => {
    const before = await visitsOf();
    const one = await patch(before[1].id, { start: `${addDays(before[1].slot, 1)}T08:00`, scope: 'this' });
    expect(one.status).toBe(200);
    expect(londonDateAndTime((await Visit.findById(before[1].id).lean())!.start)).toEqual({ date: addDays(before[1].slot, 1), time: '08:00' });

    const seen = v.s.mail.mails.length;
    const res = await patch(before[3].id, { start: `${addDays(before[3].slot, 2)}T11:00`, scope: 'following' });
    expect(res.status).toBe(200);
    const after = await visitsOf();
    const regular = after.filter((x) => !x.exception);
    for (const x of regular.filter((x) => x.slot >= before[3].slot)) expect(londonDateAndTime(x.start)).toEqual({ date: x.slot, time: '11:00' });
    for (const x of regular.filter((x) => x.slot >= before[3].slot)) {
      expect(x.slot).toBe(addDays(before[3].slot, 2 + 7 * Math.round((Date.parse(x.slot) - Date.parse(addDays(before[3].slot, 2))) / (7 * 86_400_000))));
    }
    expect(after.filter((x) => x.slot < before[3].slot).map((x) => londonDateAndTime(x.start)!.time)).toEqual(['09:00', '08:00', '09:00']);
    await v.s.mail.waitFor(p.cleaner.email, { subject: /Change to your visits/, after: seen });
  });

  it('change the cleaner for this and following: those visits and the plan’s next ones are theirs, earlier ones not', async () => {
    const before = await visitsOf();
    const other = await makeEmployee(v.s, { name: 'Olly Other' });
    const seen = v.s.mail.mails.length;
    const res = await patch(before[2].id, { employee_id: other.id, scope: 'following' });
    expect(res.status).toBe(200);
    const after = await visitsOf();
    expect(after.slice(0, 2).every((x) => String(x.employee) === p.cleaner.id)).toBe(true);
    expect(after.slice(2).every((x) => String(x.employee) === other.id)).toBe(true);
    expect(String((await Plan.findById(p.bookingId).lean())?.employee)).toBe(other.id);
    // Each cleaner is told their own side of it: the new one "now yours" with the address, the old one "no longer yours".
    expect((await v.s.mail.waitFor(other.email, { subject: /^Now yours/, after: seen })).text).toContain('and the visits after it are now yours');
    expect((await v.s.mail.waitFor(p.cleaner.email, { subject: /^No longer yours/, after: seen })).text).toContain('no longer yours');
    expect((await patch(before[1].id, { employee_id: '0123456789abcdef01234567' })).status).toBe(400);
  });

  it('cancel needs a reason; this and following ends the plan: none generated after it', async () => {
    const before = await visitsOf();
    expect((await patch(before[1].id, { state: 'cancelled' })).status).toBe(400);
    expect((await patch(before[1].id, { state: 'cancelled', reason: 'Cleaner ill' })).body.visit).toMatchObject({
      state: 'cancelled',
      cancel_reason: 'Cleaner ill',
    });
    const res = await patch(before[3].id, { state: 'cancelled', reason: 'Customer moved away', scope: 'following' });
    expect(res.status).toBe(200);
    expect(res.body.changed).toBe(before.length - 3);
    await v.setOffset(30 * 86_400_000);
    await generateAll(v.s.deps.clock.now(), v.s.deps.config.visitHorizonDays);
    const after = await visitsOf();
    expect(after.filter((x) => x.state === 'scheduled').map((x) => x.slot)).toEqual([before[0].slot, before[2].slot]);
    expect(after).toHaveLength(before.length);
  });

  it('the race rule per visit: of two office changes at once exactly one wins, the other 409 and changed nothing', async () => {
    const [, second] = await visitsOf();
    const other = await makeEmployee(v.s);
    const answers = await Promise.all([patch(second.id, { employee_id: other.id }), patch(second.id, { state: 'cancelled', reason: 'Closed' })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await Visit.findById(second.id).lean();
    expect(after!.version).toBe(1);
    if (answers[0].status === 200) expect(after).toMatchObject({ state: 'scheduled' });
    else expect(String(after!.employee)).toBe(p.cleaner.id);
  });
});

describe('timesheets: one row per visit', () => {
  it('skip 1 of the next 4, hours for the other 3 → 3 timesheet rows and 3 payroll CSV lines; a visit row is reviewed by its id', async () => {
    const next4 = (await visitsOf()).slice(0, 4);
    expect((await v.s.call('POST', `/api/user/visits/${next4[1].id}/skip`, { token: p.customer.token })).status).toBe(200);
    await v.setOffset(next4[3].start.getTime() - Date.now() + 3600_000);
    for (const x of [next4[0], next4[2], next4[3]]) {
      expect((await v.s.call('POST', `/api/employee/visits/${x.id}/submit-work`, { token: p.cleaner.token, json: { work_hours: 2.5 } })).status).toBe(200);
    }
    const period = `from=${dayAhead(0)}&to=${dayAhead(60)}&employee=${p.cleaner.id}`;
    const list = await call('GET', `/api/admin/timesheets?${period}`);
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(3);
    expect(list.body.timesheets).toHaveLength(3);
    expect(list.body.totals).toEqual([expect.objectContaining({ submissions: 3, hours: 7.5, approved_hours: 0 })]);
    const csv = await call('GET', `/api/admin/timesheets.csv?${period}`);
    expect(csv.status).toBe(200);
    const lines = (csv.body as string).trim().split('\r\n').filter((l) => l.includes(p.bookingId));
    expect(lines).toHaveLength(3);
    // Each line names the visit's own date (the clean) beside the date the hours were sent.
    expect(lines.map((l) => l.split(',')[1]).sort()).toEqual([next4[0], next4[2], next4[3]].map((x) => x.slot).sort());
    // A later visit's row: approved by its own id, the others untouched.
    const visitRow = list.body.timesheets.find((t: { visit_id?: string; }) => t.visit_id === next4[2].id);
    expect(visitRow).toMatchObject({ booking_id: p.bookingId, work_hours: 2.5, status: 'submitted', visit_date: next4[2].slot });
    expect((await call('POST', `/api/admin/timesheets/${next4[2].id}/approve`)).status).toBe(200);
    expect((await Visit.findById(next4[2].id).lean())?.timesheet_status).toBe('approved');
    expect((await call('GET', `/api/admin/timesheets?${period}`)).body.totals[0]).toMatchObject({ hours: 7.5, approved_hours: 2.5 });
  });
});

describe('the board’s moves carry on to the plan', () => {
  it('unassign removes the plan and its scheduled visits; assign (a free-text time needs first_visit) starts one for the new cleaner', async () => {
    expect((await call('POST', `/api/admin/bookings/${p.bookingId}/unassign`)).status).toBe(200);
    expect(await Plan.exists({ _id: p.bookingId })).toBeNull();
    expect(await Visit.countDocuments({ plan: p.bookingId })).toBe(0);
    const other = await makeEmployee(v.s, { name: 'Olly Other' });
    const res = await call('POST', `/api/admin/bookings/${p.bookingId}/assign`, { employeeId: other.id, frequency: 'weeks', interval_weeks: 3 });
    expect(res.status).toBe(200);
    expect(await Plan.findById(p.bookingId).lean()).toMatchObject({ frequency: 'weeks', interval_weeks: 3 });
    const visits = await visitsOf();
    expect(visits.every((x) => String(x.employee) === other.id)).toBe(true);
    expect(addDays(visits[0].slot, 21)).toBe(visits[1].slot);
  });

  it('cancel cancels the scheduled visits with the reason; deactivating the cleaner drops the plan of a returned booking', async () => {
    expect((await call('POST', `/api/admin/bookings/${p.bookingId}/cancel`, { reason: 'Out of area' })).status).toBe(200);
    expect((await visitsOf()).every((x) => x.state === 'cancelled' && x.cancel_reason === 'Out of area')).toBe(true);
    expect((await Plan.findById(p.bookingId).lean())?.state).toBe('ended');

    const q = await acceptedPlan(v.s, { date: dayAhead(4), name: 'Dora Departing' });
    const superAdmin = await makeEmployee(v.s, { role: 'super-admin' });
    expect((await call('PATCH', `/api/admin/staff/${q.cleaner.id}`, { is_active: false }, superAdmin.token)).status).toBe(200);
    expect(await Plan.exists({ _id: q.bookingId })).toBeNull();
    expect(await Visit.countDocuments({ plan: q.bookingId, state: 'scheduled' })).toBe(0);
  });
});
