// Bookings accepted before plans existed become plans, once, at start (like the reference backfill in
// bookings.ts: a marker in `migrations` makes later starts skip the scan). The booking itself is not
// changed: its reference, hours, review state, query and approval stay where every booking route and
// the timesheets read them; its first visit says so (`on_booking`).
import { londonDateAndTime } from '@shared/when';
import { ruleFromBooking } from '@shared/visits';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { Visit } from '../../models/Visit';
import { createPlan } from './visits-generate';
import { markMigrationDone, migrationDone } from '../../models/migrations';

export const PLANS_MARKER = 'plans-from-bookings';

/** A booking with no single time ("Mondays after 10") is given 09:00 on the day it was accepted. */
export const LEGACY_FREE_TEXT_TIME = '09:00';

/** The first visit of a booking accepted before plans existed. */
function firstVisitOf(b: BookingDoc): { date: string; time: string } {
  if (b.scheduledAt) return londonDateAndTime(b.scheduledAt)!;
  return { date: londonDateAndTime(b.accepted_at ?? b.created_at)!.date, time: LEGACY_FREE_TEXT_TIME };
}

/** Makes the plan (and visits) of every accepted or completed booking that has none; returns how many. */
export async function migratePlans(now: Date, horizonDays: number): Promise<number> {
  if (await migrationDone(PLANS_MARKER)) return 0;
  let made = 0;
  const cursor = Booking.find({ status: { $in: ['accepted', 'completed'] }, accepted_by: { $ne: null } }).lean<BookingDoc[]>().cursor();
  for await (const b of cursor as AsyncIterable<BookingDoc>) {
    if (await Plan.exists({ _id: b._id })) continue;
    const plan = await createPlan(b, b.accepted_by ?? null, ruleFromBooking(b.frequency, firstVisitOf(b)), now, horizonDays);
    // The first visit carries the booking's work state (the booking keeps the submission itself).
    if (b.work_submitted) {
      await Visit.updateOne(
        { plan: plan._id, on_booking: true },
        { $set: { state: 'completed', work_submitted: true, submitted_work_hours: b.submitted_work_hours, submitted_at: b.submitted_at, timesheet_status: b.timesheet_status ?? 'submitted' } },
      );
    }
    made++;
  }
  if ((await Booking.estimatedDocumentCount()) > 0) await markMigrationDone(PLANS_MARKER);
  return made;
}
