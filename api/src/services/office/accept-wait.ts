// How long a request waited for a cleaner, in whole minutes, kept on the booking beside accepted_at
// (set just after each accept or assignment, removed with accepted_at when the office takes a booking
// back). The office's median and 90th percentile wait are then counted per minute from an index's
// keys. A booking whose wait is missing (one accepted a moment ago, or stored before the field
// existed) is read and computed where the figures need it, so they are right in every case.
import mongoose from 'mongoose';
import { Booking } from '../../models/Booking';
import { batchedWrites } from '../../lib/batched-writes';
import { markMigrationDone, migrationDone } from '../../models/migrations';

export const waitMinutes = (created: Date, accepted: Date) => Math.floor((accepted.getTime() - created.getTime()) / 60_000);

/**
 * Stores the wait of a booking just accepted (only while it is still that acceptance). Past the model:
 * a derived field that changes no answer (the figures compute a missing wait the same way), so it moves
 * neither the bookings' write version nor updated_at. Through the model, the office figures' own storing
 * of the waits they found missing moved the version, and the next office home counted the period again
 * (300-400 ms at 10k/100k).
 */
export async function recordAcceptWait(b: { _id: unknown; created_at: Date; accepted_at?: Date | null; }): Promise<void> {
  if (!b.accepted_at) return;
  await Booking.collection.updateOne({ _id: b._id as mongoose.Types.ObjectId, accepted_at: b.accepted_at }, {
    $set: { accept_wait_min: waitMinutes(b.created_at, b.accepted_at) },
  });
}

export const ACCEPT_WAIT_MARKER = 'bookings-accept-wait';

/**
 * Sets every accepted booking's wait that is missing (once: a marker in `migrations` skips it at later
 * starts), or with `all`, recomputes every one and corrects those that differ (`npm run office -- recount`).
 * Returns how many it wrote.
 */
export async function backfillAcceptWaits(opts: { all?: boolean; } = {}): Promise<number> {
  if (!opts.all && (await migrationDone(ACCEPT_WAIT_MARKER))) return 0;
  const filter = opts.all ? { accepted_at: { $ne: null } } : { accepted_at: { $ne: null }, accept_wait_min: null };
  const cursor = Booking.find(filter, { created_at: 1, accepted_at: 1, accept_wait_min: 1 }).lean().cursor();
  // A derived field: the booking is not "updated" by it (updated_at stays).
  const batches = batchedWrites(async (ops) => (await Booking.bulkWrite(ops, { ordered: false, timestamps: false })).modifiedCount);
  for await (const b of cursor) {
    const want = waitMinutes(b.created_at, b.accepted_at!);
    if (b.accept_wait_min !== want) {
      await batches.add({ updateOne: { filter: { _id: b._id, accepted_at: b.accepted_at }, update: { $set: { accept_wait_min: want } } } });
    }
  }
  const written = await batches.done();
  // Not marked done on an empty database: bookings copied in later still get their waits.
  if ((await Booking.estimatedDocumentCount()) > 0) await markMigrationDone(ACCEPT_WAIT_MARKER);
  return written;
}
