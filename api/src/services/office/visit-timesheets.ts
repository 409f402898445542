// Timesheet rows of visits: each visit's work submission is one row of the office's timesheets and one
// line of the payroll CSV, beside the bookings' own (a plan's first visit keeps its submission on the
// booking, so it is that row, never a second one). Review (approve / query) works on a visit row as on
// a booking's, conditional on the state just read.
import mongoose from 'mongoose';
import { OFFICE_MSG } from '@shared/messages-office';
import { VISIT_MSG } from '@shared/messages-api';
import type { Timesheet, TimesheetStatus } from '@shared/schemas/timesheets';
import { Booking } from '../../models/Booking';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from './audit';
import { recordSheetChange, visitSheetRow } from '../../models/TimesheetTotal';
import { checkReviewable, employeesById, periodOf, someone, type Person, type TimesheetFilter } from './timesheets';

const oid = (id: string) => new mongoose.Types.ObjectId(id);
const STATUS_FILTER: Record<TimesheetStatus, unknown> = { submitted: { $nin: ['queried', 'approved'] }, queried: 'queried', approved: 'approved' };
const statusOf = (v: Pick<VisitDoc, 'timesheet_status'>): TimesheetStatus => (v.timesheet_status as TimesheetStatus | undefined) ?? 'submitted';

/** `stored`: every submission has its review state and `on_booking` (sheetTotalsReady): matched by equality along an index. */
export function visitTimesheetFilter(f: TimesheetFilter, now: Date, stored = false): Record<string, unknown> {
  const { start, end } = periodOf(f.from, f.to, now);
  return {
    work_submitted: true,
    on_booking: stored ? false : { $ne: true },
    submitted_at: { $gte: start, $lt: end },
    ...(f.employee ? { employee: oid(f.employee) } : {}),
    ...(f.status ? { timesheet_status: stored ? f.status : STATUS_FILTER[f.status] } : {}),
  };
}

/** Visit rows as the office reviews them (`booking_id` the plan's booking, `visit_id` the row's own id). */
export async function visitTimesheets(rows: VisitDoc[]): Promise<Timesheet[]> {
  const [people, bookings, users] = await Promise.all([
    employeesById(rows.map((v) => String(v.employee))),
    Booking.find({ _id: { $in: [...new Set(rows.map((v) => String(v.plan)))] } }, { postcode: 1 }).lean(),
    User.find({ _id: { $in: [...new Set(rows.map((v) => String(v.user)))] } }, { name: 1 }).lean(),
  ]);
  const postcodes = new Map(bookings.map((b) => [String(b._id), b.postcode]));
  const names = new Map(users.map((u) => [String(u._id), u.name]));
  return rows.map((v) =>
    toVisitTimesheet(v, people.get(String(v.employee)) ?? someone(String(v.employee)), names.get(String(v.user)) ?? '', postcodes.get(String(v.plan)) ?? '')
  );
}

/** One visit row, its cleaner, customer (the visit's, the plan's) and the plan booking's postcode known. */
export function toVisitTimesheet(v: VisitDoc, employee: Person, customerName: string, postcode: string): Timesheet {
  const q = v.timesheet_query;
  return {
    booking_id: String(v.plan),
    visit_id: String(v._id),
    visit_date: v.day,
    reference: v.reference ?? undefined,
    employee,
    customer_name: customerName,
    postcode,
    work_hours: v.submitted_work_hours ?? 0,
    completion_notes: v.completion_notes ?? '',
    submitted_at: (v.submitted_at ?? v.updated_at).toISOString(),
    status: statusOf(v),
    ...(q ? { query: { message: q.message, at: q.at.toISOString(), answered_at: q.answered_at?.toISOString() } } : {}),
    approved_at: v.approved_at?.toISOString(),
  };
}

/** What a visit's row shows (the list reads no more of it). */
export const VISIT_SHEET_FIELDS = {
  submitted_at: 1,
  employee: 1,
  user: 1,
  plan: 1,
  day: 1,
  reference: 1,
  submitted_work_hours: 1,
  completion_notes: 1,
  timesheet_status: 1,
  timesheet_query: 1,
  approved_at: 1,
  updated_at: 1,
} as const;

/** What the CSV reads of a visit's row. */
export const VISIT_ROW_FIELDS = { submitted_at: 1, employee: 1, plan: 1, submitted_work_hours: 1, timesheet_status: 1, day: 1, reference: 1 } as const;

/** Whether an id is a visit's timesheet row (the review routes take either a booking's or a visit's id). */
export const isVisitRow = async (id: string) => (await Visit.exists({ _id: oid(id), on_booking: { $ne: true } })) !== null;

async function reviewVisit(
  actor: AuditActor,
  visitId: string,
  action: 'approved' | 'queried',
  set: Record<string, unknown>,
  note?: string,
): Promise<Timesheet> {
  const before = await Visit.findById(visitId).lean<VisitDoc>();
  if (!before) throw notFound(VISIT_MSG.visitNotFound);
  checkReviewable(actor, before, before.employee);
  const updated = await Visit.findOneAndUpdate(
    { _id: before._id, work_submitted: true, timesheet_status: before.timesheet_status ?? null, submitted_work_hours: before.submitted_work_hours },
    { $set: set },
    { returnDocument: 'after' },
  ).lean<VisitDoc>();
  if (!updated) throw conflict(OFFICE_MSG.changedMeanwhile);
  await recordSheetChange(visitSheetRow(before), visitSheetRow(updated));
  const [row] = await visitTimesheets([updated]);
  await recordAudit({
    actor,
    action: `timesheet.${action}`,
    target: {
      type: 'timesheet',
      id: visitId,
      label: `${row.employee.name}, ${updated.submitted_work_hours ?? 0} h (${updated.reference ?? ''}, visit of ${updated.day})`,
    },
    before: { status: statusOf(before), hours: before.submitted_work_hours ?? 0 },
    after: { status: statusOf(updated), hours: updated.submitted_work_hours ?? 0 },
    note,
  });
  return row;
}

export const approveVisitTimesheet = (actor: AuditActor, visitId: string, now: Date) =>
  reviewVisit(actor, visitId, 'approved', { timesheet_status: 'approved', approved_at: now, approved_by: oid(actor.id) });
export const queryVisitTimesheet = (actor: AuditActor, visitId: string, message: string, now: Date) =>
  reviewVisit(actor, visitId, 'queried', { timesheet_status: 'queried', timesheet_query: { message, at: now, by: oid(actor.id) } }, message);
