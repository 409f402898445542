// A customer's bookings: create with a unique short reference, edit while pending, and the one-off
// backfill of references and booked times for bookings stored before they existed.
import { randomInt } from 'node:crypto';
import type { BookingCreateInput, BookingUpdateInput } from '@shared/schemas/bookings';
import { bestDaysMoment } from '@shared/when';
import { EDITABLE_STATUS, type BookingStatus } from '@shared/constants';
import { API_MSG } from '@shared/messages-api';
import { skipOf } from '@shared/schemas/paging';
import { conflict, notFound } from '../../lib/errors';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { isDuplicateKey } from '../../models/duplicate-key';
import { checkStartWithin14Days } from './start-rule';
import { markMigrationDone, migrationDone } from '../../models/migrations';
import { stateView, type StateView } from '../bookings/state-view';
import { planSummaries } from '../plans/plan-summaries';
import { homeForBooking } from '../homes/homes';

// No 0/O, 1/I/L: a reference read out over the phone cannot be misheard as another.
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const REFERENCE_LENGTH = 5;
const MAX_TRIES = 8;

/** A fresh candidate reference, e.g. SC-7K4Q2 (31^5 ≈ 28.6 million of them). */
export function newReference(): string {
  let s = '';
  for (let i = 0; i < REFERENCE_LENGTH; i++) s += ALPHABET[randomInt(ALPHABET.length)];
  return `SC-${s}`;
}

const isDuplicateReference = (err: unknown) => isDuplicateKey(err) && /reference/.test(String((err as Error).message));

/** The booked moment of a bestDays text, or null for free text. */
export const scheduledAtOf = (bestDays: string): Date | null => {
  const t = bestDaysMoment(bestDays);
  return t === null ? null : new Date(t);
};

/**
 * Stores a new pending booking with a unique reference; the unique index decides, and a collision
 * (rare: one in millions per booking) draws another reference.
 */
export async function createBooking(userId: string, input: BookingCreateInput, newRef: () => string = newReference): Promise<BookingDoc> {
  // The customer's own home chosen, or the address given made into one: the booking keeps its own copy.
  const { home_id: _chosen, ...answers } = input;
  const place = await homeForBooking(userId, input);
  for (let attempt = 1;; attempt++) {
    try {
      const created = await Booking.create({
        ...answers,
        ...place,
        user: userId,
        status: 'pending',
        reference: newRef(),
        scheduledAt: scheduledAtOf(input.bestDays),
      });
      return created.toObject() as unknown as BookingDoc;
    } catch (err) {
      if (!isDuplicateReference(err) || attempt >= MAX_TRIES) throw err;
    }
  }
}

/** One conditional write: an employee accepting at the same moment cannot be overwritten. Null when nothing matched. */
export async function updatePendingBooking(userId: string, id: string, input: BookingUpdateInput): Promise<BookingDoc | null> {
  const set: Record<string, unknown> = { ...input };
  if (input.bestDays !== undefined) {
    set.scheduledAt = scheduledAtOf(input.bestDays);
    // A new date keeps the 14-day rule of the booking's agreement (counted from when it was booked).
    const b = await Booking.findOne({ _id: id, user: userId }, { created_at: 1, quote: 1, start_within_14_days: 1 }).lean<BookingDoc>();
    if (b?.quote) {
      checkStartWithin14Days(
        { start_within_14_days: input.start_within_14_days ?? b.start_within_14_days ?? false },
        set.scheduledAt as Date | null,
        b.created_at,
      );
    }
  }
  return Booking.findOneAndUpdate({ _id: id, user: userId, status: EDITABLE_STATUS }, { $set: set }, { returnDocument: 'after' }).lean<BookingDoc>();
}

/** Deletes the customer's booking while it is still pending; null when nothing matched. */
export async function deletePendingBooking(userId: string, id: string): Promise<BookingDoc | null> {
  return Booking.findOneAndDelete({ _id: id, user: userId, status: EDITABLE_STATUS }).lean<BookingDoc>();
}

/** Why a conditional write matched nothing: not this customer's booking (404, existence not revealed) or no longer pending (409). */
export async function whyNotEditable(userId: string, id: string): Promise<never> {
  if (!(await Booking.exists({ _id: id, user: userId }))) throw notFound(API_MSG.bookingNotFound);
  throw conflict(API_MSG.bookingNotEditable);
}

/** A page of the customer's bookings, newest first, optionally of one status, and how many match in all. */
export async function listCustomerBookings(
  userId: string,
  query: { page: number; limit: number; status: BookingStatus | 'all'; },
  now: Date,
): Promise<{ bookings: BookingDoc[]; total: number; cleaners: Map<string, string>; states: Map<string, StateView>; }> {
  const { page, limit, status } = query;
  const filter = { user: userId, ...(status === 'all' ? {} : { status }) };
  const [bookings, total] = await Promise.all([
    Booking.find(filter).sort({ created_at: -1, _id: -1 }).skip(skipOf({ page, limit })).limit(limit).lean<BookingDoc[]>(),
    Booking.countDocuments(filter),
  ]);
  const [cleaners, plans] = await Promise.all([cleanerNames(bookings), planSummaries(bookings.map((b) => b._id), now)]);
  const states = new Map(bookings.map((b) => [String(b._id), stateView(b, plans.get(String(b._id)), 'customer', now.getTime())]));
  return { bookings, total, cleaners, states };
}

/** The names of the cleaners who accepted these bookings, by employee id (one query for a page). */
export async function cleanerNames(bookings: Array<Pick<BookingDoc, 'accepted_by'>>): Promise<Map<string, string>> {
  const ids = [...new Set(bookings.map((b) => (b.accepted_by ? String(b.accepted_by) : '')).filter(Boolean))];
  if (!ids.length) return new Map();
  const staff = await Employee.find({ _id: { $in: ids } }, { name: 1 }).lean<Array<{ _id: unknown; name: string; }>>();
  return new Map(staff.map((e) => [String(e._id), e.name]));
}

/** The customer dashboard's counts. */
export async function customerBookingStats(userId: string): Promise<{ totalBookings: number; pendingBookings: number; completedBookings: number; }> {
  const mine = { user: userId };
  const [totalBookings, pendingBookings, completedBookings] = await Promise.all([
    Booking.countDocuments(mine),
    Booking.countDocuments({ ...mine, status: 'pending' }),
    Booking.countDocuments({ ...mine, status: 'completed' }),
  ]);
  return { totalBookings, pendingBookings, completedBookings };
}

/** The backfill's marker in `migrations` (models/migrations.ts). */
export const BACKFILL_MARKER = 'bookings-reference-scheduledAt';

/**
 * Gives every booking without a reference one (and its booked time); returns how many. The query has no
 * index to use (it reads every booking), so once it has run over a non-empty collection a marker says
 * so and later starts skip it: every booking written since references exist has one from its first
 * write. A database with no bookings yet is not marked, so bookings later copied in from an older
 * installation are still given theirs.
 */
export async function backfillBookings(): Promise<number> {
  if (await migrationDone(BACKFILL_MARKER)) return 0;
  let filled = 0;
  for (;;) {
    const batch = await Booking.find({ reference: { $exists: false } }, { bestDays: 1 }).limit(200).lean();
    if (!batch.length) {
      if ((await Booking.estimatedDocumentCount()) > 0) await markMigrationDone(BACKFILL_MARKER);
      return filled;
    }
    for (const b of batch) {
      for (let attempt = 1;; attempt++) {
        try {
          await Booking.updateOne({ _id: b._id, reference: { $exists: false } }, {
            $set: { reference: newReference(), scheduledAt: scheduledAtOf(b.bestDays) },
          });
          break;
        } catch (err) {
          if (!isDuplicateReference(err) || attempt >= MAX_TRIES) throw err;
        }
      }
      filled++;
    }
  }
}
