// bench:scale's visits part: a third of the customers on a weekly plan with a regular cleaner,
// half a year of done visits behind each (worked, reviewed) and visits up to the horizon ahead — short
// of it by one day, so the server's generation pass at start does what the daily pass does: it reads
// every plan and tops each up to the new horizon. The routes are the three visit lists for a week.
import path from 'node:path';
import mongoose from 'mongoose';
import { startEngine } from '../../api/engine/index';
import { Plan } from '../../api/src/models/Plan';
import { Visit } from '../../api/src/models/Visit';
import { PLANS_MARKER } from '../../api/src/services/plans/visits-migrate';
import { addDays, londonDate, planDates, weekdayOf, type PlanRule } from '@shared/visits';
import { londonWallTime } from '@shared/when';

type Id = mongoose.Types.ObjectId;
const { ObjectId } = mongoose.mongo;
const HISTORY_WEEKS = 26;
/** As the server's default (VISIT_HORIZON_DAYS). */
const HORIZON_DAYS = 91;

export interface VisitsSeeded {
  plans: number;
  future: number;
  past: number;
  /** A customer with a plan, and the cleaner with the most plans. */
  customer: string;
  cleaner: string;
}

/**
 * Plans and their visits, written straight into the database. The bookings' own migration into plans is
 * marked done (these bookings are the older one-off history; the plans are the regular service).
 */
export async function seedVisits(users: { _id: Id; }[], cleaners: { _id: Id; }[], now: number): Promise<VisitsSeeded> {
  await mongoose.connection.db!.collection<{ _id: string; done_at: Date; }>('migrations').insertOne({ _id: PLANS_MARKER, done_at: new Date() });
  const today = londonDate(now);
  const through = addDays(today, HORIZON_DAYS - 1);
  const counts = { plans: 0, future: 0, past: 0 };
  let batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length) await Visit.collection.insertMany(batch, { ordered: false });
    batch = [];
  };
  const plans: Record<string, unknown>[] = [];
  for (let i = 0; i < users.length; i += 3) {
    const _id = new ObjectId();
    // Spread over every cleaner (i steps by 3: i % 30 would give only 10 of the 30 a round).
    const employee = cleaners[(i / 3) % cleaners.length]._id;
    const anchor = addDays(today, -7 * HISTORY_WEEKS + (i % 7));
    const time = `${String(8 + (i % 9)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`;
    const rule: PlanRule = { frequency: 'weekly', anchor, time, days: [weekdayOf(anchor)] };
    const reference = `SC-P${i.toString(36).toUpperCase()}`;
    plans.push({
      _id,
      user: users[i]._id,
      reference,
      employee,
      ...rule,
      state: 'active',
      paused_from: null,
      paused_until: null,
      ends_on: null,
      version: 0,
      generated_through: through,
      created_at: new Date(londonWallTime(anchor, time)!),
      updated_at: new Date(now),
    });
    for (const slot of planDates(rule, anchor, through)) {
      const start = new Date(londonWallTime(slot, time)!);
      const done = slot < today;
      batch.push({
        plan: _id,
        user: users[i]._id,
        reference,
        slot,
        start,
        day: slot,
        employee,
        state: done ? 'completed' : 'scheduled',
        exception: false,
        on_booking: false,
        version: 0,
        ...(done
          ? { work_submitted: true, submitted_work_hours: 2.5, submitted_at: new Date(start.getTime() + 3 * 3600_000), timesheet_status: 'approved' }
          : {}),
        created_at: start,
        updated_at: start,
      });
      counts[done ? 'past' : 'future']++;
      if (batch.length >= 5000) await flush();
    }
    counts.plans++;
  }
  await flush();
  for (let i = 0; i < plans.length; i += 5000) await Plan.collection.insertMany(plans.slice(i, i + 5000));
  return { ...counts, customer: String(users[0]._id), cleaner: String(cleaners[0]._id) };
}

/** The visit routes for the coming week (Monday to Sunday), each as its person sees it, and the office's schedule of it. */
export function visitRoutes(now: number): [label: string, path: string, who: 'customer' | 'cleaner' | 'admin'][] {
  const today = londonDate(now);
  const monday = addDays(today, 1 - weekdayOf(today));
  const week = `from=${monday}&to=${addDays(monday, 6)}`;
  return [
    ['cleaner visits, week', `/api/employee/visits?${week}`, 'cleaner'],
    ['customer visits', '/api/user/visits', 'customer'],
    ['office visits, week', `/api/admin/visits?${week}`, 'admin'],
    ['office visits, page 5', `/api/admin/visits?${week}&page=5`, 'admin'],
    // The office's schedule: the week of every cleaner, with clashes, holidays and time off.
    ['office schedule, week', `/api/admin/schedule?${week}`, 'admin'],
  ];
}

/**
 * While the server's start pass tops every plan up (the daily pass's work), asks each route in turn and
 * keeps the times; returns them with the pass's own time from its log line ('visit generation pass done').
 */
export async function duringGeneration(base: string, output: () => string, routes: [label: string, path: string, headers: Record<string, string>][]) {
  const times = new Map(routes.map(([label]) => [label, [] as number[]]));
  const line = () => output().split('\n').find((l) => l.includes('visit generation pass done'));
  const t0 = performance.now();
  // Each route's first answer after the start (a cold one: its code and lists not yet warm) is reported
  // apart, beside the other first answers; the probes after it measure what the pass does to them.
  const first = new Map<string, number>();
  for (const [label, path, headers] of routes) {
    const r0 = performance.now();
    await (await fetch(base + path, { headers })).arrayBuffer();
    first.set(label, performance.now() - r0);
  }
  while (!line() && performance.now() - t0 < 300_000) {
    for (const [label, path, headers] of routes) {
      const r0 = performance.now();
      await (await fetch(base + path, { headers })).arrayBuffer();
      times.get(label)!.push(performance.now() - r0);
    }
  }
  const found = line();
  const logged = found ? (JSON.parse(found) as { ms?: number; created?: number; }) : {};
  return { passMs: logged.ms ?? NaN, created: logged.created ?? NaN, times, first };
}

/**
 * Takes a reused data directory back to the day before its last pass: every plan generated through the
 * server's horizon (today + VISIT_HORIZON_DAYS) is set one day short and the visits of that last day are
 * removed, so the next start's pass does a daily pass's work again (a run on a copy done before it
 * would find nothing to do). Returns how many plans it set back.
 */
export async function rewindOneDay(dataDir: string, now: number): Promise<number> {
  const engine = await startEngine({ dataDir: path.join(dataDir, 'db'), port: 0 });
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  try {
    const through = addDays(londonDate(now), HORIZON_DAYS);
    await Visit.collection.deleteMany({ slot: { $gte: through }, state: 'scheduled', exception: { $ne: true } });
    const res = await Plan.collection.updateMany({ generated_through: { $gte: through } }, { $set: { generated_through: addDays(through, -1) } });
    return res.modifiedCount;
  } finally {
    await mongoose.disconnect();
    await engine.close();
  }
}
