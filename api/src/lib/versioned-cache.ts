// Answers derived from visits that are read far more than written (the office's schedule of a week, a
// cleaner's week, the office's visits of a week, a customer's visits), kept per write version of every collection they read
// (models/write-version.ts: each write through those models moves its counter, on any instance, and the
// counters live in the database): a repeat costs one point read instead of the lists and their joins.
// The key holds the rest of what the answer depends on (the caller, the query resolved to dates). A
// write that bypasses the models must bump the version itself (close-account does). Kept entries are also
// built again after ANSWER_TTL_MS, like the names and plan facts they hold (visits-view.ts, schedule-facts.ts).
import { addDays, londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { writeVersions } from '../models/write-version';

export type Source =
  | 'visits'
  | 'plans'
  | 'bookings'
  | 'users'
  | 'employees'
  | 'time_off'
  | 'closed_days'
  | 'ratings'
  | 'audit'
  | 'inbox'
  | 'timesheet_totals'
  | 'homes'
  | 'checklists';

// Short: a write made around the models (a hand edit, a seeding script) shows within seconds (once the
// renewal it starts is built).
const ANSWER_TTL_MS = 5_000;

/**
 * The daily generation pass adds visits on the horizon's new day, weeks ahead. It writes the ones from
 * FAR_DAYS ahead past the model and moves 'visits_far' instead of 'visits' (visits-generate.ts), so an
 * answer whose window ends before them (this week's lists, read all day) survives the pass. The answers'
 * line is two days short of the pass's, so an instance whose clock reads the next day still sees it.
 */
export const FAR_DAYS = 42;
const farLine = (now: Date, days: number) => londonWallTime(addDays(londonDate(now), days), '00:00') ?? 0;
/** Where the pass's far writes start: a visit starting here or later is written past the model. */
export const farWritesFrom = (now: Date) => farLine(now, FAR_DAYS);

export interface VersionedCache<T> {
  /**
   * `build` hears the versions read (a stamp to key its own caches by). `window`: the visits' window the
   * answer reads (its end and the clock's now); without it the pass's far writes count too.
   */
  get(key: string, build: (versions: Record<Source, number>) => Promise<T>, window?: { end: Date; now: Date; }): Promise<T>;
  clear(): void;
}

/**
 * At most `max` answers, the least recently stored dropped first. Requests for the same key and versions
 * while one builds share its answer (ten office screens reloading at once build the week once). An answer
 * past its age with the versions unchanged is still given while its successor builds in the background,
 * so only the first request after a write waits for a build (a week's schedule: ~250 ms at 10k/100k).
 * Date.now(): a cache's age, not a rule's "now".
 */
export function versionedCache<T>(sources: Source[], max: number): VersionedCache<T> {
  const kept = new Map<string, { at: number; versions: string; answer: Promise<T>; renewing?: boolean; }>();
  const store = (key: string, versions: string, answer: Promise<T>) => {
    kept.delete(key);
    kept.set(key, { at: Date.now(), versions, answer });
    // A failed build is not kept.
    answer.catch(() => kept.get(key)?.answer === answer && kept.delete(key));
    for (const old of kept.keys()) {
      if (kept.size <= max) break;
      kept.delete(old);
    }
  };
  return {
    async get(key, build, window) {
      const far = sources.includes('visits') && !(window && window.end.getTime() <= farLine(window.now, FAR_DAYS - 2));
      // Read before the build: a write during it moves the version, so its answer is not kept as current.
      const read = await writeVersions(...sources, ...(far ? ['visits_far' as const] : []));
      const versions = Object.values(read).join('.');
      const hit = kept.get(key);
      if (hit && hit.versions === versions) {
        if (Date.now() - hit.at >= ANSWER_TTL_MS && !hit.renewing) {
          hit.renewing = true;
          const next = build(read as Record<Source, number>);
          // Kept once built, unless a newer answer took the key meanwhile; a failed renewal keeps the old one.
          next.then(
            () => kept.get(key) === hit && store(key, versions, next),
            () => (hit.renewing = false),
          );
        }
        return hit.answer;
      }
      const answer = build(read as Record<Source, number>);
      store(key, versions, answer);
      return answer;
    },
    clear: () => kept.clear(),
  };
}
