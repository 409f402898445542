// A data directory made by the release before plans (bookings in their present shape, no plans) migrates
// after start, in the background, once: each booking accepted and not yet done becomes an active plan
// with its visits; each completed one an ended plan holding its one done visit; the booking documents
// are left exactly as they were (references, hours, approvals, queries), and the timesheets still show them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { addDays, londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { Booking } from '../../api/src/models/Booking';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { PLANS_MARKER } from '../../api/src/services/plans/visits-migrate';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeEmployee, type TestEmployee } from './employee-fixtures';

let dataDir = '';
let s: TestServer | undefined;
const start = () =>
  startTestServer({
    BCRYPT_COST: '4',
    DATA_DIR: dataDir,
    JWT_SECRET: 'migration-test-secret-of-at-least-32-bytes',
    STARTUP_MIGRATIONS: 'on',
    JOBS_POLL_MS: '0',
  });
/** Runs the server's jobs until the readiness probe no longer reports an upgrade. */
async function upgraded(srv: TestServer) {
  while ((await srv.call('GET', '/api/health/ready')).body.upgrading) {
    // A run that failed would wait for its retry: nothing ran means nothing will.
    if (!(await srv.deps.jobs.tick())) throw new Error('the upgrade job did not run');
  }
}
afterAll(async () => {
  await s?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const oid = () => new mongoose.Types.ObjectId();
const today = londonDate(Date.now());
const at = (days: number, time = '09:00') => new Date(londonWallTime(addDays(today, days), time)!);
let before: unknown[] = [];
let admin: TestEmployee;
const ids = { pending: oid(), accepted: oid(), freeText: oid(), weeklyDone: oid(), onceQueried: oid(), rejected: oid() };

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sc-migrate-'));
  s = await start();
  admin = await makeEmployee(s, { name: 'Ada Admin', role: 'admin' });
  const cleaner = new mongoose.Types.ObjectId(admin.id);
  const user = oid();
  const base = {
    user,
    propertyType: 'House',
    bedrooms: '2',
    bathrooms: '1',
    receptions: '1',
    cleaningType: 'Standard',
    hasCleaner: 'Not sure yet',
    supplies: 'Not sure yet',
    hiringLikelihood: 'Ready to book now',
    postcode: 'N17GU',
    declined_by: [],
    created_at: at(-40),
    updated_at: at(-10),
  };
  const submitted = { work_submitted: true, submitted_work_hours: 2.5, completion_notes: 'All done', submitted_at: at(-10, '12:00') };
  // Today's main: bookings only, as its routes write them.
  await Booking.collection.insertMany([
    { ...base, _id: ids.pending, reference: 'SC-PEND1', frequency: 'Weekly', bestDays: `${addDays(today, 5)}T09:00`, scheduledAt: at(5), status: 'pending' },
    {
      ...base,
      _id: ids.accepted,
      reference: 'SC-ACCP1',
      frequency: 'Every other week',
      bestDays: `${addDays(today, 3)}T10:00`,
      scheduledAt: at(3, '10:00'),
      status: 'accepted',
      accepted_by: cleaner,
      accepted_at: at(-1),
      work_submitted: false,
    },
    {
      ...base,
      _id: ids.freeText,
      reference: 'SC-FREE1',
      frequency: 'Weekly',
      bestDays: 'Mondays after 10',
      scheduledAt: null,
      status: 'accepted',
      accepted_by: cleaner,
      accepted_at: at(-2, '15:00'),
      work_submitted: false,
    },
    {
      ...base,
      _id: ids.weeklyDone,
      reference: 'SC-DONE1',
      frequency: 'Weekly',
      bestDays: `${addDays(today, -10)}T09:00`,
      scheduledAt: at(-10),
      status: 'completed',
      accepted_by: cleaner,
      accepted_at: at(-20),
      ...submitted,
      timesheet_status: 'approved',
      approved_at: at(-5),
      approved_by: cleaner,
    },
    {
      ...base,
      _id: ids.onceQueried,
      reference: 'SC-ONCE1',
      frequency: 'One-time clean',
      bestDays: `${addDays(today, -10)}T09:00`,
      scheduledAt: at(-10),
      status: 'completed',
      accepted_by: cleaner,
      accepted_at: at(-20),
      ...submitted,
      timesheet_status: 'queried',
      timesheet_query: { message: 'Two hours booked?', at: at(-4), by: cleaner },
    },
    {
      ...base,
      _id: ids.rejected,
      reference: 'SC-REJC1',
      frequency: 'Weekly',
      bestDays: `${addDays(today, 9)}T09:00`,
      scheduledAt: at(9),
      status: 'rejected',
      cancel_reason: 'Out of area',
      cancelled_at: at(-3),
    },
  ] as never[]);
  // A main-era database has no plans and no plans marker.
  await Booking.db.collection('migrations').deleteOne({ _id: PLANS_MARKER as never });
  before = await Booking.collection.find({}).sort({ _id: 1 }).toArray();
  await s.close();
  // The new code's start on that data directory.
  s = await start();
  await upgraded(s);
});

describe('migration of a main-era data directory', () => {
  it('leaves every booking exactly as it was (references, hours, approvals, queries, reasons)', async () => {
    // accept_wait_min is the office figures' own one-off backfill (services/office/accept-wait.ts), and `home` the
    // homes upgrade's (services/upgrade/homes-from-bookings.ts), not this migration's; it changes nothing else (updated_at stays).
    const now = (await Booking.collection.find({}).sort({ _id: 1 }).toArray()).map(({ accept_wait_min: _wait, home: _home, ...rest }) => rest);
    expect(now).toEqual(before);
  });

  it('makes a plan of each accepted or completed booking, none of the pending or rejected', async () => {
    const plans = await Plan.find({}).lean();
    expect(plans.map((p) => String(p._id)).sort()).toEqual([ids.accepted, ids.freeText, ids.weeklyDone, ids.onceQueried].map(String).sort());
    // Done under the old model: history, not a plan that goes on.
    expect(Object.fromEntries(plans.map((p) => [String(p._id), p.state]))).toEqual({
      [String(ids.accepted)]: 'active',
      [String(ids.freeText)]: 'active',
      [String(ids.weeklyDone)]: 'ended',
      [String(ids.onceQueried)]: 'ended',
    });
    expect(await Plan.findById(ids.accepted).lean()).toMatchObject({
      frequency: 'fortnightly',
      anchor: addDays(today, 3),
      time: '10:00',
      reference: 'SC-ACCP1',
      employee: new mongoose.Types.ObjectId(admin.id),
    });
    // A free-text time: 09:00 on the day it was accepted.
    expect(await Plan.findById(ids.freeText).lean()).toMatchObject({ frequency: 'weekly', anchor: addDays(today, -2), time: '09:00' });
  });

  it('a done booking keeps its one visit, with the submission and its review, and nothing after it; an accepted weekly one goes on from its booked date', async () => {
    const done = await Visit.find({ plan: ids.weeklyDone }).sort({ slot: 1 }).lean();
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({
      slot: addDays(today, -10),
      state: 'completed',
      on_booking: true,
      submitted_work_hours: 2.5,
      timesheet_status: 'approved',
      reference: 'SC-DONE1',
    });
    const ahead = await Visit.find({ plan: ids.accepted }).sort({ slot: 1 }).lean();
    expect(ahead[0]).toMatchObject({ slot: addDays(today, 3), state: 'scheduled', on_booking: true });
    expect(ahead.every((v) => v.state === 'scheduled' && v.slot >= addDays(today, 3))).toBe(true);
    expect(ahead.length).toBeGreaterThanOrEqual(6);
    const once = await Visit.find({ plan: ids.onceQueried }).lean();
    expect(once).toHaveLength(1);
    expect(once[0]).toMatchObject({ state: 'completed', timesheet_status: 'queried', submitted_work_hours: 2.5 });
  });

  it('the office timesheets still show both submissions with their review (nothing lost)', async () => {
    const res = await s!.call('GET', `/api/admin/timesheets?from=${addDays(today, -30)}&to=${today}`, { token: admin.token });
    expect(res.status).toBe(200);
    const rows = res.body.timesheets as Array<{ reference: string; work_hours: number; status: string; query?: { message: string; }; }>;
    expect(rows.map((r) => [r.reference, r.work_hours, r.status]).sort()).toEqual([['SC-DONE1', 2.5, 'approved'], ['SC-ONCE1', 2.5, 'queried']]);
    expect(rows.find((r) => r.reference === 'SC-ONCE1')?.query?.message).toBe('Two hours booked?');
  });

  it('runs once: marked done, and a later start makes nothing again', async () => {
    expect(await Booking.db.collection('migrations').findOne({ _id: PLANS_MARKER as never })).not.toBeNull();
    const visits = await Visit.countDocuments({});
    await Plan.deleteOne({ _id: ids.accepted });
    await s!.close();
    s = await start();
    await upgraded(s);
    expect(await Plan.exists({ _id: ids.accepted })).toBeNull();
    expect(await Visit.countDocuments({})).toBe(visits);
  });
});
