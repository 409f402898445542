// Visits from each plan's rule up to the horizon (config.visitHorizonDays ahead of London's today, by
// the server's one clock): on start and every config.visitGenerateEveryMs. Idempotent across instances:
// the unique (plan, slot) index lets each visit be created once, whoever writes first.
import mongoose from 'mongoose';
import { addDays, londonDate, visitsToCreate, type PlanRule } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import type { Deps } from '../deps';
import { Plan, type PlanDoc } from '../models/Plan';
import { Visit } from '../models/Visit';
import { isDuplicateKey } from '../models/duplicate-key';
import { Booking } from '../models/Booking';

type Id = mongoose.Types.ObjectId;

/** The rule a stored plan follows. */
export function ruleOf(p: Pick<PlanDoc, 'frequency' | 'anchor' | 'time' | 'days' | 'interval_weeks' | 'valid_from' | 'ends_on' | 'paused_from' | 'paused_until'>): PlanRule {
  return {
    frequency: p.frequency,
    anchor: p.anchor,
    time: p.time,
    days: [...(p.days ?? [])],
    interval_weeks: p.interval_weeks ?? undefined,
    valid_from: p.valid_from ?? undefined,
    ends_on: p.ends_on ?? null,
    paused_from: p.paused_from ?? null,
    paused_until: p.paused_until ?? null,
  };
}

/** Inserts visits, skipping those another writer created first; how many this call created. */
async function insertNew(docs: Record<string, unknown>[]): Promise<number> {
  if (!docs.length) return 0;
  try {
    const res = await Visit.insertMany(docs, { ordered: false, rawResult: true });
    return res.insertedCount;
  } catch (err) {
    if (!isDuplicateKey(err) && !(err as { writeErrors?: unknown[] }).writeErrors) throw err;
    const e = err as { insertedDocs?: unknown[]; result?: { insertedCount?: number }; writeErrors?: Array<{ code?: number; err?: { code?: number } }> };
    const other = (e.writeErrors ?? []).find((w) => (w.code ?? w.err?.code) !== 11000);
    if (other) throw err;
    return e.insertedDocs?.length ?? e.result?.insertedCount ?? 0;
  }
}

/** Tops one plan's visits up to `horizonDays` after London's today; how many were created. */
export async function generatePlanVisits(plan: PlanDoc, now: Date, horizonDays: number): Promise<number> {
  const today = londonDate(now);
  const through = addDays(today, horizonDays);
  const existing = await Visit.find({ plan: plan._id, slot: { $gte: today, $lte: through } }, { slot: 1, _id: 0 }).lean();
  const slots = visitsToCreate(ruleOf(plan), existing.map((v) => v.slot), today, horizonDays);
  const created = await insertNew(
    slots.map((s) => ({
      plan: plan._id,
      user: plan.user,
      reference: plan.reference,
      slot: s.slot,
      start: new Date(s.start),
      day: s.slot,
      employee: plan.employee ?? null,
      state: 'scheduled',
      on_booking: s.slot === plan.anchor,
      price_pence: plan.price_pence ?? null,
    })),
  );
  // Only when no change came in between (it resets generated_through itself and generates again).
  await Plan.updateOne({ _id: plan._id, version: plan.version }, { $set: { generated_through: through } });
  return created;
}

/** One pass over every plan short of the horizon; how many visits were created. */
export async function generateAll(now: Date, horizonDays: number): Promise<number> {
  const through = addDays(londonDate(now), horizonDays);
  let created = 0;
  const cursor = Plan.find({ generated_through: { $lt: through }, state: { $ne: 'ended' } }).lean<PlanDoc[]>().cursor();
  for await (const plan of cursor as AsyncIterable<PlanDoc>) created += await generatePlanVisits(plan, now, horizonDays);
  return created;
}

/** Generates on start, then on an interval (cleared by the returned stop). A failed pass is logged and tried again next time. */
export async function startVisitGeneration(deps: Pick<Deps, 'clock' | 'config' | 'log'>): Promise<() => void> {
  const pass = async () => {
    deps.log.debug('visit generation pass');
    try {
      const created = await generateAll(deps.clock.now(), deps.config.visitHorizonDays);
      if (created) deps.log.info({ created }, 'visits generated');
    } catch (err) {
      deps.log.error({ err }, 'visit generation failed');
    }
  };
  await pass();
  const timer = setInterval(() => void pass(), deps.config.visitGenerateEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The plan of a booking just accepted or assigned: created once (its _id is the booking's), then its visits. */
export async function createPlan(
  booking: { _id: Id; user: Id; reference?: string | null },
  employee: Id | null,
  rule: PlanRule,
  now: Date,
  horizonDays: number,
): Promise<PlanDoc> {
  // A plan left by the cleaner the booking was just taken back from (its drop may not have run yet)
  // is replaced, with its scheduled visits: the booking's plan is always its current cleaner's.
  const stale = await Plan.deleteOne({ _id: booking._id, employee: { $ne: employee } });
  if (stale.deletedCount) await Visit.deleteMany({ plan: booking._id, state: 'scheduled', employee: { $ne: employee } });
  // Each visit carries the booking's price per visit (confirmed by the office, else the quote's).
  const price_pence = (await Booking.findById(booking._id, { price_pence: 1 }).lean())?.price_pence ?? null;
  await Plan.updateOne(
    { _id: booking._id },
    { $setOnInsert: { user: booking.user, reference: booking.reference ?? '', employee, ...rule, state: 'active', version: 0, generated_through: '', price_pence } },
    { upsert: true },
  );
  const plan = (await Plan.findById(booking._id).lean<PlanDoc>())!;
  // The first visit even when it is today or earlier than the horizon's start (accepted late in the day).
  const first = firstVisitDoc(plan);
  if (first) await insertNew([first]);
  await generatePlanVisits(plan, now, horizonDays);
  return plan;
}

/** The first visit is on the anchor date whatever the weekdays chosen (a Saturday start of a Monday/Thursday plan). */
function firstVisitDoc(plan: PlanDoc): Record<string, unknown> | null {
  const start = londonWallTime(plan.anchor, plan.time);
  if (start === null) return null;
  return { plan: plan._id, user: plan.user, reference: plan.reference, slot: plan.anchor, start: new Date(start), day: plan.anchor, employee: plan.employee ?? null, state: 'scheduled', on_booking: true, price_pence: plan.price_pence ?? null };
}

export { insertNew as insertVisits, firstVisitDoc };
