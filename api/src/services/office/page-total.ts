// The total beside a page of an office list. A broad filter (a date range, a search) is counted only
// up to a cap, "more than 1 000", so its page costs at most that many keys, never the whole range (the
// engine, like mongod, stops a count with a limit there); a filter an index answers by a few keys (the
// whole list, one status, one cleaner) keeps its exact total.
import type mongoose from 'mongoose';

/** Broad filters are counted up to this many. */
export const TOTAL_CAP = 1000;

/** `total_capped`: more than `total` match (the cap); the PWA says "more than 1 000". */
export interface PageTotal {
  total: number;
  total_capped?: true;
}

export async function cappedTotal(model: mongoose.Model<never>, filter: Record<string, unknown>, cap = TOTAL_CAP): Promise<PageTotal> {
  const n = await model.countDocuments(filter as never, { limit: cap + 1 });
  return n > cap ? { total: cap, total_capped: true } : { total: n };
}
