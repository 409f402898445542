// What the office's moves on a booking do to its plan: assigning starts it (like a cleaner's accept),
// taking it back (unassign, or the cleaner deactivated) removes the plan and its scheduled visits, and
// cancelling cancels them with the reason. Visits already done, skipped or cancelled stay as records.
import mongoose from 'mongoose';
import { londonDate, type PlanRule } from '@shared/visits';
import { Booking } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { Visit } from '../../models/Visit';
import { startPlan } from './visits-accept';
import type { EndedBy } from '@shared/states';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** After a successful assign: the plan with the office's choice of rule. */
export async function startAssignedPlan(bookingId: string, employeeId: string, rule: PlanRule, now: Date, horizonDays: number): Promise<void> {
  const b = await Booking.findById(bookingId, { user: 1, reference: 1, price_pence: 1, home: 1 }).lean();
  if (b) await startPlan(b, employeeId, rule, now, horizonDays);
}

/**
 * The booking is back on the available list: the plan `employeeId` had and its scheduled visits go; a
 * new accept starts a new plan. Only that cleaner's plan: a cleaner who accepted the freed booking in
 * the moment between (their accept replaced the stale plan, createPlan) keeps theirs and its visits.
 */
export async function dropPlan(bookingId: string, employeeId: string): Promise<void> {
  const gone = await Plan.deleteOne({ _id: oid(bookingId), employee: oid(employeeId) });
  if (gone.deletedCount) await Visit.deleteMany({ plan: oid(bookingId), state: 'scheduled', employee: { $in: [oid(employeeId), null] } });
}

/**
 * The booking is cancelled: the plan stops today and its scheduled visits are cancelled with the reason.
 * The office's cancel ends it (`ended`, by the office); the customer's within 14 days cancels it.
 */
export async function cancelPlan(
  bookingId: string,
  reason: string,
  now: Date,
  end: { state: 'ended' | 'cancelled'; by: EndedBy; } = { state: 'ended', by: 'office' },
): Promise<void> {
  const stop = { state: end.state, ends_on: londonDate(now), ended_by: end.by, ended_at: now, end_reason: reason };
  await Plan.updateOne({ _id: oid(bookingId), state: { $nin: ['ended', 'cancelled'] } }, { $set: stop, $inc: { version: 1 } });
  await Visit.updateMany({ plan: oid(bookingId), state: 'scheduled' }, {
    $set: { state: 'cancelled', cancel_reason: reason, exception: true },
    $inc: { version: 1 },
  });
}

/** A deactivated cleaner's other visits (cover jobs they took) become cover jobs again. */
export async function releaseVisitsOfCleaner(employeeId: string, now: Date): Promise<void> {
  await Visit.updateMany({ employee: oid(employeeId), state: 'scheduled', start: { $gt: now } }, {
    $set: { employee: null, released_from: oid(employeeId), exception: true },
    $inc: { version: 1 },
  });
  await Plan.updateMany({ employee: oid(employeeId) }, { $set: { employee: null }, $inc: { version: 1 } });
}
