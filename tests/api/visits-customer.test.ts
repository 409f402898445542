// The customer's plan and visits: the booking with its plan and next 8 visits, the visits list (paged,
// bounded window), skip and move until the cut-off (server test clock), pause / resume / end, a new
// regular time for this and following visits, the cleaner's mail, and the race rule per visit.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { VISIT_MSG } from '@shared/messages-api';
import { addDays } from '@shared/visits';
import { londonDateAndTime, londonWallTime } from '@shared/when';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { generateAll } from '../../api/src/services/plans/visits-generate';
import { makeCustomer } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
beforeAll(async () => {
  v = await startVisitsServer();
});
beforeEach(async () => {
  await v.setOffset(0);
  p = await acceptedPlan(v.s, { date: dayAhead(3) });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

const call = (method: string, url: string, json?: unknown, token = p.customer.token, headers?: Record<string, string>) =>
  v.s.call(method, url, { token, json, headers });
const visitsOf = async () => (await Visit.find({ plan: p.bookingId }).sort({ slot: 1 }).lean()).map((x) => ({ ...x, id: String(x._id) }));
const regenerate = () => generateAll(v.s.deps.clock.now(), v.s.deps.config.visitHorizonDays);

describe('the customer sees their plan and visits', () => {
  it('GET /api/user/bookings/{id}: the plan and its next 8 visits, starts with their UTC offset', async () => {
    const res = await call('GET', `/api/user/bookings/${p.bookingId}`);
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ frequency: 'weekly', state: 'active', paused_until: null, ends_on: null, cleaner_first_name: 'Cleo', time: '09:00' });
    expect(res.body.visits).toHaveLength(8);
    expect(res.body.visits[0]).toMatchObject({
      booking_id: p.bookingId,
      state: 'scheduled',
      cleaner_first_name: 'Cleo',
      reference: res.body.booking.reference,
    });
    expect(res.body.visits[0].start).toMatch(new RegExp(`^${dayAhead(3)}T09:00:00\\+0[01]:00$`));
    const other = await makeCustomer(v.s);
    expect((await call('GET', `/api/user/bookings/${p.bookingId}`, undefined, other.token)).status).toBe(404);
  });

  it('GET /api/user/visits: a window of dates, paged; longer windows and bad input are refused', async () => {
    const res = await call('GET', `/api/user/visits?from=${dayAhead(0)}&to=${dayAhead(30)}&limit=2&page=2`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 2, limit: 2, total: 4, pages: 2 }); // days 3, 10, 17, 24
    expect(res.body.visits.map((x: { start: string; }) => x.start.slice(0, 10))).toEqual([dayAhead(17), dayAhead(24)]);
    for (
      const q of [
        `from=${dayAhead(0)}&to=${dayAhead(93)}`,
        `from=${dayAhead(5)}&to=${dayAhead(1)}`,
        'from=2027-02-30',
        'limit=101',
        'from=' + 'x'.repeat(5000),
        'sort=start',
      ]
    ) {
      expect((await call('GET', `/api/user/visits?${q}`)).status, q).toBe(400);
    }
  });
});

describe('skip and move one visit', () => {
  it('skip: the visit is skipped, the cleaner mailed, regeneration leaves it skipped; not twice, not someone else’s', async () => {
    const [, second] = await visitsOf();
    const seen = v.s.mail.mails.length;
    const res = await call('POST', `/api/user/visits/${second.id}/skip`);
    expect(res.status).toBe(200);
    expect(res.body.visit.state).toBe('skipped');
    expect((await v.s.mail.waitFor(p.cleaner.email, { subject: /Change to your visits/, after: seen })).text).toContain('skipped');
    await Plan.updateOne({ _id: p.bookingId }, { $set: { generated_through: '' } });
    await regenerate();
    expect((await Visit.findById(second.id).lean())?.state).toBe('skipped');
    expect(await Visit.countDocuments({ plan: p.bookingId, slot: second.slot })).toBe(1);
    expect((await call('POST', `/api/user/visits/${second.id}/skip`)).status).toBe(409);
    const other = await makeCustomer(v.s);
    expect((await call('POST', `/api/user/visits/${(await visitsOf())[2].id}/skip`, undefined, other.token)).status).toBe(404);
  });

  it('move: not into the past (400), not onto another visit’s day (409); otherwise moved and kept by regeneration', async () => {
    const [first, second] = await visitsOf();
    expect((await call('POST', `/api/user/visits/${second.id}/move`, { start: `${dayAhead(-1)}T09:00` })).status).toBe(400);
    const clash = await call('POST', `/api/user/visits/${second.id}/move`, { start: `${first.slot}T15:00` });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toBe(VISIT_MSG.moveSameDay);
    expect((await Visit.findById(second.id).lean())?.start).toEqual(second.start);
    const to = addDays(second.slot, 2);
    const moved = await call('POST', `/api/user/visits/${second.id}/move`, { start: `${to}T14:30` });
    expect(moved.status).toBe(200);
    expect(moved.body.visit.start).toMatch(new RegExp(`^${to}T14:30:00\\+0[01]:00$`));
    await Plan.updateOne({ _id: p.bookingId }, { $set: { generated_through: '' } });
    await regenerate();
    expect(await Visit.countDocuments({ plan: p.bookingId, slot: second.slot })).toBe(1);
    expect(londonDateAndTime((await Visit.findById(second.id).lean())!.start)).toEqual({ date: to, time: '14:30' });
  });

  it('the change cut-off: free until 18:00 London the day before; after it 409 naming the charge, nothing changed, until the charge is accepted', async () => {
    const [first] = await visitsOf();
    // An £80 visit: late, half of it (LATE_CHANGE_CHARGE_PERCENT 50), the cleaner's share half of that.
    await Visit.updateOne({ _id: first.id }, { $set: { price_pence: 8000 } });
    const dayBefore = addDays(first.slot, -1);
    await v.setOffset(londonWallTime(dayBefore, '18:01')! - Date.now());
    const late = await call('POST', `/api/user/visits/${first.id}/skip`);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ charge_pence: 4000, errorType: 'late_change_charge' });
    expect(late.body.message).toContain('£40');
    expect((await Visit.findById(first.id).lean())?.state).toBe('scheduled');
    const charged = await call('POST', `/api/user/visits/${first.id}/skip`, { accept_charge: true });
    expect(charged.status).toBe(200);
    expect(charged.body.visit).toMatchObject({ state: 'skipped', price_pence: 8000, late_charge_pence: 4000 });
    expect(await Visit.findById(first.id).lean()).toMatchObject({ late_charge_pence: 4000, late_charge_cleaner_pence: 2000 });
    await v.setOffset(0);
  });

  it('before the cut-off a skip is free (no charge recorded)', async () => {
    const [, , , fourth] = await visitsOf();
    await v.setOffset(londonWallTime(addDays(fourth.slot, -1), '17:58')! - Date.now());
    const free = await call('POST', `/api/user/visits/${fourth.id}/skip`);
    expect(free.status).toBe(200);
    expect(free.body.visit.late_charge_pence).toBeUndefined();
    await v.setOffset(0);
  });

  it('the race rule per visit: of a skip and a move at the same moment exactly one wins, the other gets 409', async () => {
    const [, , third] = await visitsOf();
    const answers = await Promise.all([
      call('POST', `/api/user/visits/${third.id}/skip`),
      call('POST', `/api/user/visits/${third.id}/move`, { start: `${addDays(third.slot, 1)}T10:00` }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const after = await Visit.findById(third.id).lean();
    expect(after!.version).toBe(1);
    expect(after!.state === 'skipped' ? answers[0].status : answers[1].status).toBe(200);
  });

  it('two visits moved at the same moment onto one free day: one wins, the other gets the same-day 409', async () => {
    const [, , third, fourth] = await visitsOf();
    const day = addDays(third.slot, 2);
    const answers = await Promise.all([third, fourth].map((x) => call('POST', `/api/user/visits/${x.id}/move`, { start: `${day}T11:00` })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)!.body.message).toBe(VISIT_MSG.moveSameDay);
    expect(await Visit.countDocuments({ plan: p.bookingId, day })).toBe(1);
    // Either may win the race; the loser is the one still on its own day.
    const loser = answers[0].status === 409 ? third : fourth;
    // The database itself refuses a second scheduled visit on a day (whatever writes it); a skipped one may share it.
    await expect(Visit.updateOne({ _id: loser.id }, { $set: { day, state: 'scheduled' } })).rejects.toMatchObject({ code: 11000 });
    const skipped = await Visit.updateOne({ _id: loser.id }, { $set: { day, state: 'skipped' } });
    expect(skipped.modifiedCount).toBe(1);
  });

  it('a repeated Idempotency-Key replays the first answer (an outbox retry)', async () => {
    const [, second] = await visitsOf();
    const headers = { 'Idempotency-Key': `skip-${second.id}` };
    const a = await call('POST', `/api/user/visits/${second.id}/skip`, undefined, p.customer.token, headers);
    const b = await call('POST', `/api/user/visits/${second.id}/skip`, undefined, p.customer.token, headers);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers.get('Idempotent-Replayed')).toBe('true');
  });
});

describe('the plan: pause, resume, end, a new regular time', () => {
  it('pause removes the visits of the period; resume brings them back; the cleaner is told each time', async () => {
    const before = await visitsOf();
    const seen = v.s.mail.mails.length;
    const res = await call('POST', `/api/user/bookings/${p.bookingId}/pause`, { from: before[1].slot, until: before[2].slot });
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ state: 'paused', paused_from: before[1].slot, paused_until: before[2].slot });
    expect((await visitsOf()).map((x) => x.slot)).not.toContain(before[1].slot);
    await regenerate();
    expect(await Visit.countDocuments({ plan: p.bookingId, slot: { $in: [before[1].slot, before[2].slot] } })).toBe(0);
    await v.s.mail.waitFor(p.cleaner.email, { subject: /Change to your visits/, after: seen });
    expect((await call('POST', `/api/user/bookings/${p.bookingId}/pause`, { from: dayAhead(-3), until: dayAhead(1) })).status).toBe(400);

    const resumed = await call('POST', `/api/user/bookings/${p.bookingId}/resume`);
    expect(resumed.status).toBe(200);
    expect(resumed.body.plan.state).toBe('active');
    expect((await visitsOf()).map((x) => x.slot)).toEqual(before.map((x) => x.slot));
    expect((await call('POST', `/api/user/bookings/${p.bookingId}/resume`)).status).toBe(409);
  });

  it('end from a date: later visits removed, none generated again', async () => {
    const before = await visitsOf();
    const res = await call('POST', `/api/user/bookings/${p.bookingId}/end`, { from: before[3].slot });
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ state: 'ended', ends_on: before[3].slot });
    await Plan.updateOne({ _id: p.bookingId }, { $set: { generated_through: '' } });
    await v.setOffset(40 * 86_400_000);
    await regenerate();
    expect((await visitsOf()).map((x) => x.slot)).toEqual(before.slice(0, 3).map((x) => x.slot));
  });

  it('a new regular time from a date: this and following visits at 11:00, earlier ones and a moved one as they were', async () => {
    const before = await visitsOf();
    const movedTo = addDays(before[4].slot, 1);
    expect((await call('POST', `/api/user/visits/${before[4].id}/move`, { start: `${movedTo}T16:00` })).status).toBe(200);
    const res = await call('PATCH', `/api/user/bookings/${p.bookingId}/schedule`, { time: '11:00', from: before[2].slot });
    expect(res.status).toBe(200);
    const after = await visitsOf();
    const times = Object.fromEntries(after.map((x) => [x.slot, londonDateAndTime(x.start)!.time]));
    expect([times[before[0].slot], times[before[1].slot]]).toEqual(['09:00', '09:00']);
    expect([times[before[2].slot], times[before[3].slot], times[before[5].slot]]).toEqual(['11:00', '11:00', '11:00']);
    expect(londonDateAndTime(after.find((x) => x.slot === before[4].slot)!.start)).toEqual({ date: movedTo, time: '16:00' });
    expect(after.length).toBe(before.length);
    // Days too: from then on, Thursdays.
    const days = await call('PATCH', `/api/user/bookings/${p.bookingId}/schedule`, { days: [4], from: before[6].slot });
    expect(days.status).toBe(200);
    expect(days.body.plan.days).toEqual([4]);
    const later = (await visitsOf()).filter((x) => x.slot >= before[6].slot && !x.exception);
    expect(later.length).toBeGreaterThan(3);
    for (const x of later) expect(new Date(`${x.slot}T12:00:00Z`).getUTCDay()).toBe(4);
    expect((await call('PATCH', `/api/user/bookings/${p.bookingId}/schedule`, { from: before[6].slot })).status).toBe(400);
  });
});
