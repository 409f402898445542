// The work a cleaner is paid for: every submission of hours (a booking's, for a one-time clean or a
// plan's first visit, and each later visit's), by the London date of the clean, with the travel
// before it (shared/pay-rules.ts). The same rows the timesheets review, read by clean date.
import mongoose from 'mongoose';
import { londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { addDays } from '@shared/visits';
import { minutesOf, travelBefore, type DayJob } from '@shared/pay-rules';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Visit, type VisitDoc } from '../../models/Visit';

export interface WorkRow extends DayJob {
  employee: string;
  approved: boolean;
  visit_id?: string;
  booking_id: string;
  reference?: string;
  travel_note?: string;
  /** Travel before it: counted from the times, and as paid (the cleaner's figure when stated). */
  travel: { counted: number; minutes: number; };
}

/** The instants a range of London dates covers. */
export const instantsOf = (from: string, to: string) => ({
  start: new Date(londonWallTime(from, '00:00')!),
  end: new Date(londonWallTime(addDays(to, 1), '00:00')!),
});

const VISIT_FIELDS = {
  employee: 1,
  plan: 1,
  start: 1,
  day: 1,
  reference: 1,
  submitted_work_hours: 1,
  timesheet_status: 1,
  travel_minutes: 1,
  travel_note: 1,
} as const;
const BOOKING_FIELDS = {
  accepted_by: 1,
  scheduledAt: 1,
  submitted_at: 1,
  reference: 1,
  submitted_work_hours: 1,
  timesheet_status: 1,
  travel_minutes: 1,
  travel_note: 1,
} as const;

/** Submissions of work between two London dates (both included), one cleaner's or everyone's, in time order with their travel. */
export async function workRows(from: string, to: string, employeeId?: string): Promise<WorkRow[]> {
  const { start, end } = instantsOf(from, to);
  const who = employeeId ? new mongoose.Types.ObjectId(employeeId) : undefined;
  const [visits, bookings] = await Promise.all([
    Visit.find({ ...(who ? { employee: who } : {}), start: { $gte: start, $lt: end }, work_submitted: true, on_booking: { $ne: true } }, VISIT_FIELDS).lean<
      VisitDoc[]
    >(),
    Booking.find({
      ...(who ? { accepted_by: who } : {}),
      status: 'completed',
      work_submitted: true,
      $or: [{ scheduledAt: { $gte: start, $lt: end } }, { scheduledAt: null, submitted_at: { $gte: start, $lt: end } }],
    }, BOOKING_FIELDS).lean<BookingDoc[]>(),
  ]);
  const rows: Omit<WorkRow, 'travel'>[] = [
    ...visits
      .filter((v) => v.employee)
      .map((v) => ({
        id: String(v._id),
        employee: String(v.employee),
        day: v.day,
        startMs: v.start.getTime(),
        minutes: minutesOf(v.submitted_work_hours ?? 0),
        approved: v.timesheet_status === 'approved',
        visit_id: String(v._id),
        booking_id: String(v.plan),
        reference: v.reference ?? undefined,
        travel_minutes: v.travel_minutes ?? null,
        travel_note: v.travel_note ?? undefined,
      })),
    ...bookings
      .filter((b) => b.accepted_by)
      .map((b) => {
        const at = b.scheduledAt ?? b.submitted_at ?? new Date(0);
        const r = b as BookingDoc & { reference?: string; travel_minutes?: number | null; travel_note?: string | null; };
        return {
          id: String(b._id),
          employee: String(b.accepted_by),
          day: londonDate(at),
          startMs: at.getTime(),
          minutes: minutesOf(b.submitted_work_hours ?? 0),
          approved: b.timesheet_status === 'approved',
          booking_id: String(b._id),
          reference: r.reference ?? undefined,
          travel_minutes: r.travel_minutes ?? null,
          travel_note: r.travel_note ?? undefined,
        };
      }),
  ];
  const byCleaner = new Map<string, Omit<WorkRow, 'travel'>[]>();
  for (const r of rows) byCleaner.set(r.employee, [...(byCleaner.get(r.employee) ?? []), r]);
  const out: WorkRow[] = [];
  for (const list of byCleaner.values()) {
    const travel = travelBefore(list);
    for (const r of list) out.push({ ...r, travel: travel.get(r.id)! });
  }
  return out.sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
}
