// A customer's bookings: create with a unique short reference, edit while pending, and the one-off
// backfill of references and booked times for bookings stored before they existed.
import { randomInt } from 'node:crypto';
import type { BookingCreateInput, BookingUpdateInput } from '@shared/schemas/bookings';
import { bestDaysMoment } from '@shared/schemas/bookings';
import { EDITABLE_STATUS } from '@shared/constants';
import { Booking, type BookingDoc } from '../models/Booking';
import { isDuplicateKey } from '../models/duplicate-key';

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
  for (let attempt = 1; ; attempt++) {
    try {
      const created = await Booking.create({ ...input, user: userId, status: 'pending', reference: newRef(), scheduledAt: scheduledAtOf(input.bestDays) });
      return created.toObject() as unknown as BookingDoc;
    } catch (err) {
      if (!isDuplicateReference(err) || attempt >= MAX_TRIES) throw err;
    }
  }
}

/** One conditional write: an employee accepting at the same moment cannot be overwritten. Null when nothing matched. */
export async function updatePendingBooking(userId: string, id: string, input: BookingUpdateInput): Promise<BookingDoc | null> {
  const set: Record<string, unknown> = { ...input };
  if (input.bestDays !== undefined) set.scheduledAt = scheduledAtOf(input.bestDays);
  return Booking.findOneAndUpdate({ _id: id, user: userId, status: EDITABLE_STATUS }, { $set: set }, { returnDocument: 'after' }).lean<BookingDoc>();
}

/** Gives every booking without a reference one (and its booked time); returns how many. */
export async function backfillBookings(): Promise<number> {
  let filled = 0;
  for (;;) {
    const batch = await Booking.find({ reference: { $exists: false } }, { bestDays: 1 }).limit(200).lean();
    if (!batch.length) return filled;
    for (const b of batch) {
      for (let attempt = 1; ; attempt++) {
        try {
          await Booking.updateOne({ _id: b._id, reference: { $exists: false } }, { $set: { reference: newReference(), scheduledAt: scheduledAtOf(b.bestDays) } });
          break;
        } catch (err) {
          if (!isDuplicateReference(err) || attempt >= MAX_TRIES) throw err;
        }
      }
      filled++;
    }
  }
}
