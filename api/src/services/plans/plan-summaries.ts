// The plans of a page of bookings with each one's next scheduled visit (what stateView words): one
// query for the plans, one for every running plan's next visit (the (plan, start) index, grouped by
// plan), and for a one-off plan with none left, one for whether it was done. A page of 20 bookings
// asked 20 to 40 questions of the database before; at 10 connections their queueing made the tail.
import mongoose from 'mongoose';
import { Plan, type PlanDoc } from '../../models/Plan';
import { Visit } from '../../models/Visit';
import { stateView, type PlanSummary, type StateView } from '../bookings/state-view';
import { Booking, type BookingDoc } from '../../models/Booking';
import type { Reader } from '@shared/states';

export async function planSummaries(bookingIds: unknown[], now: Date): Promise<Map<string, PlanSummary>> {
  const out = new Map<string, PlanSummary>();
  if (!bookingIds.length) return out;
  const ids = bookingIds.map((id) => new mongoose.Types.ObjectId(String(id)));
  const plans = await Plan.find({ _id: { $in: ids } }).lean<PlanDoc[]>();
  const running = plans.filter((p) => p.state !== 'cancelled').map((p) => p._id);
  const nexts = running.length
    ? await Visit.aggregate<{ _id: mongoose.Types.ObjectId; next: Date; }>([
      { $match: { plan: { $in: running }, state: 'scheduled', start: { $gte: now } } },
      { $group: { _id: '$plan', next: { $min: '$start' } } },
    ])
    : [];
  const nextOf = new Map(nexts.map((n) => [String(n._id), n.next]));
  const onceOver = plans.filter((p) => p.frequency === 'once' && !nextOf.has(String(p._id))).map((p) => p._id);
  const done = new Set(onceOver.length ? (await Visit.distinct('plan', { plan: { $in: onceOver }, state: 'completed' })).map(String) : []);
  for (const p of plans) out.set(String(p._id), { plan: p, next: nextOf.get(String(p._id)) ?? null, done: done.has(String(p._id)) });
  return out;
}

/** One booking's state for its customer (after a change: the answer says what it is now). */
export async function customerStateOf(b: BookingDoc, now: Date): Promise<StateView> {
  return stateView(b, (await planSummaries([b._id], now)).get(String(b._id)), 'customer', now.getTime());
}

/** The booking as it is now and its state in words for `reader` (what a mail of its change says it is); null when gone. */
export async function bookingWithState(bookingId: string, reader: Reader, now: Date): Promise<{ booking: BookingDoc; state: string; } | null> {
  const both = await bookingWithStates(bookingId, now);
  return both && { booking: both.booking, state: both[reader] };
}

/** The booking as it is now with its state in the customer's and in staff's words, from one read of each. */
export async function bookingWithStates(bookingId: string, now: Date): Promise<({ booking: BookingDoc; } & Record<Reader, string>) | null> {
  const b = await Booking.findById(bookingId).lean<BookingDoc>();
  if (!b) return null;
  const summary = (await planSummaries([b._id], now)).get(String(b._id));
  const words = (reader: Reader) => stateView(b, summary, reader, now.getTime()).state_text;
  return { booking: b, customer: words('customer'), staff: words('staff') };
}
