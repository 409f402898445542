// A plan's access notes: the customer writes them (their own plan only), the visit's own cleaner
// reads them in their visits list. Cover jobs and the office's lists do not carry them.
import mongoose from 'mongoose';
import { API_MSG } from '@shared/messages-api';
import type { VisitDto } from '@shared/schemas/visits';
import { Booking } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { conflict, notFound } from '../../lib/errors';
import { VISIT_MSG } from '@shared/messages-api';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** Sets the notes of the customer's own plan: 404 for anyone else's booking, 409 while it has no plan yet. */
export async function setAccessNotes(userId: string, bookingId: string, notes: string): Promise<string> {
  const updated = await Plan.findOneAndUpdate({ _id: oid(bookingId), user: oid(userId) }, { $set: { access_notes: notes } }, {
    returnDocument: 'after',
    projection: { access_notes: 1 },
  }).lean();
  if (updated) return updated.access_notes ?? '';
  throw (await Booking.exists({ _id: oid(bookingId), user: oid(userId) })) ? conflict(VISIT_MSG.planNotFound) : notFound(API_MSG.bookingNotFound);
}

/** The cleaner's own visits with their plans' access notes (one query). */
export async function withAccessNotes(visits: VisitDto[]): Promise<VisitDto[]> {
  const ids = [...new Set(visits.map((v) => v.booking_id))];
  if (!ids.length) return visits;
  const plans = await Plan.find({ _id: { $in: ids.map(oid) } }, { access_notes: 1 }).lean();
  const notes = new Map(plans.map((p) => [String(p._id), p.access_notes ?? '']));
  return visits.map((v) => ({ ...v, access_notes: notes.get(v.booking_id) ?? '' }));
}
