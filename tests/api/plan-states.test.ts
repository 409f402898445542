// What a booking is now, said the same on every surface (shared/states.ts): the customer's list, the
// office board and the office figures, through each move — requested, accepted (active), its first visit
// done (still active, never "Completed"), paused, ended by the customer, cancelled within 14 days (its
// own state, not the office's `rejected`), declined by the office, and a closed account's plan ended and
// request withdrawn.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import bcrypt from 'bcryptjs';
import { formatDay } from '@shared/when';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { Visit } from '../../api/src/models/Visit';
import { acceptedPlan, dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let v: VisitsServer;
let admin: TestEmployee;
beforeAll(async () => {
  v = await startVisitsServer();
  admin = await makeEmployee(v.s, { role: 'admin', name: 'Ada Office' });
});
afterEach(async () => {
  await v.setOffset(0);
});
afterAll(async () => {
  await v?.s.close();
});

type Row = { id: string; status: string; state: string; state_text: string; ended_by?: string; end_reason?: string; };
const mine = async (token: string, id: string): Promise<Row> => {
  const res = await v.s.call('GET', '/api/user/bookings?limit=100', { token });
  expect(res.status).toBe(200);
  return (res.body.bookings as Row[]).find((b) => b.id === id)!;
};
const board = async (id: string, query = ''): Promise<Row | undefined> => {
  const res = await v.s.call('GET', `/api/admin/bookings?limit=100${query}`, { token: admin.token });
  expect(res.status).toBe(200);
  return (res.body.bookings as Row[]).find((b) => b.id === id);
};
const figures = async () =>
  (await v.s.call('GET', `/api/admin/stats?from=${dayAhead(-7)}&to=${dayAhead(60)}`, { token: admin.token })).body.stats.totals as Record<string, number>;
const nextVisit = async (id: string) => (await Visit.findOne({ plan: id, state: 'scheduled', start: { $gte: new Date() } }).sort({ start: 1 }).lean())!.start;
const day = (d: Date | string) => formatDay(typeof d === 'string' ? `${d}T12:00:00Z` : d);

describe('the states of a booking on every surface', () => {
  it('a weekly plan: requested, active (still after its first visit), paused, then ended by the customer', async () => {
    const customer = await makeCustomer(v.s);
    const cleaner = await makeEmployee(v.s, { name: 'Cara Cleaner' });
    const id = await makeBooking(customer.id, { frequency: 'Weekly', bestDays: `${dayAhead(2)}T09:00` });
    expect(await mine(customer.token, id)).toMatchObject({ state: 'requested', state_text: 'Weekly, requested — waiting for a cleaner' });
    expect(await board(id)).toMatchObject({ state: 'requested' });

    expect((await v.s.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaner.token })).status).toBe(200);
    const first = await nextVisit(id);
    expect(await mine(customer.token, id)).toMatchObject({ status: 'accepted', state: 'active', state_text: `Weekly, active — next visit ${day(first)}` });
    expect(await board(id)).toMatchObject({ state: 'active', state_text: `Weekly, active — next visit ${day(first)}` });

    // Its first visit is cleaned: the booking's stored status moves on, the plan does not read "Completed".
    const [v1] = await Visit.find({ plan: id }).sort({ start: 1 }).lean();
    await v.setOffset(v1.start.getTime() - Date.now() + 3600_000);
    const work = await v.s.call('POST', `/api/employee/visits/${v1._id}/submit-work`, {
      token: cleaner.token,
      json: { work_hours: 2.5, completion_notes: 'Done' },
    });
    expect(work.status, JSON.stringify(work.body)).toBe(200);
    const second = (await Visit.find({ plan: id, state: 'scheduled' }).sort({ start: 1 }).lean())[0].start;
    const after = await mine(customer.token, id);
    expect(after).toMatchObject({ status: 'completed', state: 'active', state_text: `Weekly, active — next visit ${day(second)}` });
    expect(after.state_text).not.toMatch(/completed/i);
    expect(await board(id)).toMatchObject({ state: 'active' });

    const pause = await v.s.call('POST', `/api/user/bookings/${id}/pause`, { token: customer.token, json: { from: dayAhead(3), until: dayAhead(20) } });
    expect(pause.status, JSON.stringify(pause.body)).toBe(200);
    expect(await mine(customer.token, id)).toMatchObject({
      state: 'paused',
      state_text: expect.stringMatching(new RegExp(`^Weekly, paused (from .+ )?until ${day(dayAhead(20))}`)),
    });
    expect((await board(id))!.state).toBe('paused');

    const endedBefore = (await figures()).ended;
    expect((await v.s.call('POST', `/api/user/bookings/${id}/resume`, { token: customer.token })).status).toBe(200);
    expect((await v.s.call('POST', `/api/user/bookings/${id}/end`, { token: customer.token, json: { from: dayAhead(10) } })).status).toBe(200);
    const ended = await mine(customer.token, id);
    expect(ended).toMatchObject({ state: 'ended', ended_by: 'customer' });
    expect(ended.state_text).toMatch(/^Weekly, (ended on .* by you|ending from .*)/);
    expect((await board(id))!.state_text).not.toContain('by you');
    expect(await board(id, '&on=ended')).toMatchObject({ state: 'ended', ended_by: 'customer' });
    expect((await figures()).ended).toBe(endedBefore + 1);
  });

  it("a cancel within 14 days is the customer's own state: cancelled, by whom and when, counted as cancelled", async () => {
    const p = await acceptedPlan(v.s, { frequency: 'Weekly', date: dayAhead(5) });
    const cancelledBefore = (await figures()).cancelled;
    const res = await v.s.call('POST', `/api/user/bookings/${p.bookingId}/cancel-within-14-days`, { token: p.customer.token });
    expect(res.status).toBe(200);
    const row = await mine(p.customer.token, p.bookingId);
    expect(row).toMatchObject({ status: 'cancelled', state: 'cancelled', ended_by: 'customer' });
    expect(row.status).not.toBe('rejected');
    expect(row.state_text).toBe(`Weekly, cancelled within 14 days by you on ${day(new Date())}`);
    expect(await board(p.bookingId)).toMatchObject({
      status: 'cancelled',
      state: 'cancelled',
      state_text: `Weekly, cancelled within 14 days by the customer on ${day(new Date())}`,
    });
    expect(await board(p.bookingId, '&status=cancelled')).toBeDefined();
    expect((await figures()).cancelled).toBe(cancelledBefore + 1);
    // Nothing more to change on it: the customer's own moves are refused.
    expect(
      (await v.s.call('POST', `/api/user/bookings/${p.bookingId}/pause`, { token: p.customer.token, json: { from: dayAhead(6), until: dayAhead(9) } })).status,
    ).toBe(409);
  });

  it('the office declines a request: declined, with its reason, on both sides', async () => {
    const customer = await makeCustomer(v.s);
    const id = await makeBooking(customer.id, { frequency: 'Once a month' });
    expect((await v.s.call('POST', `/api/admin/bookings/${id}/cancel`, { token: admin.token, json: { reason: 'Out of our area' } })).status).toBe(200);
    expect(await mine(customer.token, id)).toMatchObject({
      state: 'declined',
      state_text: `Once a month, declined by us on ${day(new Date())}: Out of our area`,
    });
    expect(await board(id)).toMatchObject({ state: 'declined', state_text: `Once a month, declined by the office on ${day(new Date())}: Out of our area` });
  });

  it('closing an account ends its plan (by the closing) and withdraws its open request', async () => {
    const p = await acceptedPlan(v.s, { frequency: 'Weekly', date: dayAhead(6) });
    const request = await makeBooking(p.customer.id, { frequency: 'Weekly' });
    await User.updateOne({ _id: p.customer.id }, { $set: { passwordHash: await bcrypt.hash('close-me-now', 4) } });
    expect((await v.s.call('POST', '/api/user/close-account', { token: p.customer.token, json: { password: 'close-me-now' } })).status).toBe(200);
    expect(await board(p.bookingId)).toMatchObject({
      state: 'ended',
      ended_by: 'account',
      state_text: `Weekly, ended on ${day(new Date())} when the customer closed their account: The customer closed their account.`,
    });
    expect(await board(request)).toMatchObject({ status: 'withdrawn', state: 'withdrawn' });
    expect((await Booking.findById(p.bookingId).lean())!.plan_ended_at).toBeInstanceOf(Date);
  });
});
