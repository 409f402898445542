// Ratings of cleans: 1–5 stars and an optional comment, once per visit (unique index), by the customer
// of a finished visit — through the signed link of the rating request or in the app. The office reads
// them per visit and per cleaner; a cleaner reads their own average.
import mongoose from 'mongoose';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { pageInfo, skipOf } from '@shared/schemas/paging';
import type { CleanerAverage, RatingDto, RatingInput } from '@shared/schemas/reminders';
import { londonIso } from '@shared/visits';
import { Employee } from '../../models/Employee';
import { Rating, type RatingDoc } from '../../models/Rating';
import { Visit, type VisitDoc } from '../../models/Visit';
import { isDuplicateKey } from '../../models/duplicate-key';
import { conflict } from '../../lib/errors';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** Records the rating of a finished visit once; 409 when it is not finished or already rated. */
export async function rateVisit(v: VisitDoc, input: RatingInput): Promise<RatingDoc> {
  if (v.state !== 'completed') throw conflict(REMINDER_MSG.rateNotYet);
  try {
    const r = await Rating.create({
      visit: v._id,
      plan: v.plan,
      user: v.user,
      employee: v.employee ?? null,
      reference: v.reference ?? '',
      visit_start: v.start,
      stars: input.stars,
      comment: input.comment ?? '',
    });
    return r.toObject() as RatingDoc;
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(REMINDER_MSG.alreadyRated);
    throw err;
  }
}

/** The stars given to each of these visits that has a rating (one query), by visit id. */
export async function starsOf(visits: Array<Pick<VisitDoc, '_id' | 'state'>>): Promise<Map<string, number>> {
  const done = visits.filter((v) => v.state === 'completed').map((v) => v._id);
  if (!done.length) return new Map();
  const rows = await Rating.find({ visit: { $in: done } }, { visit: 1, stars: 1 }).lean();
  return new Map(rows.map((r) => [String(r.visit), r.stars]));
}

/**
 * The free re-clean each of these visits is offered (a low rating's reclean_until, ISO) while none is
 * booked; the screen shows it until that time passes.
 */
export async function recleanOffersOf(visits: Array<Pick<VisitDoc, '_id' | 'state'>>): Promise<Map<string, string>> {
  const done = visits.filter((v) => v.state === 'completed').map((v) => v._id);
  if (!done.length) return new Map();
  const rows = await Rating.find({ visit: { $in: done }, reclean_until: { $ne: null } }, { visit: 1, reclean_until: 1 }).lean();
  if (!rows.length) return new Map();
  const booked = new Set((await Visit.find({ reclean_of: { $in: rows.map((r) => r.visit) } }, { reclean_of: 1 }).lean()).map((v) => String(v.reclean_of)));
  return new Map(rows.filter((r) => !booked.has(String(r.visit))).map((r) => [String(r.visit), r.reclean_until!.toISOString()]));
}

/** Average stars and count per cleaner, from counts of (cleaner, stars). */
async function averages(employee?: string): Promise<Array<{ employee_id: string; average: number; count: number; }>> {
  const match: Record<string, unknown> = employee ? { employee: oid(employee) } : { employee: { $ne: null } };
  const rows = await Rating.aggregate<{ _id: { e: mongoose.Types.ObjectId; s: number; }; n: number; }>([{ $match: match }, {
    $group: { _id: { e: '$employee', s: '$stars' }, n: { $sum: 1 } },
  }]);
  const by = new Map<string, { sum: number; count: number; }>();
  for (const r of rows) {
    const k = String(r._id.e);
    const cur = by.get(k) ?? { sum: 0, count: 0 };
    by.set(k, { sum: cur.sum + r._id.s * r.n, count: cur.count + r.n });
  }
  return [...by].map(([employee_id, { sum, count }]) => ({ employee_id, average: Math.round((sum / count) * 100) / 100, count }));
}

export async function cleanerSummary(employeeId: string): Promise<{ average: number | null; count: number; }> {
  const [mine] = await averages(employeeId);
  return mine ? { average: mine.average, count: mine.count } : { average: null, count: 0 };
}

/** The office's page of ratings (newest first, optionally one cleaner's) and the cleaners' averages. */
export async function listRatings(q: { employee?: string; page: number; limit: number; }) {
  const filter = q.employee ? { employee: oid(q.employee) } : {};
  const [rows, total, avg] = await Promise.all([
    Rating.find(filter).sort({ created_at: -1, _id: -1 }).skip(skipOf(q)).limit(q.limit).lean<RatingDoc[]>(),
    Rating.countDocuments(filter),
    averages(q.employee),
  ]);
  const ids = [...new Set([...rows.map((r) => r.employee), ...avg.map((a) => a.employee_id)].filter(Boolean).map(String))];
  const people = ids.length ? await Employee.find({ _id: { $in: ids } }, { name: 1 }).lean() : [];
  const names = new Map(people.map((p) => [String(p._id), p.name]));
  const ratings: RatingDto[] = rows.map((r) => ({
    id: String(r._id),
    visit_id: String(r.visit),
    reference: r.reference ?? '',
    visit_start: r.visit_start ? londonIso(r.visit_start) : null,
    employee_id: r.employee ? String(r.employee) : null,
    cleaner_name: r.employee ? (names.get(String(r.employee)) ?? '') : '',
    stars: r.stars,
    comment: r.comment ?? '',
    created_at: r.created_at.toISOString(),
  }));
  const cleaners: CleanerAverage[] = avg.map((a) => ({ ...a, name: names.get(a.employee_id) ?? '' })).sort((a, b) => a.name.localeCompare(b.name));
  return { ratings, cleaners, info: pageInfo(q.page, q.limit, total) };
}
