// A booking's short reference (unique, stable, in every answer) and its booked time: parsed as UK
// time, sorted on, and the rule that work is submitted only once that time has come (with the
// server's clock moved by the test, not waited for).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer, type TestCustomer } from '../support/customers';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { Booking } from '../../api/src/models/Booking';
import { backfillBookings, createBooking } from '../../api/src/services/bookings/bookings';
import { createClock } from '../../api/src/clock';
import { API_MSG } from '@shared/messages-api';
import { londonDateAndTime } from '@shared/when';

const REF = /^SC-[2-9A-HJKMNP-Z]{5}$/;
let s: TestServer;
let cust: TestCustomer;
let emp: TestEmployee;
let offsetMs = 0;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  // The test's clock: the real time plus an offset the test sets.
  s.deps.clock = { now: () => new Date(Date.now() + offsetMs) };
  cust = await insertCustomer(s, { name: 'Rita Reference' });
  emp = await makeEmployee(s, { name: 'Tom Timely' });
});
afterAll(async () => {
  await s?.close();
});

const book = async (over: Record<string, unknown> = {}) => {
  const res = await s.call('POST', '/api/user/bookings', { token: cust.token, json: bookingInput(over) });
  expect(res.status).toBe(201);
  return res.body.booking as { id: string; reference: string; scheduledAt: string | null; };
};
const accept = (id: string, json?: unknown) => s.call('POST', `/api/employee/bookings/${id}/accept`, { token: emp.token, json });
const submit = (id: string) => s.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: emp.token, json: { work_hours: 2 } });

describe('booking reference', () => {
  it('is given at creation, unique, and the same in every later answer', async () => {
    const made = await Promise.all(Array.from({ length: 12 }, () => book()));
    const refs = made.map((b) => b.reference);
    for (const r of refs) expect(r).toMatch(REF);
    expect(new Set(refs).size).toBe(refs.length);

    const [first] = made;
    const listed = await s.call('GET', '/api/user/bookings', { token: cust.token });
    expect(listed.body.bookings.find((b: { id: string; }) => b.id === first.id).reference).toBe(first.reference);
    const edited = await s.call('PUT', `/api/user/bookings/${first.id}`, { token: cust.token, json: { supplies: 'Not sure yet' } });
    expect(edited.body.booking.reference).toBe(first.reference);
    const available = await s.call('GET', '/api/employee/available-bookings', { token: emp.token });
    expect(available.body.bookings.find((b: { id: string; }) => b.id === first.id).reference).toBe(first.reference);
    const accepted = await accept(first.id);
    expect(accepted.body.booking.reference).toBe(first.reference);
  });

  it('draws another reference when the first one is taken (unique index), storing one booking', async () => {
    const taken = (await book()).reference;
    const draws = [taken, taken, 'SC-ZZZZ9'.replace('9', '8')];
    const before = await Booking.countDocuments({ user: cust.id });
    const doc = await createBooking(cust.id, bookingInput() as never, () => draws.shift() as string);
    expect(doc.reference).toBe('SC-ZZZZ8');
    expect(await Booking.countDocuments({ user: cust.id })).toBe(before + 1);
    expect(await Booking.countDocuments({ reference: taken })).toBe(1);
  });

  it('is backfilled, once, for bookings stored before references existed', async () => {
    const { insertedId: _id } = await Booking.collection.insertOne(
      { ...bookingInput({ bestDays: '2030-06-01T09:00' }), user: cust.id, status: 'pending', created_at: new Date() } as never,
    );
    expect(await backfillBookings()).toBeGreaterThanOrEqual(1);
    const doc = await Booking.findById(_id).lean();
    expect(doc?.reference).toMatch(REF);
    expect(doc?.scheduledAt?.toISOString()).toBe('2030-06-01T08:00:00.000Z');
    expect(await backfillBookings()).toBe(0);
    expect((await Booking.findById(_id).lean())?.reference).toBe(doc?.reference);
  });
});

describe('booked time', () => {
  it('reads the wizard value as UK time on both sides of the clock change, and null for free text', async () => {
    expect((await book({ bestDays: '2030-01-15T10:00' })).scheduledAt).toBe('2030-01-15T10:00:00.000Z');
    expect((await book({ bestDays: '2030-07-15T10:00' })).scheduledAt).toBe('2030-07-15T09:00:00.000Z');
    expect((await book({ bestDays: 'Mondays at 09:00' })).scheduledAt).toBeNull();
  });

  it('moves with an edit of Best days', async () => {
    const b = await book({ bestDays: '2030-01-15T10:00' });
    const res = await s.call('PUT', `/api/user/bookings/${b.id}`, { token: cust.token, json: { bestDays: '2030-08-01 at 07:30' } });
    expect(res.body.booking.scheduledAt).toBe('2030-08-01T06:30:00.000Z');
    expect((await Booking.findById(b.id).lean())?.scheduledAt?.toISOString()).toBe('2030-08-01T06:30:00.000Z');
  });

  it('orders the cleaner lists soonest first', async () => {
    const other = await makeEmployee(s);
    const late = await book({ bestDays: '2031-03-02T09:00' });
    const soon = await book({ bestDays: '2031-03-01T09:00' });
    const res = await s.call('GET', '/api/employee/available-bookings', { token: other.token });
    const ids = res.body.bookings.map((b: { id: string; }) => b.id);
    expect(ids.indexOf(soon.id)).toBeLessThan(ids.indexOf(late.id));
  });
});

describe('submitting work', () => {
  it('is refused before the booked time with the time in the message, and allowed once it has come', async () => {
    const when = new Date(Date.now() + 3 * 24 * 3600_000);
    const b = await book({ bestDays: new Date(when.getTime() - when.getTimezoneOffset()).toISOString().slice(0, 16) });
    expect((await accept(b.id)).status).toBe(200);

    const early = await submit(b.id);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/^Work can be submitted once the booked time has come: from \w{3} \d{1,2} \w{3}( \d{4})?, \d{2}:\d{2}\.$/);
    const stored = await Booking.findById(b.id).lean();
    expect(stored).toMatchObject({ status: 'accepted', work_submitted: false });

    const mine = await s.call('GET', '/api/employee/my-bookings', { token: emp.token });
    expect(mine.body.bookings.find((x: { id: string; }) => x.id === b.id).workOpensAt).toBe(b.scheduledAt);

    offsetMs = Date.parse(b.scheduledAt as string) - Date.now() + 60_000;
    try {
      const ok = await submit(b.id);
      expect(ok.status).toBe(200);
      expect(ok.body.booking).toMatchObject({ status: 'completed', work_submitted: true });
    } finally {
      offsetMs = 0;
    }
  });

  it('for a free-text time, is allowed from the day the booking was accepted', async () => {
    const b = await book({ bestDays: 'Mondays and Thursdays at 09:00' });
    // A free-text time: the cleaner sets the plan's first visit when accepting (README "Plans and visits").
    const firstVisit = londonDateAndTime(Date.now() + 3600_000)!;
    expect((await accept(b.id, { first_visit: firstVisit })).status).toBe(200);
    const ok = await submit(b.id);
    expect(ok.status).toBe(200);
  });

  it('names the real rule when the booking is not accepted, rather than the time', async () => {
    const b = await book();
    const res = await submit(b.id);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(API_MSG.bookingNotYours);
  });
});

describe('the test clock', () => {
  it('is the system clock without a file, and adds the file offset when one is named', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'sc-clock-'));
    try {
      const file = path.join(dir, 'offset');
      const clock = createClock(file);
      expect(Math.abs(clock.now().getTime() - Date.now())).toBeLessThan(1000);
      await writeFile(file, String(86_400_000));
      expect(clock.now().getTime() - Date.now()).toBeGreaterThan(86_399_000);
      expect(Math.abs(createClock(undefined).now().getTime() - Date.now())).toBeLessThan(1000);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
