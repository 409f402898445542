// The schedule's pure rules, run by the API (marking the answer) and the office screen (the warning
// before saving): a visit's estimated duration, and clashes — one cleaner with two visits that
// overlap once each visit's estimated hours are counted.
import { planHours, type HoursFacts } from './duration';
import { londonWallTime } from './when';

/** A visit's hours on the schedule: its plan's expected hours (duration.ts planHours, the one answer). */
export const visitHours = (f: HoursFacts): number => planHours(f);

export interface Timed {
  id: string;
  /** The cleaner (null: nobody, never a clash). */
  cleaner: string | number | null;
  /** London date and wall time. */
  d: string;
  t: string;
  h: number;
}

const startOf = (v: Pick<Timed, 'd' | 't'>) => londonWallTime(v.d, v.t) ?? 0;

/** The ids of visits that overlap another visit of the same cleaner. Sorted sweep: O(n log n). */
export function clashingIds(visits: Timed[]): Set<string> {
  const out = new Set<string>();
  const byCleaner = new Map<string | number, Array<{ id: string; start: number; end: number; }>>();
  for (const v of visits) {
    if (v.cleaner === null || v.cleaner === -1) continue;
    const start = startOf(v);
    const list = byCleaner.get(v.cleaner) ?? [];
    list.push({ id: v.id, start, end: start + v.h * 3600_000 });
    byCleaner.set(v.cleaner, list);
  }
  for (const list of byCleaner.values()) {
    list.sort((a, b) => a.start - b.start);
    let latest = list[0];
    for (const cur of list.slice(1)) {
      if (cur.start < latest.end) out.add(cur.id).add(latest.id);
      if (cur.end > latest.end) latest = cur;
    }
  }
  return out;
}

/** The visits `candidate` would overlap if saved as it is (its own id left out). */
export function clashesWith(candidate: Timed, others: Timed[]): Timed[] {
  if (candidate.cleaner === null || candidate.cleaner === -1) return [];
  const start = startOf(candidate);
  const end = start + candidate.h * 3600_000;
  return others.filter((o) => o.id !== candidate.id && o.cleaner === candidate.cleaner && startOf(o) < end && start < startOf(o) + o.h * 3600_000);
}
