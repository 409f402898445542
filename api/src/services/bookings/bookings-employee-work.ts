// The employee side of bookings, doing the work: submit hours, the submissions list and its corrections,
// and the stats. Each change is one conditional update on the state the cleaner saw.
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import type { EmployeeBooking, EmployeeStats, WorkSubmissionInput } from '@shared/schemas/employee';
import { pageInfo, skipOf } from '@shared/schemas/paging';
import { Booking, type BookingDoc } from '../../models/Booking';
import { bookingSheetRow, recordSheetChange } from '../../models/TimesheetTotal';
import { conflict, forbidden } from '../../lib/errors';
import { travelSet } from '../pay/travel-fields';
import { settleFirstVisitChecklist } from '../checklists/visit-checklist';
import { formatWhen, londonDateAndTime, londonWallTime } from '@shared/when';
import {
  WORKED,
  availableCounter,
  customersOf,
  explainMiss,
  officeQuery,
  oid,
  withCustomers,
  workOpensAt,
  type Customer,
  type Page,
  type Paging,
  type WorkSubmission,
} from './bookings-employee-jobs';

/** `now` comes from the server's one clock, so tests can move it past a booked time. */
export async function submitWork(employeeId: string, bookingId: string, input: WorkSubmissionInput, now: Date): Promise<EmployeeBooking> {
  // A free-text time opens on the day of acceptance: anything accepted by the end of today qualifies.
  const today = londonWallTime(londonDateAndTime(now)?.date ?? '', '00:00') ?? now.getTime();
  const endOfToday = new Date(today + 24 * 3600_000);
  // The plan's first visit: its tasks ticked or explained, like every visit's hours.
  await settleFirstVisitChecklist(employeeId, bookingId);
  const updated = (await Booking.findOneAndUpdate(
    {
      _id: oid(bookingId),
      accepted_by: oid(employeeId),
      status: 'accepted',
      work_submitted: { $ne: true },
      $or: [{ scheduledAt: { $lte: now } }, { scheduledAt: null, accepted_at: { $lt: endOfToday } }],
    },
    {
      $set: {
        status: 'completed',
        work_submitted: true,
        submitted_work_hours: input.work_hours,
        completion_notes: input.completion_notes ?? '',
        submitted_at: now,
        timesheet_status: 'submitted',
        ...travelSet(input),
      },
    },
    { returnDocument: 'after' },
  ).lean()) as BookingDoc | null;
  if (!updated) {
    throw await explainMiss(bookingId, (b) => {
      // Taken back by the office a moment ago: the cleaner's view is out of date (a conflict to refresh).
      if (String(b.accepted_by) !== employeeId) {
        return String(b.released_from) === employeeId
          ? conflict(OFFICE_MSG.workTakenBack)
          : forbidden(API_MSG.bookingNotYours);
      }
      if (b.work_submitted) return conflict(API_MSG.workAlreadySubmitted);
      if (b.status !== 'accepted') return conflict(API_MSG.workNotAccepted);
      const opens = workOpensAt(b);
      return conflict(API_MSG.workTooEarly(opens ? formatWhen(opens, now.getTime()) : ''));
    });
  }
  await recordSheetChange(null, bookingSheetRow(updated));
  return (await withCustomers([updated]))[0];
}

function toSubmission(b: BookingDoc, c: Customer | undefined): WorkSubmission {
  return {
    id: String(b._id),
    booking_id: String(b._id),
    work_hours: b.submitted_work_hours ?? 0,
    completion_notes: b.completion_notes ?? '',
    submitted_at: (b.submitted_at ?? b.updated_at).toISOString(),
    customer_name: c?.name ?? '',
    postcode: b.postcode,
    timesheet_status: b.timesheet_status ?? 'submitted',
    ...(b.timesheet_query ? { office_query: officeQuery(b.timesheet_query) } : {}),
  };
}

/** A page of the employee's work submissions, latest first. */
export async function workSubmissions(employeeId: string, paging: Paging): Promise<Page<WorkSubmission>> {
  const filter = { accepted_by: oid(employeeId), work_submitted: true };
  const [rows, total] = await Promise.all([
    Booking.find(filter).sort({ submitted_at: -1, _id: -1 }).skip(skipOf(paging)).limit(paging.limit).lean() as Promise<BookingDoc[]>,
    Booking.countDocuments(filter),
  ]);
  const customers = await customersOf(rows);
  return { items: rows.map((b) => toSubmission(b, customers.get(String(b.user)))), info: pageInfo(paging.page, paging.limit, total) };
}

export async function updateSubmission(
  employeeId: string,
  bookingId: string,
  input: { work_hours?: number; completion_notes?: string; travel_minutes?: number; travel_note?: string; },
  now: Date,
): Promise<WorkSubmission> {
  const mine = { _id: oid(bookingId), accepted_by: oid(employeeId), work_submitted: true };
  const current = (await Booking.findOne(mine).lean()) as BookingDoc | null;
  if (!current) {
    throw await explainMiss(bookingId, (b) => (String(b.accepted_by) !== employeeId ? forbidden(API_MSG.bookingNotYours) : conflict(API_MSG.noSubmission)));
  }
  // Approved hours are on their way to payroll; a correction after a query goes back for review.
  if (current.timesheet_status === 'approved') throw conflict(API_MSG.submissionApprovedLocked);
  const set: Record<string, unknown> = { timesheet_status: 'submitted', ...travelSet(input) };
  if (input.work_hours !== undefined) set.submitted_work_hours = input.work_hours;
  if (input.completion_notes !== undefined) set.completion_notes = input.completion_notes;
  if (current.timesheet_status === 'queried') set['timesheet_query.answered_at'] = now;
  // Matched on the review state just read, so an approval in between is never overwritten.
  // Also on the hours just read, so the timesheets' totals move by exactly this change.
  const updated = (await Booking.findOneAndUpdate(
    { ...mine, timesheet_status: current.timesheet_status ?? null, submitted_work_hours: current.submitted_work_hours ?? null },
    { $set: set },
    { returnDocument: 'after' },
  ).lean()) as BookingDoc | null;
  if (!updated) throw conflict(API_MSG.submissionApprovedLocked);
  await recordSheetChange(bookingSheetRow(current), bookingSheetRow(updated));
  return toSubmission(updated, (await customersOf([updated])).get(String(updated.user)));
}

/** Month boundaries in UTC, so every API instance counts the same. */
function monthStart(now: Date, offset: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
}

export async function employeeStats(employeeId: string, now: Date): Promise<EmployeeStats> {
  const mine = { accepted_by: oid(employeeId), status: { $in: WORKED } };
  const thisMonth = monthStart(now, 0);
  const lastMonth = monthStart(now, -1);
  const [totalAccepted, thisMonthAccepted, lastMonthAccepted, availableCount] = await Promise.all([
    Booking.countDocuments(mine),
    Booking.countDocuments({ ...mine, accepted_at: { $gte: thisMonth } }),
    Booking.countDocuments({ ...mine, accepted_at: { $gte: lastMonth, $lt: thisMonth } }),
    availableCounter(employeeId)({}),
  ]);
  return { totalAccepted, thisMonthAccepted, lastMonthAccepted, availableCount };
}
