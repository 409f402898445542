// The customer's agreement (a distance contract, Consumer Contracts Regulations 2013): the quote stored
// with the booking, the express request to start within the 14-day cancellation period, the office's
// confirmed price per visit, and a cancel within the 14 days (visits done are charged, nothing else).
import mongoose from 'mongoose';
import type { BookingCreateInput } from '@shared/schemas/bookings';
import type { BookingQuote } from '@shared/schemas/prices';
import { PRICE_MSG } from '@shared/messages-prices';
import { API_MSG } from '@shared/messages-api';
import { londonDate } from '@shared/visits';
import { conflict, notFound } from '../../lib/errors';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { Visit } from '../../models/Visit';
import { cancelPeriodEnds } from '../../models/booking-agreement-view';
import { quoteNow } from '../prices/prices';
import { cancelPlan } from '../plans/visits-board';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The fields a new booking stores: its quote by today's price list, and the customer's tick. */
export async function agreementFields(input: BookingCreateInput): Promise<{ quote: BookingQuote; price_pence: number | null; start_within_14_days: boolean; }> {
  const quote = await quoteNow(input);
  return { quote, price_pence: quote.pence_per_visit ?? null, start_within_14_days: Boolean(input.start_within_14_days) };
}

/**
 * The office confirms or changes the price per visit: on the booking, its plan and the visits not yet
 * done (a visit done keeps what it cost). Answers the price before, for the customer's mail.
 */
export async function setBookingPrice(bookingId: string, pence: number, now: Date): Promise<{ booking: BookingDoc; before: number | null; }> {
  const before = await Booking.findOneAndUpdate({ _id: bookingId }, { $set: { price_pence: pence, price_confirmed_at: now } }, { returnDocument: 'before' })
    .lean<BookingDoc>();
  if (!before) throw notFound(API_MSG.bookingNotFound);
  await Plan.updateOne({ _id: oid(bookingId) }, { $set: { price_pence: pence } });
  await Visit.updateMany({ plan: oid(bookingId), state: 'scheduled' }, { $set: { price_pence: pence } });
  return { booking: { ...before, price_pence: pence, price_confirmed_at: now }, before: before.price_pence ?? null };
}

/**
 * Cancels the customer's booking within the 14-day cancellation period: its plan ends and its
 * scheduled visits are cancelled; the visits already done are what it costs. 409 after the 14 days or
 * when already cancelled.
 */
export async function cancelWithin14Days(userId: string, bookingId: string, now: Date): Promise<{ booking: BookingDoc; charge: number; }> {
  const b = await Booking.findOne({ _id: bookingId, user: userId }).lean<BookingDoc>();
  if (!b) throw notFound(API_MSG.bookingNotFound);
  if (b.status === 'rejected' || b.status === 'cancelled' || b.status === 'withdrawn' || b.cancelled_within_14_days_at) {
    throw conflict(PRICE_MSG.cancel14Already);
  }
  if (londonDate(now) > cancelPeriodEnds(b.created_at)) throw conflict(PRICE_MSG.cancel14Over);
  const done = await Visit.find({ plan: b._id, state: 'completed' }, { price_pence: 1 }).lean();
  const charge = done.reduce((sum, v) => sum + (v.price_pence ?? b.price_pence ?? 0), 0);
  // One conditional write: an office cancel at the same moment leaves this one nothing to match.
  // Its own state, not the office's `rejected`: who cancelled, when and why stay with it.
  const set = {
    cancelled_within_14_days_at: now,
    cancel_charge_pence: charge,
    cancel_reason: PRICE_MSG.cancel14Reason,
    cancelled_at: now,
    cancelled_by: 'customer',
    status: 'cancelled',
  };
  const updated = await Booking.findOneAndUpdate({ _id: b._id, status: b.status, cancelled_within_14_days_at: { $exists: false } }, { $set: set }, {
    returnDocument: 'after',
  }).lean<BookingDoc>();
  if (!updated) throw conflict(PRICE_MSG.cancel14Already);
  await cancelPlan(bookingId, PRICE_MSG.cancel14Reason, now, { state: 'cancelled', by: 'customer' });
  return { booking: updated, charge };
}
