// A plan's access notes: only the plan's customer sets them (404 for anyone else), trimmed and at most
// 1000 characters; the customer's plan view carries them, they are kept on the plan's home, and GET
// /api/employee/visits gives them to the visit's own cleaner only, on the day (another cleaner's list and
// the cover jobs never carry them).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_MSG } from '@shared/messages-plans';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
let p: PlanCast;
beforeAll(async () => {
  v = await startVisitsServer();
  p = await acceptedPlan(v.s, { date: dayAhead(5) });
});
afterAll(async () => {
  await v?.s.close();
});

const put = (json: unknown, token = p.customer.token, id = p.bookingId) => v.s.call('PUT', `/api/user/bookings/${id}/access-notes`, { token, json });

describe('PUT /api/user/bookings/{id}/access-notes', () => {
  it('the plan’s customer sets them (trimmed); their plan view and their cleaner’s visits carry them', async () => {
    const res = await put({ access_notes: '  Key safe 1234, by the blue door.\n' });
    expect(res.status).toBe(200);
    expect(res.body.access_notes).toBe('Key safe 1234, by the blue door.');
    const view = await v.s.call('GET', `/api/user/bookings/${p.bookingId}`, { token: p.customer.token });
    expect(view.body.plan.access_notes).toBe('Key safe 1234, by the blue door.');
    const mine = await v.s.call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(40)}`, { token: p.cleaner.token });
    expect(mine.status).toBe(200);
    expect(mine.body.visits.length).toBeGreaterThan(0);
    // Kept sealed on the plan's home, and shown to the cleaner on the visit's day only (homes-doorstep.test.ts):
    // every visit here is days ahead.
    for (const visit of mine.body.visits) expect(visit.access_notes).toBeUndefined();
    const homes = await v.s.call('GET', '/api/user/homes', { token: p.customer.token });
    expect(homes.body.homes).toHaveLength(1);
    expect(homes.body.homes[0].access_notes).toBe('Key safe 1234, by the blue door.');
  });

  it('another customer gets 404 and changes nothing; another cleaner never sees them', async () => {
    const other = await makeCustomer(v.s);
    expect((await put({ access_notes: 'mine now' }, other.token)).status).toBe(404);
    const cleaner = await makeEmployee(v.s, { name: 'Other Cleaner' });
    expect((await put({ access_notes: 'x' }, cleaner.token)).status).toBe(401);
    const theirs = await v.s.call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(40)}`, { token: cleaner.token });
    expect(JSON.stringify(theirs.body)).not.toContain('Key safe');
    // A released visit is a cover job any cleaner sees: without the notes.
    const mine = await v.s.call('GET', `/api/employee/visits?from=${dayAhead(0)}&to=${dayAhead(40)}`, { token: p.cleaner.token });
    expect((await v.s.call('POST', `/api/employee/visits/${mine.body.visits[1].id}/release`, { token: p.cleaner.token })).status).toBe(200);
    const cover = await v.s.call('GET', '/api/employee/available-visits', { token: cleaner.token });
    expect(cover.body.visits.map((x: { id: string; }) => x.id)).toContain(mine.body.visits[1].id);
    expect(JSON.stringify(cover.body)).not.toContain('Key safe');
    const view = await v.s.call('GET', `/api/user/bookings/${p.bookingId}`, { token: p.customer.token });
    expect(view.body.plan.access_notes).toBe('Key safe 1234, by the blue door.');
  });

  it('bounds: 1000 characters after trimming pass, 1001 and non-text are refused (400), unknown ids 404, a booking with no plan 409', async () => {
    expect((await put({ access_notes: ` ${'a'.repeat(1000)} ` })).status).toBe(200);
    for (const bad of [{ access_notes: 'a'.repeat(1001) }, { access_notes: 'b'.repeat(50_000) }, { access_notes: 12 }, {}, { access_notes: 'x', extra: 1 }]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad).slice(0, 40)).toBe(400);
    }
    expect((await put({ access_notes: 'a'.repeat(1001) })).body.message).toBe(PLAN_MSG.accessNotesTooLong(1000));
    expect((await put({ access_notes: '' })).body.access_notes).toBe('');
    expect((await put({ access_notes: 'x' }, p.customer.token, '000000000000000000000000')).status).toBe(404);
    const pending = await makeBooking(p.customer.id, { frequency: 'Weekly' });
    expect((await put({ access_notes: 'x' }, p.customer.token, String(pending))).status).toBe(409);
  });
});
