// Timesheets: the office reviews each work submission before it is paid. A submission waits as
// `submitted`; the office approves it or queries it (the cleaner answers by correcting it, which puts
// it back to `submitted`). Approve and query are conditional updates on the state just read, so a
// cleaner's correction and an approval at the same moment cannot overwrite each other.
import mongoose from 'mongoose';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import { PERIOD_MAX_DAYS, type Timesheet, type TimesheetStatus, type TimesheetTotal } from '@shared/schemas/timesheets';
import { Booking, type BookingDoc } from '../../models/Booking';
import { TimesheetTotal as TimesheetTotalModel, bookingSheetRow, recordSheetChange, type TimesheetTotalDoc } from '../../models/TimesheetTotal';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from './audit';
import type { Deps } from '../../deps';
import { sendHoursQueriedMail } from '../plans/cleaner-mail';
import { countedCells, periodCells, sheetFieldsStored, sheetTotalsReady, sumsOf, type CleanerSums } from './timesheet-totals';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'clock' | 'config' | 'push'>;

const DAY_MS = 24 * 60 * 60 * 1000;
const oid = (id: string) => new mongoose.Types.ObjectId(id);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * A period of whole UTC days: `from` 00:00 up to the end of `to`. Without `to`: today (or `from`, when
 * that is later); without `from`: the first day of `to`'s month. At most PERIOD_MAX_DAYS long.
 */
export function periodOf(from: string | undefined, to: string | undefined, now: Date): { start: Date; end: Date; from: string; to: string; } {
  const toDay = to ?? (from && from > isoDay(now) ? from : isoDay(now));
  const fromDay = from ?? `${toDay.slice(0, 8)}01`;
  const start = new Date(`${fromDay}T00:00:00Z`);
  const end = new Date(Date.parse(`${toDay}T00:00:00Z`) + DAY_MS);
  if (end <= start) throw badRequest(OFFICE_MSG.badRange);
  if (end.getTime() - start.getTime() > PERIOD_MAX_DAYS * DAY_MS) throw badRequest(OFFICE_MSG.rangeTooLong);
  return { start, end, from: fromDay, to: toDay };
}

export interface TimesheetFilter {
  from?: string;
  to?: string;
  employee?: string;
  status?: TimesheetStatus;
}

/** Submissions from before the review existed have no review state: they wait like `submitted` (until the start-up backfill). */
const STATUS_FILTER: Record<TimesheetStatus, unknown> = { submitted: { $in: [null, 'submitted'] }, queried: 'queried', approved: 'approved' };

/** `stored`: every submission has its review state (sheetTotalsReady), so the state is matched along an index. */
function filterOf(f: TimesheetFilter, now: Date, stored = false): Record<string, unknown> {
  const { start, end } = periodOf(f.from, f.to, now);
  return {
    work_submitted: true,
    submitted_at: { $gte: start, $lt: end },
    ...(f.employee ? { accepted_by: oid(f.employee) } : {}),
    ...(f.status ? { timesheet_status: stored ? f.status : STATUS_FILTER[f.status] } : {}),
  };
}

const statusOf = (b: Pick<BookingDoc, 'timesheet_status'>): TimesheetStatus => (b.timesheet_status as TimesheetStatus | undefined) ?? 'submitted';

export type Person = { id: string; name: string; email: string; };
async function employeesById(ids: string[]): Promise<Map<string, Person>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await Employee.find({ _id: { $in: unique } }, { name: 1, email: 1 }).lean();
  return new Map(rows.map((e) => [String(e._id), { id: String(e._id), name: e.name, email: e.email }]));
}
export const someone = (id: string): Person => ({ id, name: '(removed)', email: '' });

export function toTimesheet(b: BookingDoc, employee: Person, customerName: string): Timesheet {
  const q = b.timesheet_query;
  return {
    booking_id: String(b._id),
    reference: (b as { reference?: string; }).reference,
    employee,
    customer_name: customerName,
    postcode: b.postcode,
    work_hours: b.submitted_work_hours ?? 0,
    completion_notes: b.completion_notes ?? '',
    submitted_at: (b.submitted_at ?? b.updated_at).toISOString(),
    status: statusOf(b),
    ...(q ? { query: { message: q.message, at: q.at.toISOString(), answered_at: q.answered_at?.toISOString() } } : {}),
    approved_at: b.approved_at?.toISOString(),
  };
}

/**
 * Submissions and hours per employee in the period (one per employee who submitted), bookings' and
 * visits' rows alike: summed from the running totals (a year: at most 33 small documents, one
 * cleaner's part of each when the filter names one), or counted from the rows while the first start's
 * recount is still building them.
 */
export async function periodSums(f: TimesheetFilter, now: Date): Promise<CleanerSums[]> {
  const { start, end, from, to } = periodOf(f.from, f.to, now);
  const docs = (await sheetTotalsReady())
    ? await TimesheetTotalModel.find({ _id: { $in: periodCells(from, to) } }, f.employee ? { [`e.x${f.employee}`]: 1 } : {}).lean<TimesheetTotalDoc[]>()
    : [...(await countedCells(start, end, await sheetFieldsStored()))].filter(([id]) => id.startsWith('d:')).map(([, e]) => ({ e }));
  return sumsOf(docs, f);
}

/** The sums with each employee's name, in name order (the screen's and the totals file's). */
export const namedTotals = (sums: CleanerSums[], people: Map<string, Person>): TimesheetTotal[] =>
  sums
    .map(({ id, ...t }) => ({ employee: people.get(id) ?? someone(id), ...t }))
    .sort((a, b) => a.employee.name.localeCompare(b.employee.name) || a.employee.id.localeCompare(b.employee.id));

export async function periodTotals(f: TimesheetFilter, now: Date): Promise<TimesheetTotal[]> {
  const sums = await periodSums(f, now);
  return namedTotals(sums, await employeesById(sums.map((t) => t.id)));
}

/**
 * Whether the office may review this submission now (approve or query), for a booking's and a visit's
 * alike: it has been submitted, is not approved yet, and is not the reviewer's own hours (an admin who
 * also cleans): a second administrator has to review those.
 */
export function checkReviewable(actor: AuditActor, s: { work_submitted?: boolean | null; timesheet_status?: string | null; }, submitter: unknown): void {
  if (!s.work_submitted) throw conflict(OFFICE_MSG.timesheetNotFound);
  if (s.timesheet_status === 'approved') throw conflict(OFFICE_MSG.timesheetAlreadyApproved);
  if (submitter && String(submitter) === actor.id) throw forbidden(OFFICE_MSG.ownTimesheet);
}

/** The submission as it stands, or why this reviewer may not review it. */
async function submissionOf(actor: AuditActor, bookingId: string): Promise<BookingDoc> {
  const b = await Booking.findById(bookingId).lean<BookingDoc>();
  if (!b) throw notFound(API_MSG.bookingNotFound);
  checkReviewable(actor, b, b.accepted_by);
  return b;
}

async function review(actor: AuditActor, bookingId: string, action: 'approved' | 'queried', set: Record<string, unknown>, note?: string): Promise<Timesheet> {
  const before = await submissionOf(actor, bookingId);
  const updated = await Booking.findOneAndUpdate(
    { _id: oid(bookingId), work_submitted: true, timesheet_status: before.timesheet_status ?? null, submitted_work_hours: before.submitted_work_hours },
    { $set: set },
    { returnDocument: 'after' },
  ).lean<BookingDoc>();
  if (!updated) throw conflict(OFFICE_MSG.changedMeanwhile);
  await recordSheetChange(bookingSheetRow(before), bookingSheetRow(updated));
  const [people, customer] = await Promise.all([employeesById([String(updated.accepted_by)]), User.findById(updated.user, { name: 1 }).lean()]);
  const employee = people.get(String(updated.accepted_by)) ?? someone(String(updated.accepted_by));
  await recordAudit({
    actor,
    action: `timesheet.${action}`,
    target: { type: 'timesheet', id: bookingId, label: `${employee.name}, ${updated.submitted_work_hours ?? 0} h` },
    before: { status: statusOf(before), hours: before.submitted_work_hours ?? 0 },
    after: { status: statusOf(updated), hours: updated.submitted_work_hours ?? 0 },
    note,
  });
  return toTimesheet(updated, employee, customer?.name ?? '');
}

export function approveTimesheet(actor: AuditActor, bookingId: string, now: Date): Promise<Timesheet> {
  return review(actor, bookingId, 'approved', { timesheet_status: 'approved', approved_at: now, approved_by: oid(actor.id) });
}

/** Sends the submission back to its cleaner with a question: they see it on the booking and get it by mail. */
export async function queryTimesheet(deps: MailDeps, actor: AuditActor, bookingId: string, message: string, now: Date): Promise<Timesheet> {
  const timesheet = await review(
    actor,
    bookingId,
    'queried',
    { timesheet_status: 'queried', timesheet_query: { message, at: now, by: oid(actor.id) } },
    message,
  );
  const job = await Booking.findById(bookingId).lean<BookingDoc>();
  if (job?.accepted_by) void sendHoursQueriedMail(deps, job, String(job.accepted_by), message);
  return timesheet;
}

export { filterOf as timesheetFilter, statusOf as timesheetStatusOf, employeesById };
