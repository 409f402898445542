// The start-up migration that gives every booking made before homes its home: the customer's first
// home from their first booking's address (another booking at the same address shares it), the plan's
// plain access notes moved into it sealed. A batch reads its bookings, their customers' homes and their
// plans at once and writes each kind in one go. Each booking is done once (a booking with a home is never
// read again); a kill between the writes finds the same homes by their address on the next run.
import mongoose from 'mongoose';
import { cleanPostcode } from '@shared/postcode';
import { Booking } from '../../models/Booking';
import { Home, type HomeDoc } from '../../models/Home';
import { Plan } from '../../models/Plan';
import { sealField } from '../../lib/field-crypto';
import type { Migration } from './migration';

export const HOMES_MARKER = 'homes-from-bookings';

type Id = mongoose.Types.ObjectId;
type Row = { _id: Id; user: Id; address?: string | null; postcode: string; };
const placeOf = (user: Id, address: string, postcode: string) => JSON.stringify([String(user), address, postcode]);

/** The homes of this batch's bookings: the customers' existing ones found by address, the others made (in booking order). */
async function homesFor(rows: Row[]): Promise<Map<string, Id>> {
  const users = [...new Set(rows.map((b) => String(b.user)))].map((u) => new mongoose.Types.ObjectId(u));
  const existing = await Home.find({ user: { $in: users } }, { user: 1, address: 1, postcode: 1 }).sort({ created_at: 1, _id: 1 }).lean<HomeDoc[]>();
  const byPlace = new Map(existing.map((h) => [placeOf(h.user, h.address ?? '', h.postcode ?? ''), h._id]));
  const count = new Map<string, number>();
  for (const h of existing) count.set(String(h.user), (count.get(String(h.user)) ?? 0) + 1);
  const made: Array<Record<string, unknown>> = [];
  for (const b of rows) {
    const place = placeOf(b.user, b.address ?? '', cleanPostcode(b.postcode ?? ''));
    if (byPlace.has(place)) continue;
    const n = (count.get(String(b.user)) ?? 0) + 1;
    count.set(String(b.user), n);
    const _id = new mongoose.Types.ObjectId();
    byPlace.set(place, _id);
    made.push({ _id, user: b.user, label: n === 1 ? 'Home' : `Home ${n}`, address: b.address ?? '', postcode: cleanPostcode(b.postcode ?? '') });
  }
  if (made.length) await Home.insertMany(made);
  return byPlace;
}

async function giveHomes(rows: Row[]): Promise<number> {
  const byPlace = await homesFor(rows);
  const homeOf = (b: Row) => byPlace.get(placeOf(b.user, b.address ?? '', cleanPostcode(b.postcode ?? '')))!;
  const plans = await Plan.find({ _id: { $in: rows.map((b) => b._id) }, home: null }, { access_notes: 1 }).lean();
  const rowOf = new Map(rows.map((b) => [String(b._id), b]));
  const notes = plans.filter((p) => p.access_notes).map((p) => ({
    updateOne: { filter: { _id: homeOf(rowOf.get(String(p._id))!), access_notes: '' }, update: { $set: { access_notes: sealField(p.access_notes) } } },
  }));
  if (notes.length) await Home.bulkWrite(notes, { ordered: true });
  if (plans.length) {
    await Plan.bulkWrite(
      plans.map((p) => ({
        updateOne: { filter: { _id: p._id, home: null }, update: { $set: { home: homeOf(rowOf.get(String(p._id))!), access_notes: '' } } },
      })),
      { ordered: false },
    );
  }
  // The booking is otherwise as it was: its updated_at stays.
  await Booking.bulkWrite(
    rows.map((b) => ({ updateOne: { filter: { _id: b._id, home: { $exists: false } }, update: { $set: { home: homeOf(b) } }, timestamps: false } })),
    { ordered: false },
  );
  return rows.length + plans.length;
}

export const homesFromBookings: Migration = {
  id: HOMES_MARKER,
  what: 'bookings and plans given their customer’s home (access notes sealed)',
  size: () => Booking.estimatedDocumentCount(),
  async batch(ctx, after) {
    const filter: Record<string, unknown> = { home: { $exists: false } };
    if (after) filter._id = { $gt: new mongoose.Types.ObjectId(after) };
    // In order: a customer's first booking makes their first home.
    const rows = await Booking.find(filter, { user: 1, address: 1, postcode: 1 }).sort({ _id: 1 }).limit(ctx.batchSize).lean<Row[]>();
    if (!rows.length) return null;
    return { last: String(rows[rows.length - 1]._id), seen: rows.length, changes: { records: await giveHomes(rows) } };
  },
  // The cleaner's doorstep and the plan's notes read the home.
  blocks: [/^\/api\/employee\/visits/, /^\/api\/user\/bookings\/[^/?]+\/access-notes/, /^\/api\/user\/homes/],
};
