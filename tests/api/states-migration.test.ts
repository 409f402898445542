// Bookings and plans stored before the states vocabulary get it once (services/plans/states-migrate.ts):
// a customer's cancel within 14 days stored as the office's `rejected` becomes `cancelled` (its plan
// cancelled, by the customer), a plan the customer ended says so, one the office cancelled says why; a
// marker makes a second run do nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { Booking } from '../../api/src/models/Booking';
import { Plan } from '../../api/src/models/Plan';
import { migrateStates, STATES_MARKER } from '../../api/src/services/plans/states-migrate';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer } from './employee-fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await s?.close();
});

const plan = (id: string, user: string, extra: Record<string, unknown>) =>
  Plan.collection.insertOne(
    {
      _id: new mongoose.Types.ObjectId(id),
      user: new mongoose.Types.ObjectId(user),
      frequency: 'weekly',
      anchor: '2026-11-02',
      time: '09:00',
      days: [1],
      state: 'ended',
      ends_on: '2026-11-20',
      version: 3,
      updated_at: new Date('2026-11-20T10:00:00Z'),
      ...extra,
    } as never,
  );

describe('the states migration', () => {
  it('gives old bookings and plans their states, once', async () => {
    const customer = await makeCustomer(s);
    const at = new Date('2026-11-10T12:00:00Z');
    const cancelled = await makeBooking(customer.id, {
      status: 'rejected',
      cancelled_within_14_days_at: at,
      cancelled_at: at,
      cancel_reason: 'Cancelled by the customer within 14 days.',
    });
    const byOffice = await makeBooking(customer.id, { status: 'rejected', cancelled_at: at, cancel_reason: 'Out of area' });
    const ended = await makeBooking(customer.id, { status: 'completed' });
    for (const id of [cancelled, byOffice, ended]) await plan(id, customer.id, {});
    await Booking.db.collection('migrations').deleteOne({ _id: STATES_MARKER as never });

    expect(await migrateStates()).toBeGreaterThan(0);
    expect(await Booking.findById(cancelled).lean()).toMatchObject({ status: 'cancelled', cancelled_by: 'customer' });
    expect(await Plan.findById(cancelled).lean()).toMatchObject({ state: 'cancelled', ended_by: 'customer', ended_at: at });
    expect(await Plan.findById(byOffice).lean()).toMatchObject({ state: 'ended', ended_by: 'office', ended_at: at, end_reason: 'Out of area' });
    expect(await Plan.findById(ended).lean()).toMatchObject({ state: 'ended', ended_by: 'customer', ended_at: new Date('2026-11-20T10:00:00Z') });
    expect((await Booking.findById(ended).lean())!.plan_ended_at).toEqual(new Date('2026-11-20T10:00:00Z'));
    // The customer's list says it in words now.
    const list = (await s.call('GET', '/api/user/bookings?limit=10', { token: customer.token })).body.bookings as Array<{ id: string; state: string; }>;
    expect(list.find((b) => b.id === cancelled)?.state).toBe('cancelled');
    expect(list.find((b) => b.id === byOffice)?.state).toBe('ended');

    expect(await migrateStates()).toBe(0);
  });
});
