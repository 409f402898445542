// The plans of a page of bookings with each one's next scheduled visit (what stateView words): one
// query for the plans and one indexed point read per plan still running (plan, start), in parallel.
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
  await Promise.all(
    plans.map(async (p) => {
      const next = p.state !== 'cancelled'
        ? await Visit.findOne({ plan: p._id, state: 'scheduled', start: { $gte: now } }, { start: 1 }).sort({ start: 1 }).lean()
        : null;
      const done = p.frequency === 'once' && !next ? Boolean(await Visit.exists({ plan: p._id, state: 'completed' })) : false;
      out.set(String(p._id), { plan: p, next: next?.start ?? null, done });
    }),
  );
  return out;
}

/** One booking's state for its customer (after a change: the answer says what it is now). */
export async function customerStateOf(b: BookingDoc, now: Date): Promise<StateView> {
  return stateView(b, (await planSummaries([b._id], now)).get(String(b._id)), 'customer', now.getTime());
}

/** The booking as it is now and its state in words for `reader` (what a mail of its change says it is); null when gone. */
export async function bookingWithState(bookingId: string, reader: Reader, now: Date): Promise<{ booking: BookingDoc; state: string; } | null> {
  const b = await Booking.findById(bookingId).lean<BookingDoc>();
  if (!b) return null;
  return { booking: b, state: stateView(b, (await planSummaries([b._id], now)).get(String(b._id)), reader, now.getTime()).state_text };
}
