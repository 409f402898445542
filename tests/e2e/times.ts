// Times the browser tests book at, chosen so a run near midnight (CI starts at any hour) still sees them
// on today's London date: My Visits offers On my way only on the visit's day and drops an earlier day's
// visit once its hours are in.
import { londonDateAndTime, londonWallTime } from '@shared/when';

/** A start `minutes` ago, but never before today's London midnight (then midnight itself, still ≤ now). */
export function startedEarlierToday(minutes: number, now = Date.now()): { date: string; time: string; } {
  const today = londonDateAndTime(now)!.date;
  const midnight = londonWallTime(today, '00:00')!;
  return londonDateAndTime(Math.max(now - minutes * 60_000, midnight))!;
}
