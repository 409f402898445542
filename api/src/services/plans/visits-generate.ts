// Visits from each plan's rule up to the horizon (config.visitHorizonDays ahead of London's today, by
// the server's one clock): on start and every config.visitGenerateEveryMs (a job, jobs/index.ts). Idempotent across instances:
// the unique (plan, slot) index lets each visit be created once, whoever writes first.
import mongoose from 'mongoose';
import { addDays, londonDate, visitsToCreate, type PlanRule } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import type { Deps } from '../../deps';
import { Plan, type PlanDoc } from '../../models/Plan';
import { Visit } from '../../models/Visit';
import { isDuplicateKey } from '../../models/duplicate-key';
import { bumpWriteVersion } from '../../models/write-version';
import { farWritesFrom } from '../../lib/versioned-cache';

type Id = mongoose.Types.ObjectId;

/** The rule a stored plan follows. */
export function ruleOf(
  p: Pick<PlanDoc, 'frequency' | 'anchor' | 'time' | 'days' | 'interval_weeks' | 'valid_from' | 'ends_on' | 'paused_from' | 'paused_until'>,
): PlanRule {
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
  return (await insertNewDocs(docs)).length;
}

/** A visit just generated for a plan (what its reminder is planned from). */
type MadeVisit = ReturnType<typeof visitDoc>;

/**
 * Inserts visits (each with its _id), skipping those another writer created first; the ones this call
 * created. `far`: visits from FAR_DAYS ahead (the daily pass's horizon day), written past the model with
 * its defaults, moving 'visits_far' rather than 'visits' (versioned-cache.ts: this week's answers survive).
 */
async function insertNewDocs<D extends Record<string, unknown>>(docs: D[], far = false): Promise<D[]> {
  if (!docs.length) return [];
  const counter = far ? 'visits_far' : 'visits';
  try {
    // Without rawResult: with it, mongoose runs no post-insertMany hook, and the visits' write version stayed.
    if (far) {
      await Visit.collection.insertMany(docs.map((d) => new Visit(d).toObject()), { ordered: false });
      await bumpWriteVersion(counter);
    } else await Visit.insertMany(docs, { ordered: false });
    return docs;
  } catch (err) {
    if (!isDuplicateKey(err) && !(err as { writeErrors?: unknown[]; }).writeErrors) throw err;
    const e = err as {
      insertedDocs?: Array<{ _id?: unknown; }>;
      writeErrors?: Array<{ code?: number; index?: number; err?: { code?: number; index?: number; }; }>;
    };
    const other = (e.writeErrors ?? []).find((w) => (w.code ?? w.err?.code) !== 11000);
    if (other) throw err;
    // The ones not refused (ordered: false inserts every other one).
    const refused = new Set((e.writeErrors ?? []).map((w) => w.index ?? w.err?.index));
    const inserted = e.insertedDocs ? new Set(e.insertedDocs.map((d) => String(d._id))) : undefined;
    const made = docs.filter((d, i) => (inserted && d._id ? inserted.has(String(d._id)) : !refused.has(i)));
    // The model's hook runs only when insertMany succeeds: the visits just made move the version here.
    if (made.length) await bumpWriteVersion(counter);
    return made;
  }
}

/** A generated visit: the plan's cleaner, on the rule's date and time. */
const visitDoc = (plan: PlanDoc, slot: string, start: number) => ({
  // Its own id up front: the pass plans each new visit's reminder by it.
  _id: new mongoose.Types.ObjectId(),
  plan: plan._id,
  user: plan.user,
  reference: plan.reference,
  slot,
  start: new Date(start),
  day: slot,
  employee: plan.employee ?? null,
  state: 'scheduled',
  on_booking: slot === plan.anchor,
  price_pence: plan.price_pence ?? null,
});

/** Tops one plan's visits up to `horizonDays` after London's today; the visits it created. */
export async function generatePlanVisits(plan: PlanDoc, now: Date, horizonDays: number, first?: MadeVisit | null): Promise<MadeVisit[]> {
  const today = londonDate(now);
  const through = addDays(today, horizonDays);
  const from = first && (first.slot as string) < today ? (first.slot as string) : today;
  const existing = (await Visit.find({ plan: plan._id, slot: { $gte: from, $lte: through } }, { slot: 1, _id: 0 }).lean()).map((v) => v.slot);
  const slots = visitsToCreate(ruleOf(plan), existing, today, horizonDays);
  // A new plan's first visit goes in the same insert (one write, one version move), unless it is there.
  const extra = first && !existing.includes(first.slot as string) && !slots.some((x) => x.slot === first.slot) ? [first] : [];
  const created = await insertNewDocs([...extra, ...slots.map((s) => visitDoc(plan, s.slot, s.start))]);
  // Only when no change came in between (it resets generated_through itself and generates again). Past
  // the model, as the pass does: generated_through is in no kept answer (versioned-cache.ts).
  await Plan.collection.updateOne({ _id: plan._id, version: plan.version }, { $set: { generated_through: through } });
  return created;
}

/** Plans read and topped up together by the pass: one query, one insert and one update per batch, not per plan. */
const PASS_BATCH = 100;

/** A visit the pass just created: `onNew` plans its reminder (no job can exist for it yet). */
export type NewVisit = { _id: Id; plan: Id; start: Date; };

/**
 * One pass over every plan short of the horizon; how many visits were created. `onNew` hears of the
 * visits each batch created. Between batches the pass gives way (a macrotask), so requests are answered
 * meanwhile; each batch's writes are bulk writes the engine runs in slices.
 */
export async function generateAll(now: Date, horizonDays: number, onNew?: (visits: NewVisit[]) => Promise<void>): Promise<number> {
  const today = londonDate(now);
  const through = addDays(today, horizonDays);
  let created = 0;
  let batch: PlanDoc[] = [];
  const cursor = Plan.find({ generated_through: { $lt: through }, state: { $nin: ['ended', 'cancelled'] } }).lean<PlanDoc[]>().cursor({
    batchSize: PASS_BATCH,
  });
  for await (const plan of cursor as AsyncIterable<PlanDoc>) {
    batch.push(plan);
    if (batch.length < PASS_BATCH) continue;
    created += await generateBatch(batch, now, horizonDays, onNew);
    batch = [];
    await new Promise((resolve) => setImmediate(resolve));
  }
  if (batch.length) created += await generateBatch(batch, now, horizonDays, onNew);
  return created;
}

/**
 * A plan generated before (`generated_through` set) only gains the dates after it, which have no visit
 * yet; a plan a change reset ('') is compared with the visits it has. Either way the unique (plan, slot)
 * index turns a visit another writer made first into a skipped insert, so the batch stays idempotent.
 */
async function generateBatch(plans: PlanDoc[], now: Date, horizonDays: number, onNew?: (visits: NewVisit[]) => Promise<void>): Promise<number> {
  const today = londonDate(now);
  const through = addDays(today, horizonDays);
  const reset = plans.filter((p) => !p.generated_through);
  const have = new Map<string, string[]>();
  if (reset.length) {
    const existing = await Visit.find({ plan: { $in: reset.map((p) => p._id) }, slot: { $gte: today, $lte: through } }, { plan: 1, slot: 1, _id: 0 }).lean();
    for (const v of existing) have.set(String(v.plan), [...(have.get(String(v.plan)) ?? []), v.slot]);
  }
  const docs = plans.flatMap((plan) =>
    visitsToCreate(ruleOf(plan), have.get(String(plan._id)) ?? [], today, horizonDays, plan.generated_through ?? '').map((s) => visitDoc(plan, s.slot, s.start))
  );
  const farFrom = farWritesFrom(now);
  const made = [
    ...(await insertNewDocs(docs.filter((d) => d.start.getTime() < farFrom))),
    ...(await insertNewDocs(docs.filter((d) => d.start.getTime() >= farFrom), true)),
  ];
  // Only plans no change came to in between (a change resets generated_through itself and generates again).
  // Past the model on purpose: generated_through is in no kept answer, so the plans' write version stays
  // and the schedule's plan facts (kept per that version, versioned-cache.ts) survive the daily pass.
  await Plan.collection.bulkWrite(
    plans.map((p) => ({ updateOne: { filter: { _id: p._id, version: p.version }, update: { $set: { generated_through: through } } } })),
    { ordered: false },
  );
  if (onNew && made.length) await onNew(made);
  return made.length;
}

/**
 * One logged pass (the start pass, and the recurring job of jobs/index.ts): a failed pass is logged and
 * tried again at the next. The start pass runs in the background: a restart serves at once (a plan made
 * or changed generates its own visits; the pass only moves every horizon on by the days the server was down).
 */
export async function generationPass(deps: Pick<Deps, 'clock' | 'config' | 'log'>, onNew?: (visits: NewVisit[]) => Promise<void>): Promise<void> {
  deps.log.debug('visit generation pass');
  const t0 = performance.now();
  try {
    const created = await generateAll(deps.clock.now(), deps.config.visitHorizonDays, onNew);
    deps.log.info({ created, ms: Math.round(performance.now() - t0) }, 'visit generation pass done');
  } catch (err) {
    deps.log.error({ err }, 'visit generation failed');
  }
}

/**
 * The plan of a booking just accepted or assigned (created once: its _id is the booking's), then its
 * visits. `fresh`: the plan did not exist before (none of this cleaner's, none of another's replaced),
 * so its visits are all the ones `made` and no reminder can exist for them yet.
 */
export async function createPlan(
  // Its price per visit and home as the caller has just read them (an accept's own write answers them).
  booking: { _id: Id; user: Id; reference?: string | null; price_pence?: number | null; home?: Id | null; },
  employee: Id | null,
  rule: PlanRule,
  now: Date,
  horizonDays: number,
): Promise<{ plan: PlanDoc; fresh: boolean; made: MadeVisit[]; }> {
  // Each visit carries the booking's price per visit (confirmed by the office, else the quote's).
  // and the plan is at the booking's home. The plan as it is after the write (theirs, when it existed).
  const upsert = async () => {
    const res = await Plan.findOneAndUpdate(
      { _id: booking._id, employee },
      {
        $setOnInsert: {
          user: booking.user,
          reference: booking.reference ?? '',
          employee,
          ...rule,
          state: 'active',
          version: 0,
          generated_through: '',
          price_pence: booking.price_pence ?? null,
          home: booking.home ?? null,
        },
      },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    ).lean<{ value: PlanDoc | null; lastErrorObject?: { updatedExisting?: boolean; }; }>();
    return { plan: res.value!, fresh: !res.lastErrorObject?.updatedExisting };
  };
  let upserted = await upsert().catch((err: unknown) => {
    if (isDuplicateKey(err)) return null;
    throw err;
  });
  if (!upserted) {
    // A plan left by the cleaner the booking was just taken back from (its drop may not have run yet)
    // is replaced, with its scheduled visits: the booking's plan is always its current cleaner's.
    const stale = await Plan.deleteOne({ _id: booking._id, employee: { $ne: employee } });
    if (stale.deletedCount) await Visit.deleteMany({ plan: booking._id, state: 'scheduled', employee: { $ne: employee } });
    upserted = { ...(await upsert()), fresh: false };
  }
  // The first visit even when it is today or earlier than the horizon's start (accepted late in the day).
  return { ...upserted, made: await generatePlanVisits(upserted.plan, now, horizonDays, firstVisitDoc(upserted.plan)) };
}

/** The first visit is on the anchor date whatever the weekdays chosen (a Saturday start of a Monday/Thursday plan). */
function firstVisitDoc(plan: PlanDoc): MadeVisit | null {
  const start = londonWallTime(plan.anchor, plan.time);
  if (start === null) return null;
  return visitDoc(plan, plan.anchor, start);
}

export { insertNew as insertVisits, firstVisitDoc };
