// Bookings and plans stored before the states vocabulary (shared/states.ts) are given it, once: a
// customer's cancel within 14 days was stored as the office's `rejected` (or left `completed`), a closed
// account's open requests as `rejected`, and an ended plan did not say who ended it, when or why. Read
// with narrow filters and written in bulk; a marker in `migrations` makes later starts skip it.
import { DATA_RIGHTS_MSG } from '@shared/messages-data-rights';
import { Booking } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { User } from '../../models/User';
import { markMigrationDone, migrationDone } from '../../models/migrations';

export const STATES_MARKER = 'booking-plan-states';

type Write = { updateOne: { filter: Record<string, unknown>; update: Record<string, unknown>; }; };

/** Gives stored bookings and plans their states; returns how many documents it changed. */
export async function migrateStates(): Promise<number> {
  if (await migrationDone(STATES_MARKER)) return 0;
  const bookingWrites: Write[] = [];
  const planWrites: Write[] = [];
  // A customer's cancel within 14 days: its own state, and its plan cancelled (not ended).
  const cancelled = await Booking.find({ cancelled_within_14_days_at: { $ne: null }, status: { $ne: 'cancelled' } }, {
    cancelled_within_14_days_at: 1,
    cancel_reason: 1,
  }).lean();
  for (const b of cancelled) {
    bookingWrites.push({ updateOne: { filter: { _id: b._id }, update: { $set: { status: 'cancelled', cancelled_by: 'customer' } } } });
    const end = { state: 'cancelled', ended_by: 'customer', ended_at: b.cancelled_within_14_days_at, end_reason: b.cancel_reason ?? null };
    planWrites.push({ updateOne: { filter: { _id: b._id }, update: { $set: end } } });
  }
  const done = new Set(cancelled.map((b) => String(b._id)));
  // Closed accounts: their open requests were withdrawn, their plans ended by the closing.
  const closed = await User.find({ closed_at: { $ne: null } }, { closed_at: 1 }).lean();
  const closedAt = new Map(closed.map((u) => [String(u._id), u.closed_at as Date]));
  if (closed.length) {
    const requests = await Booking.find({ user: { $in: closed.map((u) => u._id) }, status: 'rejected', cancel_reason: DATA_RIGHTS_MSG.closedReason }, {
      _id: 1,
    }).lean();
    for (const b of requests) bookingWrites.push({ updateOne: { filter: { _id: b._id }, update: { $set: { status: 'withdrawn', cancelled_by: 'account' } } } });
  }
  // Plans ended before they said by whom: the office's cancel (the booking says why), a closing, or the customer.
  const ended = await Plan.find({ state: 'ended', ended_by: null }, { user: 1, updated_at: 1 }).lean();
  const bookings = ended.length ? await Booking.find({ _id: { $in: ended.map((p) => p._id) } }, { status: 1, cancel_reason: 1, cancelled_at: 1 }).lean() : [];
  const bookingOf = new Map(bookings.map((b) => [String(b._id), b]));
  for (const p of ended) {
    if (done.has(String(p._id))) continue;
    const b = bookingOf.get(String(p._id));
    const closing = closedAt.get(String(p.user));
    const end = b?.status === 'rejected'
      ? { ended_by: 'office', ended_at: b.cancelled_at ?? p.updated_at, end_reason: b.cancel_reason ?? null }
      : closing
      ? { ended_by: 'account', ended_at: closing, end_reason: DATA_RIGHTS_MSG.closedReason }
      : { ended_by: 'customer', ended_at: p.updated_at, end_reason: null };
    planWrites.push({ updateOne: { filter: { _id: p._id }, update: { $set: end } } });
    if (end.ended_by !== 'office') bookingWrites.push({ updateOne: { filter: { _id: p._id }, update: { $set: { plan_ended_at: end.ended_at } } } });
  }
  if (bookingWrites.length) await Booking.bulkWrite(bookingWrites as never[], { ordered: false });
  if (planWrites.length) await Plan.bulkWrite(planWrites as never[], { ordered: false });
  if ((await Booking.estimatedDocumentCount()) > 0) await markMigrationDone(STATES_MARKER);
  return bookingWrites.length + planWrites.length;
}
