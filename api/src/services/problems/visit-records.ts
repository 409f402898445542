// What a visit's answer says of its record: its problems, how many photos it holds, and whether the
// home takes photos at all — for a whole page of visits in one query each.
import mongoose from 'mongoose';
import type { VisitDto } from '@shared/schemas/visits';
import { VisitPhoto } from '../../models/VisitPhoto';
import { photosAllowedByPlan } from '../photos/allowed';
import { problemsOfVisits } from './problem-view';

export async function withRecords(dtos: VisitDto[]): Promise<VisitDto[]> {
  if (!dtos.length) return dtos;
  const ids = dtos.map((d) => d.id);
  const [problems, counts, allowed] = await Promise.all([
    problemsOfVisits(ids),
    VisitPhoto.aggregate<{ _id: mongoose.Types.ObjectId; n: number; }>([
      { $match: { visit: { $in: ids.map((id) => new mongoose.Types.ObjectId(id)) } } },
      { $group: { _id: '$visit', n: { $sum: 1 } } },
    ]),
    photosAllowedByPlan(dtos.map((d) => d.booking_id)),
  ]);
  const countOf = new Map(counts.map((c) => [String(c._id), c.n]));
  return dtos.map((d) => ({
    ...d,
    photos_allowed: allowed.get(d.booking_id) ?? true,
    ...(countOf.get(d.id) ? { photo_count: countOf.get(d.id) } : {}),
    ...(problems.get(d.id) ? { problems: problems.get(d.id) } : {}),
  }));
}
