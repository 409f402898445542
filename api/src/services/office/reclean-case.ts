// A "Not happy — re-clean" case as the office opens it: the rated visit, until when its free re-clean is
// offered (the rating's reclean_until) and the re-clean visit once one is booked (by the customer or the office).
import type mongoose from 'mongoose';
import { Rating } from '../../models/Rating';
import { Visit } from '../../models/Visit';

export async function recleanOf(d: Record<string, unknown>): Promise<{ visit_id: string; visit_day?: string; until: string | null; booked_start?: string; }> {
  const visit = d.visit as mongoose.Types.ObjectId;
  const [rating, booked, rated] = await Promise.all([
    Rating.findById(d.rating, { reclean_until: 1 }).lean(),
    Visit.findOne({ reclean_of: visit, state: { $ne: 'cancelled' } }, { start: 1 }).lean(),
    Visit.findById(visit, { day: 1 }).lean(),
  ]);
  return {
    visit_id: String(visit),
    ...(rated?.day ? { visit_day: rated.day } : {}),
    until: rating?.reclean_until ? rating.reclean_until.toISOString() : null,
    ...(booked ? { booked_start: booked.start.toISOString() } : {}),
  };
}
