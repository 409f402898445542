// The visit notices on the job runner (README "Reminders and live notices"):
// - the customer's reminder, `reminder:{visitId}:customer`, REMINDER_HOURS_BEFORE before the start and
//   stale from it; kept in step with the plan's visits by syncPlanReminders after every change
//   (generated, created, moved → scheduled or moved; skipped, cancelled, paused, ended, removed → cancelled);
// - the rating request, `rating:{visitId}`, an hour after the work is submitted;
// - each cleaner's next day, `evening:{employeeId}:{day}` (one per cleaner and day), planned by a daily
//   job at CLEANER_EVENING_AT;
// - the late-start sweep, every minute: the office alerted once per visit not started 30 min after its time;
// - cover jobs, `cover:{visitId}:{version}:{employeeId}`: one notice per cleaner and release.
// Every handler reads the visit again when it runs, so whatever path changed it, nothing stale is sent.
import mongoose from 'mongoose';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { addDays, londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import type { Deps } from '../deps';
import { Employee } from '../models/Employee';
import { Job } from '../models/Job';
import { Rating } from '../models/Rating';
import { Visit, type VisitDoc } from '../models/Visit';
import { notify } from '../notify/notify';
import { visitContext, type VisitContext } from '../services/plans/visit-context';
import { alertLateStart, eveningMessage, finishedMessage, ratingRequestMessage, reminderMessage } from '../services/plans/visit-notices';
import { formatPostcode } from '@shared/postcode';
import { when } from '../services/plans/visit-mail';
import { CUSTOMER, defineVisitReminders, reminderJob, reminderKey, VISIT_REMINDER } from './visit-reminders';
import { defineCoverNotices } from './cover-notices';
import { defineTell } from './tell';

type JobDeps = Pick<Deps, 'jobs' | 'config' | 'mailer' | 'push' | 'log' | 'clock'>;
const H = 3600_000;
const oid = (id: string) => new mongoose.Types.ObjectId(id);
export const RATING_REQUEST = 'rating-request';
export const EVENING_PLAN = 'evening-plan';
export const EVENING_LIST = 'evening-list';
export const LATE_SWEEP = 'late-start-sweep';
export const COVER_NOTICE = 'cover-notice';
/** How long after its start a visit not begun is reported to the office, and how far back the sweep looks. */
export const LATE_AFTER_MS = 30 * 60_000;
const LATE_LOOKBACK_MS = 12 * H;
const LATE_SWEEP_EVERY_MS = 60_000;
const RATING_DELAY_MS = H;

/**
 * Brings a plan's customer reminders in step with its visits: each scheduled visit ahead has one at its
 * start minus the lead (a done one comes back only when the visit moved since it was sent); a pending
 * one whose visit is no longer scheduled (skipped, cancelled, removed) is cancelled.
 */
export async function syncPlanReminders(deps: JobDeps, planId: string | mongoose.Types.ObjectId): Promise<void> {
  const now = deps.clock.now();
  const lead = deps.config.reminderHoursBefore * H;
  const visits = await Visit.find({ plan: planId, state: 'scheduled', start: { $gt: now } }, { start: 1 }).lean<Pick<VisitDoc, '_id' | 'start'>[]>();
  const keys = visits.map((v) => reminderKey(String(v._id), CUSTOMER));
  const jobs = keys.length ? await Job.find({ key: { $in: keys } }, { key: 1, state: 1, payload: 1 }).lean() : [];
  const byKey = new Map(jobs.map((j) => [j.key, j]));
  const plan = [];
  for (const v of visits) {
    const key = reminderKey(String(v._id), CUSTOMER);
    const startsAt = v.start.toISOString();
    const job = byKey.get(key);
    const was = (job?.payload as { startsAt?: string; } | undefined)?.startsAt;
    if (job && was === startsAt && job.state !== 'cancelled') continue; // already planned (or sent) for this start
    plan.push({
      ...reminderJob({ ...v, plan: planId }, lead),
      // Sent for another start: the visit moved, so it is reminded again.
      ...(job?.state === 'done' && was ? { rearmDoneWhere: { 'payload.startsAt': was } } : {}),
    });
  }
  // One bulk write for the plan's reminders (a new weekly plan has 13): an accept waited on each in turn.
  await deps.jobs.scheduleMany(plan);
  const live = new Set(visits.map((v) => String(v._id)));
  const pending = await Job.find({ 'payload.planId': String(planId), state: 'pending', kind: VISIT_REMINDER }, { key: 1, payload: 1 }).lean();
  for (const j of pending) if (!live.has(String((j.payload as { visitId?: string; }).visitId))) await deps.jobs.cancel(j.key);
}

/**
 * The reminders of visits the generation pass just created: none can have one yet, so one bulk write and
 * no reads (a whole plan's sync per plan made the daily pass over 3 334 plans take 38 s). Never fails the pass.
 */
export async function remindNewVisits(deps: JobDeps, visits: Array<Pick<VisitDoc, '_id' | 'start' | 'plan'>>): Promise<void> {
  const now = deps.clock.now().getTime();
  const lead = deps.config.reminderHoursBefore * H;
  const ahead = visits.filter((v) => v.start.getTime() > now);
  await deps.jobs.scheduleMany(ahead.map((v) => reminderJob(v, lead))).catch((err: unknown) =>
    deps.log.error({ err, visits: ahead.length }, 'visit reminders could not be planned')
  );
}

/** syncPlanReminders that never fails the request it follows (logged; the handler re-checks anyway). */
export function syncRemindersQuietly(deps: JobDeps, planId: string | mongoose.Types.ObjectId | undefined | null): Promise<void> {
  if (!planId) return Promise.resolve();
  return syncPlanReminders(deps, planId).catch((err: unknown) => deps.log.error({ err, planId: String(planId) }, 'visit reminders could not be planned'));
}

/** After the work of a visit is submitted: the customer told now, the rating request in an hour. */
export async function visitFinished(deps: JobDeps, visitId: string): Promise<void> {
  try {
    const ctx = await visitContext(visitId);
    if (!ctx || ctx.visit.state !== 'completed') return;
    await deps.jobs.schedule({
      key: `rating:${visitId}`,
      kind: RATING_REQUEST,
      runAt: new Date(deps.clock.now().getTime() + RATING_DELAY_MS),
      payload: { visitId },
    });
    await notify(deps, { type: 'customer', id: ctx.customer.id }, 'on_my_way', finishedMessage(ctx));
  } catch (err) {
    deps.log.error({ err, visitId }, 'finished notice could not be sent');
  }
}

/** A released visit is offered to every other active cleaner: one job (and notice) per cleaner and release. */
export async function announceCover(deps: JobDeps, visit: { id: string; }, releasedBy: string): Promise<void> {
  try {
    const v = await Visit.findById(visit.id, { version: 1 }).lean();
    if (!v) return;
    const cleaners = await Employee.find({ is_active: true, _id: { $ne: oid(releasedBy) } }, { _id: 1 }).limit(500).lean();
    const now = deps.clock.now();
    for (const c of cleaners) {
      await deps.jobs.schedule({
        key: `cover:${visit.id}:${v.version}:${String(c._id)}`,
        kind: COVER_NOTICE,
        runAt: now,
        payload: { visitId: visit.id, employeeId: String(c._id), version: v.version },
      });
    }
  } catch (err) {
    deps.log.error({ err, visitId: visit.id }, 'cover job notices could not be planned');
  }
}

/** The next time of day `at` (London) after `now`. */
function nextLondon(now: Date, at: string): Date {
  let day = londonDate(now);
  for (let i = 0; i < 3; i++, day = addDays(day, 1)) {
    const t = londonWallTime(day, at)!;
    if (t > now.getTime()) return new Date(t);
  }
  return new Date(now.getTime() + 24 * H);
}

/** A recurring job lives on: planned at start unless one is already waiting (so a restart after 18:00 still runs today's). */
async function keepRecurring(deps: JobDeps, key: string, kind: string, runAt: Date) {
  if (await Job.exists({ key, state: 'pending' })) return;
  await deps.jobs.schedule({ key, kind, runAt });
}

async function sendEveningList(deps: JobDeps, employeeId: string, day: string): Promise<void> {
  const e = await Employee.findById(employeeId, { name: 1, is_active: 1 }).lean();
  if (!e || e.is_active === false) return;
  const start = new Date(londonWallTime(day, '00:00')!);
  const end = new Date(londonWallTime(addDays(day, 1), '00:00')!);
  const rows = await Visit.find({ employee: oid(employeeId), state: 'scheduled', start: { $gte: start, $lt: end } }, { _id: 1 }).sort({ start: 1 }).limit(50)
    .lean();
  const ctxs = (await Promise.all(rows.map((r) => visitContext(r._id)))).filter((c): c is VisitContext => c !== null);
  if (!ctxs.length) return;
  await notify(deps, { type: 'employee', id: employeeId }, 'changes', eveningMessage(e.name, day, ctxs));
}

/** Registers every visit notice job and plans the recurring ones. */
export async function startVisitNoticeJobs(deps: JobDeps): Promise<void> {
  const { jobs, clock, config, log } = deps;
  // One read of the visit: its context decides whether to send and makes the message.
  defineVisitReminders(deps, {
    async visit(id) {
      const ctx = mongoose.isValidObjectId(id) ? await visitContext(id) : null;
      return ctx ? { id, customerId: ctx.customer.id, status: ctx.visit.state ?? '', startsAt: ctx.visit.start, ctx } : null;
    },
    message: async (v) => reminderMessage(deps, v.ctx),
  });

  jobs.define(RATING_REQUEST, async (p) => {
    const ctx = await visitContext(String(p.visitId));
    if (!ctx || ctx.visit.state !== 'completed' || (await Rating.exists({ visit: ctx.visit._id }))) return;
    await notify(deps, { type: 'customer', id: ctx.customer.id }, 'ratings', ratingRequestMessage(deps, ctx));
  });

  jobs.define(EVENING_PLAN, async () => {
    const now = clock.now();
    const today = londonDate(now);
    // Run late after midnight (the server was down), it is still the evening before `today`.
    const evening = now.getTime() >= londonWallTime(today, config.cleanerEveningAt)! ? today : addDays(today, -1);
    const day = addDays(evening, 1);
    const start = new Date(londonWallTime(day, '00:00')!);
    const end = new Date(londonWallTime(addDays(day, 1), '00:00')!);
    const cleaners = await Visit.distinct('employee', { state: 'scheduled', start: { $gte: start, $lt: end }, employee: { $ne: null } });
    for (const id of cleaners) {
      const key = `evening:${String(id)}:${day}`;
      // One per cleaner and day: a key already planned or sent is left alone.
      if (!(await Job.exists({ key }))) await jobs.schedule({ key, kind: EVENING_LIST, runAt: now, payload: { employeeId: String(id), day }, staleAfter: end });
    }
    await jobs.schedule({ key: EVENING_PLAN, kind: EVENING_PLAN, runAt: nextLondon(now, config.cleanerEveningAt) });
  });
  jobs.define(EVENING_LIST, (p) => sendEveningList(deps, String(p.employeeId), String(p.day)));

  jobs.define(LATE_SWEEP, async () => {
    const now = clock.now();
    const late = await Visit.find(
      {
        state: 'scheduled',
        start: { $gte: new Date(now.getTime() - LATE_LOOKBACK_MS), $lte: new Date(now.getTime() - LATE_AFTER_MS) },
        on_my_way_at: null,
        late_alerted_at: null,
        work_submitted: { $ne: true },
      },
      { _id: 1 },
    )
      .limit(100)
      .lean();
    for (const { _id } of late) {
      const ctx = await visitContext(_id);
      if (!ctx) continue;
      // Mail first, then mark: this sweep runs on one instance at a time (its job's lease).
      await alertLateStart(deps, ctx);
      await Visit.updateOne({ _id, late_alerted_at: null }, { $set: { late_alerted_at: now } });
    }
    await jobs.schedule({ key: LATE_SWEEP, kind: LATE_SWEEP, runAt: new Date(now.getTime() + LATE_SWEEP_EVERY_MS) });
  });

  defineCoverNotices(deps);
  defineTell(deps);
  jobs.define(COVER_NOTICE, async (p) => {
    const ctx = await visitContext(String(p.visitId));
    // Taken by someone in the meantime, or changed: nothing to offer.
    if (!ctx || ctx.visit.employee || ctx.visit.state !== 'scheduled' || ctx.visit.version !== p.version) return;
    const e = await Employee.findById(String(p.employeeId), { name: 1 }).lean();
    if (!e) return;
    const b = ctx.address.split(', ');
    const place = formatPostcode(b[b.length - 1] ?? '') || b[b.length - 1] || '';
    await notify(deps, { type: 'employee', id: String(p.employeeId) }, 'changes', {
      subject: REMINDER_MSG.coverSubject(when(ctx.visit.start)),
      text: REMINDER_MSG.coverText(e.name.split(' ')[0], when(ctx.visit.start), place),
      url: '/employee',
    });
  });

  const now = clock.now();
  try {
    await keepRecurring(deps, EVENING_PLAN, EVENING_PLAN, nextLondon(new Date(now.getTime() - 1), config.cleanerEveningAt));
    await keepRecurring(deps, LATE_SWEEP, LATE_SWEEP, now);
  } catch (err) {
    log.error({ err }, 'recurring visit notice jobs could not be planned');
  }
}
