// Whether the cleaner may take photos at a visit: the customer can turn photos off for a home (privacy).
// This is the one place that decides; a plan made before homes (no home yet) allows them.
import mongoose from 'mongoose';
import { Plan } from '../../models/Plan';
import { Home } from '../../models/Home';

export interface VisitRef {
  _id: mongoose.Types.ObjectId | string;
  plan: mongoose.Types.ObjectId | string;
}

/** For a page of visits: one read of their plans and one of their homes. */
export async function photosAllowedByPlan(planIds: Array<mongoose.Types.ObjectId | string>): Promise<Map<string, boolean>> {
  const ids = [...new Set(planIds.map(String))].filter((id) => mongoose.isValidObjectId(id)).map((id) => new mongoose.Types.ObjectId(id));
  const plans = ids.length
    ? await Plan.find({ _id: { $in: ids } }, { home: 1 }).lean<Array<{ _id: mongoose.Types.ObjectId; home?: mongoose.Types.ObjectId | null; }>>()
    : [];
  const homeIds = plans.map((p) => p.home).filter((h): h is mongoose.Types.ObjectId => !!h);
  const homes = homeIds.length
    ? await Home.find({ _id: { $in: homeIds } }, { photos_allowed: 1 }).lean<Array<{ _id: mongoose.Types.ObjectId; photos_allowed?: boolean; }>>()
    : [];
  const offHomes = new Set(homes.filter((h) => h.photos_allowed === false).map((h) => String(h._id)));
  return new Map(plans.map((p) => [String(p._id), !(p.home && offHomes.has(String(p.home)))]));
}

export async function photosAllowed(visit: VisitRef): Promise<boolean> {
  return (await photosAllowedByPlan([visit.plan])).get(String(visit.plan)) ?? true;
}
