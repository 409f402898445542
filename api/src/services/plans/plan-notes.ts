// A plan's access notes are its home's (services/homes/): the customer writes them from the plan (their
// own plan only), stored sealed on the home; the visit's own cleaner reads them on the visit's day.
import mongoose from 'mongoose';
import { API_MSG } from '@shared/messages-api';
import { Booking } from '../../models/Booking';
import { Home } from '../../models/Home';
import { Plan, type PlanDoc } from '../../models/Plan';
import { conflict, notFound } from '../../lib/errors';
import { openField, sealField } from '../../lib/field-crypto';
import { VISIT_MSG } from '@shared/messages-api';
import { homeForBooking } from '../homes/homes';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The plan's home, made from its booking's address when the plan has none yet (made before homes). */
async function planHome(plan: Pick<PlanDoc, '_id' | 'user' | 'home'>): Promise<mongoose.Types.ObjectId> {
  if (plan.home) return plan.home;
  const b = await Booking.findById(plan._id, { address: 1, postcode: 1 }).lean();
  const { home } = await homeForBooking(String(plan.user), { address: b?.address ?? '', postcode: b?.postcode ?? '' });
  await Plan.updateOne({ _id: plan._id, home: null }, { $set: { home } });
  await Booking.updateOne({ _id: plan._id }, { $set: { home } });
  return (await Plan.findById(plan._id, { home: 1 }).lean())?.home ?? home;
}

/** Sets the notes of the customer's own plan: 404 for anyone else's booking, 409 while it has no plan yet. */
export async function setAccessNotes(userId: string, bookingId: string, notes: string): Promise<string> {
  const plan = await Plan.findOne({ _id: oid(bookingId), user: oid(userId) }, { user: 1, home: 1 }).lean<PlanDoc>();
  if (!plan) throw (await Booking.exists({ _id: oid(bookingId), user: oid(userId) })) ? conflict(VISIT_MSG.planNotFound) : notFound(API_MSG.bookingNotFound);
  const home = await planHome(plan);
  await Home.updateOne({ _id: home, user: oid(userId) }, { $set: { access_notes: sealField(notes) } });
  // Plain notes from before homes are not kept beside the sealed ones.
  await Plan.updateOne({ _id: plan._id, access_notes: { $ne: '' } }, { $set: { access_notes: '' } });
  return notes;
}

/** The access notes the plan's customer reads with their plan: its home's, or its own from before homes. */
export async function planAccessNotes(plan: Pick<PlanDoc, 'home' | 'access_notes'>): Promise<string> {
  if (!plan.home) return plan.access_notes ?? '';
  return openField((await Home.findById(plan.home, { access_notes: 1 }).lean())?.access_notes);
}
