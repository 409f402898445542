// Bookings accepted before plans existed become plans, in batches on the job runner (services/upgrade/):
// - a booking done (completed, or its work submitted) is history: an ENDED plan holding its one done
//   visit, which statements, timesheets, ratings and data exports read; it generates nothing;
// - a booking accepted and not yet done becomes an active plan, with its visits from its booked date
//   up to the horizon.
// A migration tells nobody: no message, and no reminder for a visit starting within the reminder lead
// (a reminder due at once would be a message the customer never asked for). The booking itself is not
// changed: its reference, hours, review state, query and approval stay where every booking route and
// the timesheets read them; its first visit says so (`on_booking`).
// A batch is safe to run again after a kill at any point: visits first (the unique plan and slot index
// refuses the second copy), then their reminders (keyed by visit), then the plans; a booking whose plan
// exists is skipped, so a plan is only there once everything before it is.
import { serverClock } from '../../clock';
import mongoose from 'mongoose';
import { londonDateAndTime, londonWallTime } from '@shared/when';
import { addDays, londonDate, ruleFromBooking, visitsToCreate } from '@shared/visits';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { Visit } from '../../models/Visit';
import { bumpWriteVersion } from '../../models/write-version';
import { isDuplicateKey } from '../../models/duplicate-key';

export const PLANS_MARKER = 'plans-from-bookings';

/** A booking with no single time ("Mondays after 10") is given 09:00 on the day it was accepted. */
export const LEGACY_FREE_TEXT_TIME = '09:00';

/** What a batch needs: the server's now, the horizon, the reminder lead, and where reminders are planned. */
export interface PlansMigrationContext {
  now: Date;
  horizonDays: number;
  reminderLeadMs: number;
  /** Plans the reminders of visits (one bulk write); answers how many. */
  remind(visits: Array<{ _id: mongoose.Types.ObjectId; plan: mongoose.Types.ObjectId; start: Date; }>): Promise<number>;
}

export interface PlansBatchChanges {
  plans_active: number;
  plans_ended: number;
  visits: number;
  jobs: number;
  messages: number;
}

const FIELDS = {
  user: 1,
  reference: 1,
  status: 1,
  accepted_by: 1,
  accepted_at: 1,
  created_at: 1,
  scheduledAt: 1,
  frequency: 1,
  price_pence: 1,
  work_submitted: 1,
  submitted_work_hours: 1,
  submitted_at: 1,
  timesheet_status: 1,
} as const;

/** The first visit of a booking accepted before plans existed. */
function firstVisitOf(b: BookingDoc): { date: string; time: string; } {
  if (b.scheduledAt) return londonDateAndTime(b.scheduledAt)!;
  return { date: londonDateAndTime(b.accepted_at ?? b.created_at)!.date, time: LEGACY_FREE_TEXT_TIME };
}

/** Done under the old model: completed, or its work submitted (the clean happened). */
const isDone = (b: BookingDoc) => b.status === 'completed' || b.work_submitted === true;

const visitOf = (b: BookingDoc, slot: string, start: number, first: boolean) => ({
  _id: new mongoose.Types.ObjectId(),
  plan: b._id,
  user: b.user,
  reference: b.reference ?? '',
  slot,
  start: new Date(start),
  day: slot,
  employee: b.accepted_by ?? null,
  state: 'scheduled',
  on_booking: first,
  price_pence: b.price_pence ?? null,
});

/** The plan and visits of one booking: its first visit always; further ones only while it is not done. */
function planOf(b: BookingDoc, ctx: PlansMigrationContext) {
  const first = firstVisitOf(b);
  const rule = ruleFromBooking(b.frequency, first);
  const done = isDone(b);
  const today = londonDate(ctx.now);
  const through = addDays(today, ctx.horizonDays);
  const firstVisit: Record<string, unknown> = visitOf(
    b,
    rule.anchor,
    londonWallTime(rule.anchor, rule.time) ?? b.scheduledAt?.getTime() ?? Date.parse(rule.anchor),
    true,
  );
  // The one done visit carries the booking's work state (the booking keeps the submission itself).
  if (done) firstVisit.state = 'completed';
  if (b.work_submitted) {
    Object.assign(firstVisit, {
      work_submitted: true,
      submitted_work_hours: b.submitted_work_hours,
      submitted_at: b.submitted_at,
      timesheet_status: b.timesheet_status ?? 'submitted',
    });
  }
  const later: Record<string, unknown>[] = done
    ? []
    : visitsToCreate(rule, [rule.anchor], today, ctx.horizonDays).map((s) => visitOf(b, s.slot, s.start, false));
  const plan = {
    _id: b._id,
    user: b.user,
    reference: b.reference ?? '',
    employee: b.accepted_by ?? null,
    ...rule,
    state: done ? 'ended' : 'active',
    ends_on: done ? rule.anchor : null,
    version: 0,
    // An ended plan is never read by the generation pass; an active one has its visits up to the horizon.
    generated_through: done ? rule.anchor : through,
    price_pence: b.price_pence ?? null,
  };
  return { plan, visits: [firstVisit, ...later], done };
}

/**
 * Inserts documents of a model, with its defaults and stamps, in one write past the model (its casting
 * of each document cost more than the write); one another writer made first (an accept meanwhile, or
 * the same batch before a kill) is left as it is. Answers how many were inserted; the caller moves the
 * write versions once for the batch.
 */
async function insertOnce(model: typeof Plan | typeof Visit, docs: Record<string, unknown>[]): Promise<number> {
  if (!docs.length) return 0;
  // The same clock mongoose's own stamps read (the server's), so a moved test clock moves these too.
  const at = serverClock.now();
  const full = docs.map((d) => ({ ...(new model(d) as mongoose.Document).toObject(), created_at: at, updated_at: at }));
  try {
    return (await model.collection.insertMany(full as never[], { ordered: false })).insertedCount;
  } catch (err) {
    const e = err as { writeErrors?: Array<{ code?: number; err?: { code?: number; }; }>; result?: { insertedCount?: number; }; };
    const errors = e.writeErrors ?? [];
    if ((!isDuplicateKey(err) && !errors.length) || errors.some((w) => (w.code ?? w.err?.code) !== 11000)) throw err;
    return e.result?.insertedCount ?? full.length - errors.length;
  }
}

/**
 * One batch: the bookings after `after` (by _id, `limit` of them, any status: the progress counts them
 * all); null when none is left. Answers the last _id read, how many were read and what was written.
 */
export async function migratePlansBatch(
  ctx: PlansMigrationContext,
  after: string | null,
  limit = 500,
): Promise<{ last: string; seen: number; changes: PlansBatchChanges; } | null> {
  const filter = after ? { _id: { $gt: new mongoose.Types.ObjectId(after) } } : {};
  const read = await Booking.find(filter, FIELDS).sort({ _id: 1 }).limit(limit).lean<BookingDoc[]>();
  if (!read.length) return null;
  const changes: PlansBatchChanges = { plans_active: 0, plans_ended: 0, visits: 0, jobs: 0, messages: 0 };
  const wanted = read.filter((b) => (b.status === 'accepted' || b.status === 'completed') && b.accepted_by);
  const have = wanted.length
    ? new Set((await Plan.find({ _id: { $in: wanted.map((b) => b._id) } }, { _id: 1 }).lean()).map((p) => String(p._id)))
    : new Set<string>();
  const made = wanted.filter((b) => !have.has(String(b._id))).map((b) => planOf(b, ctx));
  if (made.length) {
    changes.visits = await insertOnce(Visit, made.flatMap((m) => m.visits));
    // The reminders of the scheduled visits as stored (a redone batch finds the first copy's ids), none
    // for a visit starting within the lead.
    const from = new Date(ctx.now.getTime() + ctx.reminderLeadMs);
    const active = made.filter((m) => !m.done).map((m) => m.plan._id);
    if (active.length) {
      const ahead = await Visit.find({ plan: { $in: active }, state: 'scheduled', start: { $gt: from } }, { _id: 1, plan: 1, start: 1 }).lean();
      changes.jobs = await ctx.remind(ahead as Array<{ _id: mongoose.Types.ObjectId; plan: mongoose.Types.ObjectId; start: Date; }>);
    }
    await insertOnce(Plan, made.map((m) => m.plan));
    changes.plans_active = made.filter((m) => !m.done).length;
    changes.plans_ended = made.length - changes.plans_active;
    // Written past the models: their versions (lib/versioned-cache.ts) are moved here, once per batch.
    for (const name of ['plans', 'visits', 'visits_far']) await bumpWriteVersion(name);
  }
  return { last: String(read[read.length - 1]._id), seen: read.length, changes };
}
