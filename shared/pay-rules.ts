// A cleaner's pay, the parts both halves need: travel between visits, holiday accrual (12.07%), rolled-up
// holiday pay and the 52-week average for holiday taken. Time in whole minutes and money in integer
// pence, each line rounded to the penny once.
import { addDays, daysBetween, weekdayOf } from './visits';

/** Travel counted between two visits of one day, at most (minutes). */
export const TRAVEL_MAX_MINUTES = 60;
/** What a cleaner may state instead when submitting hours (minutes). */
export const TRAVEL_CLAIM_MAX_MINUTES = 240;
/**
 * Holiday for irregular-hours and part-year workers: 12.07% of hours worked (5.6 weeks ÷ the 46.4
 * weeks worked in a year), the Working Time Regulations' rate for leave years from 1 April 2024.
 */
export const HOLIDAY_ACCRUAL_RATE = 0.1207;
/** Holiday taken is paid at the average of this many weeks with pay, looking back at most twice as far. */
export const HOLIDAY_AVERAGE_WEEKS = 52;

/** Pence for minutes at an hourly rate in pence, rounded to the penny. */
export const pencePerMinutes = (minutes: number, ratePence: number): number => Math.round((minutes * ratePence) / 60);
/** Minutes of a number of hours (hours are submitted in halves; kept exact to the minute). */
export const minutesOf = (hours: number): number => Math.round(hours * 60);
/** Hours of minutes, to two decimals (what screens and files show). */
export const hoursOf = (minutes: number): number => Math.round((minutes / 60) * 100) / 100;

export interface DayJob {
  id: string;
  /** London date. */
  day: string;
  startMs: number;
  /** The hours submitted (approved, once approved), in minutes. */
  minutes: number;
  /** What the cleaner stated when submitting hours, if anything. */
  travel_minutes?: number | null;
}

/**
 * Travel before each job: from the end of the cleaner's previous job that day (its start plus its
 * hours) to this one's start, 0 when they overlap, at most TRAVEL_MAX_MINUTES. The first job of a day
 * has none (home to work is commuting, not working time). A figure the cleaner stated replaces the
 * counted one (the office approves it with the hours).
 */
export function travelBefore(jobs: DayJob[]): Map<string, { counted: number; minutes: number; }> {
  const sorted = [...jobs].sort((a, b) => a.startMs - b.startMs || a.id.localeCompare(b.id));
  const out = new Map<string, { counted: number; minutes: number; }>();
  let prev: DayJob | undefined;
  for (const j of sorted) {
    const gap = prev && prev.day === j.day ? (j.startMs - (prev.startMs + prev.minutes * 60_000)) / 60_000 : 0;
    const counted = Math.min(TRAVEL_MAX_MINUTES, Math.max(0, Math.round(gap)));
    out.set(j.id, { counted, minutes: j.travel_minutes ?? counted });
    prev = j;
  }
  return out;
}

/** Holiday accrued by minutes worked, in hours to four decimals (exact to well under a minute). */
export const holidayHoursAccrued = (workedMinutes: number): number => Math.round(((workedMinutes * HOLIDAY_ACCRUAL_RATE) / 60) * 10_000) / 10_000;

/** Rolled-up holiday pay on a period's pay for time worked. */
export const rolledUpHolidayPence = (workPayPence: number): number => Math.round(workPayPence * HOLIDAY_ACCRUAL_RATE);

/** The Monday of a London date's week. */
export const weekOf = (date: string): string => addDays(date, 1 - weekdayOf(date));

export interface WeekPay {
  /** Its Monday. */
  week: string;
  pay_pence: number;
  minutes: number;
}

/**
 * The average hourly pay (pence) for holiday taken on `date`: the last HOLIDAY_AVERAGE_WEEKS weeks with
 * paid work before that date's week, looking back at most twice as many weeks (weeks without pay are
 * skipped), or all such weeks so far when there are fewer; null when there are none.
 */
export function averageHourlyPence(weeks: WeekPay[], date: string): number | null {
  const current = weekOf(date);
  const counted = weeks
    .filter((w) => w.minutes > 0 && w.week < current && daysBetween(w.week, current) <= HOLIDAY_AVERAGE_WEEKS * 2 * 7)
    .sort((a, b) => b.week.localeCompare(a.week))
    .slice(0, HOLIDAY_AVERAGE_WEEKS);
  const minutes = counted.reduce((n, w) => n + w.minutes, 0);
  if (!minutes) return null;
  return Math.round((counted.reduce((n, w) => n + w.pay_pence, 0) * 60) / minutes);
}
