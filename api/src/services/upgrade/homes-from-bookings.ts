// The start-up migration that gives every booking made before homes its home: the customer's first
// home from their first booking's address (another booking at the same address shares it), the plan's
// plain access notes moved into it sealed. Each booking is done once (a booking with a home is never
// read again); a kill between writes finds the same home by its address on the next run.
import mongoose from 'mongoose';
import { Booking } from '../../models/Booking';
import { Home } from '../../models/Home';
import { Plan } from '../../models/Plan';
import { sealField } from '../../lib/field-crypto';
import { homeForBooking } from '../homes/homes';
import type { Migration } from './migration';

export const HOMES_MARKER = 'homes-from-bookings';

/** One booking without a home: its home found or made, its plan (and the plan's notes) pointed at it. */
async function giveHome(b: { _id: mongoose.Types.ObjectId; user: mongoose.Types.ObjectId; address?: string | null; postcode: string; }): Promise<number> {
  const { home } = await homeForBooking(String(b.user), { address: b.address ?? '', postcode: b.postcode ?? '' });
  let changes = 1;
  const plan = await Plan.findById(b._id, { home: 1, access_notes: 1 }).lean();
  if (plan && !plan.home) {
    if (plan.access_notes) {
      await Home.updateOne({ _id: home, access_notes: '' }, { $set: { access_notes: sealField(plan.access_notes) } });
    }
    await Plan.updateOne({ _id: b._id, home: null }, { $set: { home, access_notes: '' } });
    changes++;
  }
  await Booking.updateOne({ _id: b._id, home: { $exists: false } }, { $set: { home } });
  return changes;
}

export const homesFromBookings: Migration = {
  id: HOMES_MARKER,
  what: 'bookings and plans given their customer’s home (access notes sealed)',
  size: () => Booking.estimatedDocumentCount(),
  async batch(ctx, after) {
    const filter: Record<string, unknown> = { home: { $exists: false } };
    if (after) filter._id = { $gt: new mongoose.Types.ObjectId(after) };
    const rows = await Booking.find(filter, { user: 1, address: 1, postcode: 1 }).sort({ _id: 1 }).limit(ctx.batchSize).lean();
    if (!rows.length) return null;
    let records = 0;
    // In order: a customer's first booking makes their first home.
    for (const b of rows) records += await giveHome(b);
    return { last: String(rows[rows.length - 1]._id), seen: rows.length, changes: { records } };
  },
  // The cleaner's doorstep and the plan's notes read the home.
  blocks: [/^\/api\/employee\/visits/, /^\/api\/user\/bookings\/[^/?]+\/access-notes/, /^\/api\/user\/homes/],
};
