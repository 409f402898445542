// The retention job: once a day, on the job runner, everything kept longer than its period
// is removed — or, for a deactivated staff member, anonymised. Each period is a setting (config.ts,
// README) whose default is shared/retention.ts, the same numbers the privacy page states. Each run
// writes what it removed (counts only) to the audit log. Time is the server's clock.
import { readdir, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import type { Types } from 'mongoose';
import { daysBefore, monthsBefore } from '@shared/retention';
import { londonWallTime } from '@shared/when';
import { addDays, londonDate } from '@shared/visits';
import type { Deps } from '../deps';
import { AuditLog } from '../models/AuditLog';
import { Booking } from '../models/Booking';
import { CareerApplication, CV_BUCKET } from '../models/CareerApplication';
import { ContactMessage } from '../models/ContactMessage';
import { DataRequest, EXPORT_BUCKET } from '../models/DataRequest';
import { Employee } from '../models/Employee';
import { Enquiry } from '../models/Enquiry';
import { IdempotencyKey, IDEMPOTENCY_TTL_SECONDS } from '../models/IdempotencyKey';
import { Otp } from '../models/Otp';
import { Plan } from '../models/Plan';
import { RateLimit } from '../models/RateLimit';
import { Statement } from '../models/Statement';
import { User } from '../models/User';
import { Visit } from '../models/Visit';
import { Rating } from '../models/Rating';
import { Told } from '../models/Told';
import { WORK_FIELDS } from '../models/work-fields';
import { recountSheetTotals } from '../services/office/timesheet-totals';
import { removeOldPhotos } from '../services/photos/photos';
import { databaseClock } from '../clock';

export const RETENTION_JOB = 'retention';
/** London wall time of the daily run: quiet hours. */
const RUN_AT = '03:00';
/** Rows handled per round trip: a first run on a large old database works through in batches. */
const BATCH = 500;

type RetentionDeps = Pick<Deps, 'config' | 'clock' | 'files' | 'jobs' | 'log'>;

export type RetentionCounts = Record<string, number>;

const yearsBefore = (now: Date, years: number) => monthsBefore(now, years * 12);

/** Deletes the rows `filter` matches in batches, calling `before` on each batch first (files to remove). */
async function inBatches(
  model: typeof CareerApplication | typeof User,
  filter: Record<string, unknown>,
  before: (ids: Types.ObjectId[]) => Promise<void>,
): Promise<number> {
  let removed = 0;
  for (;;) {
    const ids = (await (model as typeof User).find(filter, { _id: 1 }).limit(BATCH).lean<{ _id: Types.ObjectId; }[]>()).map((d) => d._id);
    if (!ids.length) return removed;
    await before(ids);
    removed += (await (model as typeof User).deleteMany({ _id: { $in: ids } })).deletedCount;
  }
}

async function outboxFiles(dir: string, olderThan: Date): Promise<number> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith('.eml'))) {
    const file = path.join(dir, name);
    const s = await stat(file).catch(() => null);
    if (s && s.mtime < olderThan) {
      await unlink(file).catch(() => undefined);
      removed++;
    }
  }
  return removed;
}

/** One pass over every period. Answers the counts it also writes to the audit log. */
export async function runRetention(deps: RetentionDeps): Promise<RetentionCounts> {
  const now = deps.clock.now();
  const r = deps.config.retention;
  const c: RetentionCounts = {};
  // Codes (unverified sign-ups, used and expired codes) and counters, once their own windows are over.
  c.codes = (await Otp.deleteMany({ purgeAt: { $lte: now } })).deletedCount;
  c.idempotency_keys = (await IdempotencyKey.deleteMany({ created_at: { $lte: new Date(now.getTime() - IDEMPOTENCY_TTL_SECONDS * 1000) } })).deletedCount;
  // A counter's expiresAt is on the database's time, for its TTL index (lib/rate-limit.ts): read by that clock.
  c.rate_limit_counters = (await RateLimit.deleteMany({ expiresAt: { $lte: databaseClock.now() } })).deletedCount;
  const messagesBefore = monthsBefore(now, r.messagesMonths);
  c.contact_messages = (await ContactMessage.deleteMany({ created_at: { $lt: messagesBefore } })).deletedCount;
  c.enquiries = (await Enquiry.deleteMany({ created_at: { $lt: messagesBefore } })).deletedCount;
  // Applications: a period after the office closed them, or a longer one after receipt; their CVs first.
  let cvs = 0;
  c.job_applications = await inBatches(
    CareerApplication,
    {
      $or: [{ created_at: { $lt: monthsBefore(now, r.applicationMonths) } }, {
        status: 'handled',
        handled_at: { $lt: monthsBefore(now, r.applicationClosedMonths) },
      }],
    },
    async (ids) => {
      for (const a of await CareerApplication.find({ _id: { $in: ids }, 'cv.stored_name': { $exists: true } }, { cv: 1 }).lean()) {
        await deps.files.remove(CV_BUCKET, a.cv!.stored_name);
        cvs++;
      }
    },
  );
  c.cv_files = cvs;
  // Closed customers: what stayed for the accounts (bookings, plans, visits) goes, then the row.
  let rows = 0;
  c.closed_customers = await inBatches(User, { closed_at: { $lt: yearsBefore(now, r.closedAccountYears) } }, async (ids) => {
    rows += (await Visit.deleteMany({ user: { $in: ids } })).deletedCount;
    rows += (await Rating.deleteMany({ user: { $in: ids } })).deletedCount;
    rows += (await Plan.deleteMany({ user: { $in: ids } })).deletedCount;
    rows += (await Booking.deleteMany({ user: { $in: ids } })).deletedCount;
    rows += (await Statement.deleteMany({ user: { $in: ids } })).deletedCount;
  });
  c.closed_customer_rows = rows;
  // Timesheets: visits (each its own pay line) past the period go; a booking keeps its request but not the hours.
  const sheetsBefore = yearsBefore(now, r.timesheetYears);
  c.visits = (await Visit.deleteMany({ start: { $lt: sheetsBefore } })).deletedCount;
  const workFields = Object.fromEntries(Object.keys(WORK_FIELDS).filter((f) => f !== 'work_submitted').map((f) => [f, '']));
  c.booking_timesheets =
    (await Booking.updateMany({ submitted_at: { $lt: sheetsBefore } }, { $unset: workFields, $set: { work_submitted: false } })).modifiedCount;
  // The timesheets' running totals of what went (visits go by their time, submitted up to weeks later).
  c.timesheet_totals_recounted = (await recountSheetTotals({ through: new Date(sheetsBefore.getTime() + 62 * 86_400_000) })).length;
  // Deactivated staff: anonymised once their last change is older than the period (their hours stay).
  const leavers = await Employee.find({ is_active: false, updated_at: { $lt: yearsBefore(now, r.staffYears) }, email: { $not: /@closed\.invalid$/ } }, {
    _id: 1,
  }).limit(BATCH).lean();
  for (const e of leavers) {
    await Employee.updateOne(
      { _id: e._id },
      {
        $set: { name: 'Former staff member', email: `former-${String(e._id)}@closed.invalid` },
        $unset: { phone: '', address: '', post_code: '', area_serves: '', best_suited_for: '', passwordHash: '' },
        $inc: { tokenVersion: 1 },
      },
    );
  }
  c.staff_anonymised = leavers.length;
  c.outbox_files = await outboxFiles(path.join(deps.config.dataDir, 'outbox'), daysBefore(now, r.outboxDays));
  // Records that a change was told to someone: once no retry can come, the once-only keys go.
  c.told = (await Told.deleteMany({ at: { $lt: daysBefore(now, deps.config.toldRetentionDays) } })).deletedCount;
  // Prepared exports whose link ran out.
  const expired = await DataRequest.find({ state: 'sent', expires_at: { $lte: now } }, { file: 1 }).lean();
  for (const x of expired) {
    if (x.file) await deps.files.remove(EXPORT_BUCKET, x.file);
    await DataRequest.updateOne({ _id: x._id, state: 'sent' }, { $set: { state: 'expired' } });
  }
  c.expired_exports = expired.length;
  // A visit's photos, PHOTO_RETENTION_DAYS after they were taken (their files with them).
  c.visit_photos = await removeOldPhotos(deps, now, deps.config.photoRetentionDays, BATCH);
  await AuditLog.create({
    at: now,
    actor: { id: 'system', name: 'Retention', role: 'system' },
    action: 'retention.run',
    target: { type: 'retention', id: londonDate(now.getTime()) },
    after: c,
  });
  deps.log.info({ counts: c }, 'retention run');
  return c;
}

/** The next 03:00 London after `now`: one job per day, its key the day, so every instance plans the same one. */
function nextRun(now: Date): { day: string; at: Date; } {
  const today = londonDate(now.getTime());
  const at = londonWallTime(today, RUN_AT)!;
  if (at > now.getTime()) return { day: today, at: new Date(at) };
  const day = addDays(today, 1);
  return { day, at: new Date(londonWallTime(day, RUN_AT)!) };
}

export async function scheduleRetention(deps: RetentionDeps): Promise<void> {
  const { day, at } = nextRun(deps.clock.now());
  await deps.jobs.schedule({ key: `${RETENTION_JOB}:${day}`, kind: RETENTION_JOB, runAt: at });
}

export function defineRetention(deps: RetentionDeps): void {
  deps.jobs.define(RETENTION_JOB, async () => {
    await runRetention(deps);
    await scheduleRetention(deps);
  });
}
