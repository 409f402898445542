// A booking becomes a plan when a cleaner accepts it or the office assigns it: its rule is read before
// the accept's own write (a refusal then changes nothing), the plan and its visits are made after it.
import mongoose from 'mongoose';
import { VISIT_MSG } from '@shared/messages-api';
import { API_MSG } from '@shared/messages-api';
import type { AcceptBody } from '@shared/schemas/visits';
import { londonDateAndTime, londonWallTime, bestDaysMoment } from '@shared/when';
import { ruleFromBooking, type PlanRule } from '@shared/visits';
import { PRICE_MSG } from '@shared/messages-prices';
import { Booking, type BookingDoc } from '../../models/Booking';
import { badRequest, notFound } from '../../lib/errors';
import { createPlan } from './visits-generate';
import { firstDayWithoutRequest, startsTooEarly } from '../bookings/start-rule';

/**
 * The plan rule accepting this booking will start: the first visit is the body's `first_visit`, else the
 * booked time; a free-text time ("Mondays after 10") needs `first_visit` (400 without it). Not in the past.
 * With it, when the booking was made (an accept stores its wait in the same write).
 */
export async function ruleForAccept(bookingId: string, body: AcceptBody, now: Date): Promise<{ rule: PlanRule; created_at: Date; }> {
  const b = await Booking.findById(bookingId, { scheduledAt: 1, bestDays: 1, frequency: 1, quote: 1, start_within_14_days: 1, created_at: 1 }).lean<
    BookingDoc
  >();
  if (!b) throw notFound(API_MSG.bookingNotFound);
  // The booked moment (stored, or named by a booking written before it was stored).
  const booked = b.scheduledAt ?? bestDaysMoment(b.bestDays ?? '');
  const first = body.first_visit ?? (booked === null ? null : londonDateAndTime(booked));
  if (!first) throw badRequest(VISIT_MSG.firstVisitRequired, { errors: { first_visit: VISIT_MSG.firstVisitRequired } });
  // A booked time already past (accepted late) is the cleaner's to work out; a first visit they set must be ahead.
  const at = londonWallTime(first.date, first.time);
  if (body.first_visit && (at === null || at < now.getTime() - 60_000)) {
    throw badRequest(VISIT_MSG.firstVisitInPast, { errors: { first_visit: VISIT_MSG.firstVisitInPast } });
  }
  // A free-text time's first visit is set here: without the customer's request to start within the
  // 14-day cancellation period it is from the 15th day (bookings made with the agreement, i.e. quoted).
  if (body.first_visit && startsTooEarly(b, first.date)) {
    const msg = PRICE_MSG.firstVisitFrom(firstDayWithoutRequest(b.created_at));
    throw badRequest(msg, { errors: { first_visit: msg } });
  }
  return { rule: ruleFromBooking(b.frequency, first, body.days), created_at: b.created_at };
}

/** After a successful accept or assign: the plan with `employeeId` as its regular cleaner, and its visits. */
export async function startPlan(
  booking: Pick<BookingDoc, '_id' | 'user' | 'reference' | 'price_pence' | 'home'>,
  employeeId: string,
  rule: PlanRule,
  now: Date,
  horizonDays: number,
) {
  return createPlan(booking, new mongoose.Types.ObjectId(employeeId), rule, now, horizonDays);
}
