// The office's moves against a cleaner's at the same moment, over real HTTP: unassign vs the cleaner
// submitting their work, cancel vs a cleaner accepting. Exactly one wins; the loser gets 409 with a
// message that says what happened; the booking ends in the winner's state. Each race runs several
// times, and each loser's answer is also checked in the order that makes it lose for certain.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import { Booking } from '../../api/src/models/Booking';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let ann: TestEmployee;
let ben: TestEmployee;
let customerId: string;
const ROUNDS = 6;

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
  ann = await makeEmployee(srv, { name: 'Ann Cleaner' });
  ben = await makeEmployee(srv, { name: 'Ben Cleaner' });
  customerId = (await makeCustomer(srv)).id;
});
afterAll(async () => {
  await srv?.close();
});

/** Booked for a time already past (so the work may be submitted), accepted by Ann. */
const acceptedByAnn = () =>
  makeBooking(customerId, {
    bestDays: '2020-03-02T09:00',
    scheduledAt: new Date('2020-03-02T09:00:00Z'),
    status: 'accepted',
    accepted_by: ann.id,
    accepted_at: new Date(Date.now() - 3_600_000),
  });
const unassign = (id: string) => srv.call('POST', `/api/admin/bookings/${id}/unassign`, { token: admin.token });
const submit = (id: string) =>
  srv.call('POST', `/api/employee/bookings/${id}/submit-work`, { token: ann.token, json: { work_hours: 2, completion_notes: 'Done' } });
const cancel = (id: string) =>
  srv.call('POST', `/api/admin/bookings/${id}/cancel`, { token: admin.token, json: { reason: 'Customer phoned to cancel', cleaner: null } });
const accept = (id: string, who = ben) => srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: who.token });

describe('unassign vs the cleaner submitting their work', () => {
  it('exactly one wins, the loser gets 409, and the booking is in the winner’s state', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await acceptedByAnn();
      const [off, sub] = await Promise.all([unassign(id), submit(id)]);
      expect([off.status, sub.status].sort(), `round ${i}`).toEqual([200, 409]);
      const b = (await Booking.findById(id).lean())!;
      if (off.status === 200) {
        expect(sub.body.message).toBe(OFFICE_MSG.workTakenBack);
        expect([b.status, b.accepted_by ?? null, b.work_submitted]).toEqual(['pending', null, false]);
      } else {
        expect([OFFICE_MSG.unassignNotAccepted, OFFICE_MSG.changedMeanwhile]).toContain(off.body.message);
        expect([b.status, String(b.accepted_by), b.work_submitted]).toEqual(['completed', ann.id, true]);
      }
    }
  });

  it('each loser’s answer, in the order that makes it lose', async () => {
    const a = await acceptedByAnn();
    expect((await unassign(a)).status).toBe(200);
    expect([(await submit(a)).status, (await submit(a)).body.message]).toEqual([409, OFFICE_MSG.workTakenBack]);
    const b = await acceptedByAnn();
    expect((await submit(b)).status).toBe(200);
    const late = await unassign(b);
    expect([late.status, late.body.message]).toEqual([409, OFFICE_MSG.unassignNotAccepted]);
    // Someone who never had the booking is still told it is not theirs.
    const c = await acceptedByAnn();
    const stranger = await srv.call('POST', `/api/employee/bookings/${c}/submit-work`, { token: ben.token, json: { work_hours: 1 } });
    expect([stranger.status, stranger.body.message]).toEqual([403, API_MSG.bookingNotYours]);
  });

  it('a cleaner accepting a booking the office is taking back from someone else: the answers match the outcome', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await acceptedByAnn();
      const [off, took] = await Promise.all([unassign(id), accept(id)]);
      // Unassigning frees the booking; Ben either takes the freed booking or found it still Ann's.
      expect(off.status, `round ${i}`).toBe(200);
      const b = (await Booking.findById(id).lean())!;
      if (took.status === 200) expect([b.status, String(b.accepted_by)]).toEqual(['accepted', ben.id]);
      else {
        // Still Ann's when Ben tried; free by the time his answer was written: told to refresh, never "taken".
        expect(took.status).toBe(409);
        expect([API_MSG.bookingTaken, OFFICE_MSG.changedMeanwhile]).toContain(took.body.message);
        expect([b.status, b.accepted_by ?? null]).toEqual(['pending', null]);
      }
    }
  });
});

describe('cancel vs a cleaner accepting', () => {
  it('exactly one wins, the loser gets 409, and the booking is in the winner’s state', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await makeBooking(customerId);
      const [off, took] = await Promise.all([cancel(id), accept(id)]);
      expect([off.status, took.status].sort(), `round ${i}`).toEqual([200, 409]);
      const b = (await Booking.findById(id).lean())!;
      if (off.status === 200) {
        expect(took.body.message).toBe(API_MSG.bookingNotAvailable);
        expect([b.status, b.accepted_by ?? null, b.cancel_reason]).toEqual(['rejected', null, 'Customer phoned to cancel']);
      } else {
        expect(off.body.message).toBe(OFFICE_MSG.cancelTaken);
        expect([b.status, String(b.accepted_by), b.cancel_reason ?? null]).toEqual(['accepted', ben.id, null]);
      }
    }
  });

  it('each loser’s answer, in the order that makes it lose', async () => {
    const a = await makeBooking(customerId);
    expect((await cancel(a)).status).toBe(200);
    expect([(await accept(a)).status, (await accept(a)).body.message]).toEqual([409, API_MSG.bookingNotAvailable]);
    const b = await makeBooking(customerId);
    expect((await accept(b)).status).toBe(200);
    const late = await cancel(b);
    expect([late.status, late.body.message]).toEqual([409, OFFICE_MSG.cancelTaken]);
    expect((await Booking.findById(b).lean())!.status).toBe('accepted');
  });
});
