// Late-change charges: pause, end and a new regular time that remove visits
// past their cut-off are charged by the skip's rule (409 naming the total and the visits until accepted,
// and again when the amount accepted is not the server's); the cleaner's "Couldn't get in"; the
// cleaner's share as a payroll line; and the 14-day rule when a pending booking's date is edited.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { addDays } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { CHARGE_MSG } from '@shared/messages-charges';
import { PRICE_MSG } from '@shared/messages-prices';
import { Visit } from '../../api/src/models/Visit';
import { bookingInput } from '../support/customers';
import { makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
let admin: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  admin = await makeEmployee(v.s, { role: 'admin', name: 'Ada Admin' });
});
beforeEach(async () => {
  await v.setOffset(0);
  p = await acceptedPlan(v.s, { date: dayAhead(3) });
  // £80 a visit: a late change costs £40 (LATE_CHANGE_CHARGE_PERCENT 50), the cleaner's share £20.
  await Visit.updateMany({ plan: p.bookingId }, { $set: { price_pence: 8000 } });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const call = (method: string, url: string, json?: unknown, token = p.customer.token) => v.s.call(method, url, { token, json });
const visitsOf = async () => (await Visit.find({ plan: p.bookingId }).sort({ slot: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));
/** The server's clock just past the first visit's cut-off (18:01 London the day before). */
const pastFirstCutoff = async (first: { slot: string; }) => v.setOffset(londonWallTime(addDays(first.slot, -1), '18:01')! - Date.now());

describe('plan changes that remove visits past their cut-off are charged (item 5.2)', () => {
  it('pause: 409 with the total and the late visit, nothing changed; a different amount is asked again; accepted, the late visit is kept skipped and charged', async () => {
    const [first, second, third] = await visitsOf();
    await pastFirstCutoff(first);
    const body = { from: first.slot, until: second.slot };
    const asked = await call('POST', `/api/user/bookings/${p.bookingId}/pause`, body);
    expect(asked.status).toBe(409);
    expect(asked.body).toMatchObject({ errorType: 'late_change_charge', charge_pence: 4000, visits: [{ id: first.id, charge_pence: 4000 }] });
    expect(asked.body.message).toContain('£40');
    expect((await visitsOf()).map((x) => x.state)).toEqual((await visitsOf()).map(() => 'scheduled'));

    const stale = await call('POST', `/api/user/bookings/${p.bookingId}/pause`, { ...body, accept_charge: true, charge_pence: 3000 });
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ charge_pence: 4000, message: CHARGE_MSG.chargeNotAccepted(4000) });
    expect((await Visit.findById(first.id).lean())!.state).toBe('scheduled');

    const ok = await call('POST', `/api/user/bookings/${p.bookingId}/pause`, { ...body, accept_charge: true, charge_pence: 4000 });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(CHARGE_MSG.planCharged(4000));
    expect(await Visit.findById(first.id).lean()).toMatchObject({ state: 'skipped', late_charge_pence: 4000, late_charge_cleaner_pence: 2000 });
    expect(await Visit.findById(second.id).lean()).toBeNull(); // free: removed as before
    expect((await Visit.findById(third.id).lean())!.state).toBe('scheduled');
    // The customer sees the charge on the visit.
    expect(ok.body.visits.find((x: { id: string; }) => x.id === first.id)).toMatchObject({ state: 'skipped', late_charge_pence: 4000 });
  });

  it('end: the late visit charged, the later ones removed free', async () => {
    const [first, second] = await visitsOf();
    await pastFirstCutoff(first);
    const asked = await call('POST', `/api/user/bookings/${p.bookingId}/end`, { from: first.slot });
    expect([asked.status, asked.body.charge_pence, asked.body.visits.length]).toEqual([409, 4000, 1]);
    const ok = await call('POST', `/api/user/bookings/${p.bookingId}/end`, { from: first.slot, accept_charge: true });
    expect(ok.status).toBe(200);
    expect(ok.body.plan.state).toBe('ended');
    expect(await Visit.findById(first.id).lean()).toMatchObject({ state: 'skipped', late_charge_pence: 4000 });
    expect(await Visit.findById(second.id).lean()).toBeNull();
  });

  it('a new regular time: the late visit it replaces is charged (409 first); two late visits add up', async () => {
    // Daily (Monday–Friday) at 20:00 from a Monday–Thursday: the next visit is the day after, so at 18:30
    // on the first visit's day both cut-offs have passed and neither visit has begun.
    const k = [3, 4, 5, 6, 7].find((d) => [1, 2, 3, 4].includes(new Date(`${dayAhead(d)}T12:00:00Z`).getUTCDay()))!;
    const daily = await acceptedPlan(v.s, { frequency: 'Daily', date: dayAhead(k), time: '20:00' });
    await Visit.updateMany({ plan: daily.bookingId }, { $set: { price_pence: 5000 } });
    const visits = (await Visit.find({ plan: daily.bookingId }).sort({ start: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));
    expect(visits[1].day).toBe(addDays(visits[0].day, 1));
    await v.setOffset(londonWallTime(visits[0].day, '18:30')! - Date.now());
    const body = { time: '13:00', from: visits[0].day };
    const asked = await v.s.call('PATCH', `/api/user/bookings/${daily.bookingId}/schedule`, { token: daily.customer.token, json: body });
    expect(asked.status).toBe(409);
    expect(asked.body.charge_pence).toBe(5000);
    expect(asked.body.visits.map((x: { id: string; }) => x.id).sort()).toEqual([visits[0].id, visits[1].id].sort());
    const ok = await v.s.call('PATCH', `/api/user/bookings/${daily.bookingId}/schedule`, {
      token: daily.customer.token,
      json: { ...body, accept_charge: true, charge_pence: 5000 },
    });
    expect(ok.status).toBe(200);
    const after = await Visit.find({ _id: { $in: [visits[0]._id, visits[1]._id] } }).lean();
    expect(after.map((x) => x.late_charge_pence)).toEqual([2500, 2500]);
    // The third visit (free) takes the new time.
    const third = await Visit.findOne({ plan: daily.bookingId, slot: visits[2].slot }).lean();
    expect(new Date(third!.start).getTime()).toBe(londonWallTime(visits[2].slot, '13:00'));
    expect(third!.late_charge_pence).toBeUndefined();
  });

  it('before any cut-off nothing is charged or asked', async () => {
    const [, second] = await visitsOf();
    const ok = await call('POST', `/api/user/bookings/${p.bookingId}/pause`, { from: second.slot, until: second.slot });
    expect(ok.status).toBe(200);
    expect(ok.body.message).not.toContain('£');
    expect(await Visit.countDocuments({ plan: p.bookingId, late_charge_pence: { $exists: true } })).toBe(0);
  });
});

describe('the cleaner\'s "Couldn\'t get in" (item 5.3)', () => {
  it('own visit, once its time has come, note for the office; charged by the same rule; the customer told once; idempotent', async () => {
    const [first] = await visitsOf();
    const url = `/api/employee/visits/${first.id}/lockout`;
    const early = await call('POST', url, { note: 'Nobody home' }, p.cleaner.token);
    expect([early.status, early.body.message]).toEqual([409, CHARGE_MSG.lockoutTooEarly]);
    await v.setOffset(first.start.getTime() + 10 * 60_000 - Date.now());
    const other = await makeEmployee(v.s, { name: 'Olga Other' });
    expect((await call('POST', url, {}, other.token)).status).toBe(404);
    expect((await call('POST', url, {}, p.customer.token)).status).toBe(401);
    expect((await call('POST', url, { note: 'x'.repeat(501) }, p.cleaner.token)).status).toBe(400);

    const seen = v.s.mail.mails.length;
    const res = await call('POST', url, { note: 'Key safe code did not work' }, p.cleaner.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(CHARGE_MSG.lockoutSent);
    expect(res.body.visit).toMatchObject({ state: 'skipped', late_charge_pence: 4000, lockout_note: 'Key safe code did not work' });
    expect(await Visit.findById(first.id).lean()).toMatchObject({ state: 'skipped', late_charge_pence: 4000, late_charge_cleaner_pence: 2000 });
    const mail = await v.s.mail.waitFor(p.customer.email, { subject: /couldn’t get in/, after: seen });
    expect(mail.text).toContain('£40');

    const again = await call('POST', url, {}, p.cleaner.token);
    expect([again.status, again.body.message]).toEqual([200, CHARGE_MSG.lockoutAlready]);
    await new Promise((r) => setTimeout(r, 200));
    expect(v.s.mail.mails.slice(seen).filter((m) => m.to.includes(p.customer.email) && /couldn’t get in/.test(m.subject))).toHaveLength(1);

    // The office sees it on the visit; the customer sees the charge.
    const office = await v.s.call('GET', `/api/admin/visits?from=${first.day}&to=${first.day}&employee=${p.cleaner.id}`, { token: admin.token });
    expect(office.body.visits[0]).toMatchObject({
      id: first.id,
      state: 'skipped',
      lockout_note: 'Key safe code did not work',
      late_charge_pence: 4000,
      late_charge_cleaner_pence: 2000,
    });
    expect(office.body.visits[0].lockout_at).toBeTruthy();
    const schedule = await v.s.call('GET', `/api/admin/schedule?from=${first.day}&to=${first.day}`, { token: admin.token });
    expect(schedule.body.visits.find((x: { id: string; }) => x.id === first.id)).toMatchObject({ state: 'skipped', locked_out: true, late_charge_pence: 4000 });
    const mine = await call('GET', `/api/user/bookings/${p.bookingId}`);
    expect(mine.body.visits.find((x: { id: string; }) => x.id === first.id)).toMatchObject({ late_charge_pence: 4000 });
    expect(mine.body.late_charge_percent).toBe(50);
  });

  it('a visit no longer scheduled cannot be reported', async () => {
    const [first] = await visitsOf();
    expect((await call('POST', `/api/user/visits/${first.id}/skip`)).status).toBe(200);
    await v.setOffset(first.start.getTime() + 60_000 - Date.now());
    const res = await call('POST', `/api/employee/visits/${first.id}/lockout`, {}, p.cleaner.token);
    expect([res.status, res.body.message]).toEqual([409, CHARGE_MSG.lockoutNotScheduled]);
  });
});

describe("the cleaner's share as a payroll line (item 5.4)", () => {
  it('the CSV has one line per charge share (status names it, pay_pence the share) and the totals a charge_share_pence column', async () => {
    const [first, second] = await visitsOf();
    // A late skip of the first visit and a lockout on the second.
    await pastFirstCutoff(first);
    expect((await call('POST', `/api/user/visits/${first.id}/skip`, { accept_charge: true })).status).toBe(200);
    await v.setOffset(second.start.getTime() + 60_000 - Date.now());
    expect((await call('POST', `/api/employee/visits/${second.id}/lockout`, {}, p.cleaner.token)).status).toBe(200);
    const from = dayAhead(0);
    const to = addDays(second.day, 1);
    const csv = await fetch(`${v.s.url}/api/admin/timesheets.csv?from=${from}&to=${to}&employee=${p.cleaner.id}`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(csv.status).toBe(200);
    const rows = parse(await csv.text(), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0])).toEqual([
      'reference',
      'clean_date',
      'submitted_date',
      'employee',
      'email',
      'postcode',
      'hours',
      'status',
      'pay_rate_pence_per_hour',
      'pay_pence',
      'booking_id',
    ]);
    expect(rows.map((r) => [r.clean_date, r.status, r.hours, r.pay_pence, r.email])).toEqual([
      [first.day, CHARGE_MSG.payLineLateCharge, '0', '2000', p.cleaner.email],
      [second.day, CHARGE_MSG.payLineLockout, '0', '2000', p.cleaner.email],
    ]);
    const totals = await fetch(`${v.s.url}/api/admin/timesheets.csv?from=${from}&to=${to}&employee=${p.cleaner.id}&part=totals`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    const t = parse(await totals.text(), { columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
    expect(t).toEqual([expect.objectContaining({ email: p.cleaner.email, submissions: '0', charge_share_pence: '4000' })]);
    // A review-state filter lists submissions only.
    const approved = await fetch(`${v.s.url}/api/admin/timesheets.csv?from=${from}&to=${to}&employee=${p.cleaner.id}&status=approved`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    });
    expect(parse(await approved.text(), { columns: true, skip_empty_lines: true })).toEqual([]);
  });
});

describe('the 14-day rule when a pending booking’s date is edited (item 5.5)', () => {
  it('moving the first visit before day 15 needs the tick, as the create path does; after day 15 it does not', async () => {
    const customer = await makeCustomer(v.s);
    const made = await v.s.call('POST', '/api/user/bookings', {
      token: customer.token,
      json: bookingInput({ bestDays: `${dayAhead(20)}T10:00`, start_within_14_days: undefined }),
    });
    expect(made.status).toBe(201);
    const id = made.body.booking.id ?? made.body.bookingId;
    const edit = (json: unknown) => v.s.call('PUT', `/api/user/bookings/${id}`, { token: customer.token, json });
    const refused = await edit({ bestDays: `${dayAhead(3)}T10:00` });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.start_within_14_days).toBe(PRICE_MSG.startEarlyRequired);
    expect((await v.s.call('GET', `/api/user/bookings/${id}`, { token: customer.token })).body.booking.bestDays).toBe(`${dayAhead(20)}T10:00`);
    expect((await edit({ bestDays: `${dayAhead(16)}T10:00` })).status).toBe(200);
    const ticked = await edit({ bestDays: `${dayAhead(3)}T10:00`, start_within_14_days: true });
    expect(ticked.status).toBe(200);
    expect(ticked.body.booking.start_within_14_days).toBe(true);
    // The request stands for later edits.
    expect((await edit({ bestDays: `${dayAhead(4)}T10:00` })).status).toBe(200);
  });
});
