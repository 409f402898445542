// The office's schedule, a cleaner's visits and the office's visits are kept per write version
// (lib/versioned-cache.ts): a repeat is the same answer, and every kind of write that changes one
// shows in the very next answer — through the API, through a model, and from another instance.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import mongoose from 'mongoose';
import { Booking } from '../../api/src/models/Booking';
import { Employee } from '../../api/src/models/Employee';
import { Plan } from '../../api/src/models/Plan';
import { Rating } from '../../api/src/models/Rating';
import { User } from '../../api/src/models/User';
import { Visit } from '../../api/src/models/Visit';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { dayAhead, startVisitsServer, type VisitsServer } from './visits-fixtures';
import { placePlan, type Placed } from './schedule-fixtures';
import { generateAll } from '../../api/src/services/plans/visits-generate';
import { addDays } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { Home } from '../../api/src/models/Home';
import { sealField } from '../../api/src/lib/field-crypto';

let v: VisitsServer;
let admin: TestEmployee;
let superAdmin: TestEmployee;
let cleo: TestEmployee;
let placed: Placed;
const date = dayAhead(3);
const week = `from=${date}&to=${date}`;
beforeAll(async () => {
  v = await startVisitsServer();
  admin = await makeEmployee(v.s, { name: 'Ada Admin', role: 'admin' });
  superAdmin = await makeEmployee(v.s, { name: 'Sue Super', role: 'super-admin' });
  cleo = await makeEmployee(v.s, { name: 'Cleo Cache' });
  placed = await placePlan(v.s, cleo, { date, time: '09:00', name: 'Amy Before', postcode: 'N17GU' });
});
afterAll(async () => {
  await v?.s.close();
});

type Row = Record<string, unknown>;
const get = async (url: string, token: string) => {
  const res = await v.s.call('GET', url, { token });
  expect(res.status).toBe(200);
  return res.body as Row & { visits: Row[]; };
};
const schedule = () => get(`/api/admin/schedule?${week}`, admin.token) as Promise<{ visits: Row[]; cleaners: Row[]; time_off: Row[]; closed: Row[]; }>;
const mine = async () => (await get(`/api/employee/visits?${week}`, cleo.token)).visits[0];
const office = async () => (await get(`/api/admin/visits?${week}`, admin.token)).visits[0];
const visitId = async () => String((await Visit.findOne({ plan: placed.bookingId, day: date }).lean())!._id);

describe('visit answers kept per write version', () => {
  it('repeat the same answer, and show each kind of write in the very next one', async () => {
    const first = await schedule();
    expect(first.visits).toHaveLength(1);
    const firstMine = await mine();
    const firstOffice = await office();
    // A repeat reads no visit: one point read of the versions.
    const reads = vi.spyOn(Visit, 'find');
    try {
      expect(await schedule()).toEqual(first);
      expect(await mine()).toEqual(firstMine);
      expect(await office()).toEqual(firstOffice);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const id = await visitId();

    // The plan's estimated hours (plans).
    expect((await v.s.call('PATCH', `/api/admin/plans/${placed.bookingId}`, { token: admin.token, json: { estimated_hours: 1.5 } })).status).toBe(200);
    expect((await schedule()).visits[0]).toMatchObject({ hours: 1.5 });

    // The visit moved through the API (visits).
    const moved = await v.s.call('PATCH', `/api/admin/visits/${id}`, { token: admin.token, json: { start: `${date}T11:00`, scope: 'this' } });
    expect(moved.status).toBe(200);
    expect((await schedule()).visits[0]).toMatchObject({ time: '11:00' });
    expect(String((await mine()).start)).toContain('T11:00');
    expect(String((await office()).start)).toContain('T11:00');

    // The customer's name (users) and the booking's postcode (bookings).
    await User.updateOne({ _id: placed.customer.id }, { $set: { name: 'Amy After' } });
    expect((await schedule()).visits[0]).toMatchObject({ customer: 'Amy After' });
    expect(await mine()).toMatchObject({ customer_name: 'Amy After' });
    expect(await office()).toMatchObject({ customer_name: 'Amy After' });
    await Booking.updateOne({ _id: placed.bookingId }, { $set: { postcode: 'EH1 1YZ' } });
    expect((await schedule()).visits[0]).toMatchObject({ outward_code: 'EH1' });
    expect(await mine()).toMatchObject({ postcode: 'EH1 1YZ' });

    // The home's access notes, read by its cleaner on the visit's day only (plans, homes).
    await v.setOffset(londonWallTime(date, '08:00')! - Date.now());
    const user = (await Booking.findById(placed.bookingId, { user: 1 }).lean())!.user;
    const home = await Home.create({ user, label: 'Flat', access_notes: sealField('Key under the mat') });
    await Plan.updateOne({ _id: placed.bookingId }, { $set: { home: home._id } });
    expect(await mine()).toMatchObject({ access_notes: 'Key under the mat' });
    await Home.updateOne({ _id: home._id }, { $set: { access_notes: sealField('Key in the safe') } });
    expect(await mine()).toMatchObject({ access_notes: 'Key in the safe' });
    await v.setOffset(0);

    // Time off entered by the office (time_off), a closed day (closed_days), the cleaner's name (employees).
    expect((await v.s.call('POST', `/api/admin/employees/${cleo.id}/time-off`, { token: admin.token, json: { from: date, to: date } })).status).toBeLessThan(
      300,
    );
    expect((await schedule()).time_off).toHaveLength(1);
    // Approved at once: the visit needs cover, so it left the cleaner's own list.
    expect(await mine()).toBeUndefined();
    expect((await v.s.call('POST', '/api/admin/closed-days', { token: superAdmin.token, json: { from: date, to: date, note: 'Staff day' } })).status)
      .toBeLessThan(300);
    expect((await schedule()).closed).toHaveLength(1);
    await Employee.updateOne({ _id: cleo.id }, { $set: { name: 'Cleo Renamed' } });
    expect((await schedule()).cleaners.map((c) => c.name)).toContain('Cleo Renamed');
  });

  it('show a write another instance made (its own connection: the write and its version move)', async () => {
    const before = await schedule();
    await office();
    const uri = (mongoose.connection as unknown as { _connectionString: string; })._connectionString;
    const other = await mongoose.createConnection(uri).asPromise();
    try {
      const id = new mongoose.Types.ObjectId(await visitId());
      await other.db!.collection('visits').updateOne({ _id: id }, { $set: { state: 'cancelled', cancel_reason: 'From the other instance' } });
      await other.db!.collection('plans').updateOne({ _id: new mongoose.Types.ObjectId(placed.bookingId) }, { $set: { estimated_hours: 3 } });
      for (const name of ['visits', 'plans']) {
        await other.db!.collection<{ _id: string; v: number; }>('write_versions').updateOne({ _id: name }, { $inc: { v: 1 } }, { upsert: true });
      }
    } finally {
      await other.close();
    }
    const after = await schedule();
    expect(before.visits[0]).toMatchObject({ state: 'scheduled' });
    // The plan's facts (hours) are kept per plans version too, not for a while.
    expect(after.visits[0]).toMatchObject({ state: 'cancelled', hours: 3 });
    expect(await office()).toMatchObject({ state: 'cancelled' });
  });

  it("keep a customer's visits too: a repeat reads no visit, a visit's change and their stars show next", async () => {
    const day = dayAhead(5);
    const own = await placePlan(v.s, cleo, { date: day, time: '10:00', name: 'Rita Rater' });
    const list = async () => (await get(`/api/user/visits?from=${day}&to=${day}`, own.customer.token)).visits[0];
    const first = await list();
    expect(first).toMatchObject({ state: 'scheduled' });
    const reads = vi.spyOn(Visit, 'find');
    try {
      expect(await list()).toEqual(first);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    const visit = (await Visit.findOne({ plan: own.bookingId, day }).lean())!;
    await Visit.updateOne({ _id: visit._id }, { $set: { state: 'completed', work_submitted: true } });
    expect(await list()).toMatchObject({ state: 'completed' });
    expect((await list()).my_rating).toBeUndefined();
    await Rating.create({ visit: visit._id, plan: visit.plan, user: visit.user, employee: visit.employee, stars: 4 });
    expect(await list()).toMatchObject({ my_rating: 4 });
  });
  it("show a cleaner's rename made by another instance in the very next list (names kept per employees version)", async () => {
    const day = dayAhead(6);
    const own = await placePlan(v.s, cleo, { date: day, time: '10:00', name: 'Nina Names' });
    const list = async () => (await get(`/api/user/visits?from=${day}&to=${day}`, own.customer.token)).visits[0];
    const before = (await list()).cleaner_first_name;
    expect(before).toBeTruthy();
    const uri = (mongoose.connection as unknown as { _connectionString: string; })._connectionString;
    const other = await mongoose.createConnection(uri).asPromise();
    try {
      await other.db!.collection('employees').updateOne({ _id: new mongoose.Types.ObjectId(cleo.id) }, { $set: { name: 'Clementine Other' } });
      await other.db!.collection<{ _id: string; v: number; }>('write_versions').updateOne({ _id: 'employees' }, { $inc: { v: 1 } }, { upsert: true });
    } finally {
      await other.close();
    }
    expect(await list()).toMatchObject({ cleaner_first_name: 'Clementine' });
  });

  it("survive the daily pass's visits weeks ahead (this week's lists are not rebuilt), while a window reaching them shows them at once", async () => {
    const horizon = v.s.deps.config.visitHorizonDays;
    const now = v.s.deps.clock.now();
    const { bookingId } = placed;
    // Back to the day before a daily pass: the plan generated a week short, its last week's visits gone,
    // moved around the models (the version by hand, as another instance's tool would).
    const short = dayAhead(horizon - 7);
    await Visit.collection.deleteMany({ plan: new mongoose.Types.ObjectId(bookingId), slot: { $gt: short } });
    await Plan.collection.updateOne({ _id: new mongoose.Types.ObjectId(bookingId) }, { $set: { generated_through: short } });
    await mongoose.connection.db!.collection<{ _id: string; v: number; }>('write_versions').updateOne({ _id: 'visits' }, { $inc: { v: 1 } }, { upsert: true });
    const far = `from=${addDays(short, 1)}&to=${dayAhead(horizon)}`;
    const ours = (xs: Row[]) => xs.filter((x) => x.booking_id === bookingId);
    const farMine = async () => ours((await get(`/api/employee/visits?${far}`, cleo.token)).visits);
    const farOffice = async () => ours((await get(`/api/admin/visits?${far}&employee=${cleo.id}`, admin.token)).visits);
    expect(await farMine()).toEqual([]);
    expect(await farOffice()).toEqual([]);
    const week = [await schedule(), await mine(), await office()];

    expect(await generateAll(now, horizon)).toBeGreaterThanOrEqual(1);
    const made = await Visit.find({ plan: bookingId, slot: { $gt: short } }).lean();
    expect(made).toHaveLength(1);
    // This week's answers are kept (no visit read); the far windows show the new visit in the next answer.
    const reads = vi.spyOn(Visit, 'find');
    try {
      expect([await schedule(), await mine(), await office()]).toEqual(week);
      expect(reads).not.toHaveBeenCalled();
    } finally {
      reads.mockRestore();
    }
    expect((await farMine()).map((x) => x.id)).toEqual([String(made[0]._id)]);
    expect((await farOffice()).map((x) => x.id)).toEqual([String(made[0]._id)]);
  });
});
