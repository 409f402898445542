// The start-up upgrade to homes: every customer with bookings made before homes gets one first home from
// their booking's address, with the plan's plain access notes moved into it sealed; the plans point at it.
// Run again (its record removed), it changes nothing. Then the key rotation seals every field again
// with a new key, and the notes still read the same.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { Home } from '../../api/src/models/Home';
import { Plan } from '../../api/src/models/Plan';
import { HOMES_MARKER } from '../../api/src/services/upgrade/homes-from-bookings';
import { runRotateFieldKey } from '../../api/src/cli/rotate-field-key';
import { FIELD_KEY_FILE, PREVIOUS_FIELD_KEY_FILE } from '../../api/src/lib/field-crypto';
import { startTestServer, type TestServer } from '../support/test-server';

let dataDir = '';
let s: TestServer | undefined;
const start = async () => {
  s = await startTestServer({ DATA_DIR: dataDir, JWT_SECRET: 'homes-migration-secret-of-at-least-32-bytes', STARTUP_MIGRATIONS: 'on', JOBS_POLL_MS: '0' });
  while ((await s.call('GET', '/api/health/ready')).body.upgrading) {
    if (!(await s.deps.jobs.tick())) throw new Error('the upgrade job did not run');
  }
  return s;
};
const oid = () => new mongoose.Types.ObjectId();
const amy = oid();
const ben = oid();
const booking = (user: mongoose.Types.ObjectId, address: string, status: string) => ({
  _id: oid(),
  user,
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '2',
  bathrooms: '1',
  receptions: '1',
  cleaningType: 'Standard',
  hasCleaner: 'Not sure yet',
  bestDays: 'Mondays after 10',
  supplies: 'Not sure yet',
  hiringLikelihood: 'Ready to book now',
  postcode: 'N17GU',
  address,
  status,
  declined_by: [],
  created_at: new Date(),
  updated_at: new Date(),
});
const amyFirst = booking(amy, '3 Elm Road, London', 'accepted');
const amySecond = booking(amy, '3 Elm Road, London', 'pending');
const benOnly = booking(ben, '9 Oak Close, Bristol', 'accepted');
const planOf = (b: typeof amyFirst, notes: string) => ({
  _id: b._id,
  user: b.user,
  frequency: 'weekly',
  anchor: '2030-01-07',
  time: '10:00',
  days: [1],
  state: 'active',
  access_notes: notes,
  version: 0,
  generated_through: '2030-01-07',
});

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'sc-homes-migrate-'));
  await start();
  // The release before homes: bookings and plans with plain notes, no homes.
  await Booking.collection.insertMany([amyFirst, amySecond, benOnly]);
  await Plan.collection.insertMany([planOf(amyFirst, 'Key with the porter'), planOf(benOnly, 'Side gate, dog is friendly')]);
  await s!.close();
  await start();
});
afterAll(async () => {
  await s?.close();
  await rm(dataDir, { recursive: true, force: true });
});

const snapshot = async () => ({
  homes: (await Home.find().sort({ _id: 1 }).lean()).map((h) => ({ ...h, updated_at: undefined })),
  plans: await Plan.find({}, { home: 1, access_notes: 1 }).sort({ _id: 1 }).lean(),
  bookings: await Booking.find({}, { home: 1 }).sort({ _id: 1 }).lean(),
});

describe('homes from the bookings made before them', () => {
  it('one home per customer, from the booking’s address, with the plan’s notes sealed; plans and bookings point at it', async () => {
    expect(await Home.countDocuments({ user: amy })).toBe(1);
    expect(await Home.countDocuments({ user: ben })).toBe(1);
    const home = (await Home.findOne({ user: amy }).lean())!;
    expect(home).toMatchObject({ address: '3 Elm Road, London', postcode: 'N17GU' });
    expect(home.access_notes).toMatch(/^enc1:/);
    for (const b of [amyFirst, amySecond]) expect(String((await Booking.findById(b._id).lean())!.home)).toBe(String(home._id));
    const plan = (await Plan.findById(amyFirst._id).lean())!;
    expect(String(plan.home)).toBe(String(home._id));
    expect(plan.access_notes).toBe('');
  });

  it('run again, it changes nothing', async () => {
    const before = await snapshot();
    await mongoose.connection.db!.collection('migrations').deleteOne({ _id: HOMES_MARKER as never });
    await s!.close();
    await start();
    expect(await snapshot()).toEqual(before);
  });

  it('the key rotation seals every field with a new key; the notes read the same after a restart', async () => {
    const before = (await Home.find({ user: ben }).lean())[0].access_notes;
    const oldKey = await readFile(path.join(dataDir, FIELD_KEY_FILE), 'utf8');
    await s!.close();
    const out = await runRotateFieldKey([], { ...process.env, DATA_DIR: dataDir, MONGODB_URI: '', FIELD_ENCRYPTION_KEY: '' });
    expect(out).toMatch(/Sealed again: 2 field\(s\) of 2 home\(s\)/);
    expect(await readFile(path.join(dataDir, FIELD_KEY_FILE), 'utf8')).not.toBe(oldKey);
    expect(existsSync(path.join(dataDir, PREVIOUS_FIELD_KEY_FILE))).toBe(false);
    await start();
    const after = (await Home.find({ user: ben }).lean())[0].access_notes;
    expect(after).toMatch(/^enc1:/);
    expect(after.split(':')[1]).not.toBe(before.split(':')[1]);
    const { openField } = await import('../../api/src/lib/field-crypto');
    expect(openField(after)).toBe('Side gate, dog is friendly');
  });
});
