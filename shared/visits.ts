// A plan's visits from its rule (shared/README.md, "Plans and visits"). Pure calendar arithmetic on
// `YYYY-MM-DD` dates (Date.UTC only, never the process's own zone) plus when.ts for the one step that
// needs Europe/London: a date and a wall time → the instant. So a 09:00 Tuesday stays 09:00 on Tuesdays
// across the clock changes, under any TZ, on the server and in the PWA alike.
import { londonDateAndTime, londonWallTime } from './when';

/** How often a plan's visits come. `weeks` is the office's custom interval ("Other" turned into a rule). */
export const PLAN_FREQUENCIES = ['daily', 'twice-weekly', 'weekly', 'fortnightly', 'monthly', 'once', 'weeks'] as const;
export type PlanFrequency = (typeof PLAN_FREQUENCIES)[number];

/** The wizard's frequency answers and the rule each becomes; anything else ("Other: …") is the office's to decide. */
export const WIZARD_FREQUENCY: Record<string, PlanFrequency> = {
  Daily: 'daily',
  'Twice a week': 'twice-weekly',
  Weekly: 'weekly',
  'Every other week': 'fortnightly',
  'Once a month': 'monthly',
  'One-time clean': 'once',
};

/** Days of the week, ISO numbering: 1 = Monday … 7 = Sunday. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const DAILY_DEFAULT_DAYS = [1, 2, 3, 4, 5];

export interface PlanRule {
  frequency: PlanFrequency;
  /** The first visit's date: the anchor of every interval (fortnights, custom weeks) and of the month's "nth weekday". */
  anchor: string;
  /** Wall time in Europe/London, `HH:MM`. */
  time: string;
  /** Weekdays of the weekly kinds (daily, twice-weekly, and the one weekday of the others). */
  days: number[];
  /** Weeks between visits for `weeks` (and 1 / 2 implied by weekly / fortnightly). */
  interval_weeks?: number;
  /** The rule applies from this date (a schedule change starts a rule here); earlier visits were made by the earlier one. */
  valid_from?: string;
  /** The first date with no visit (plan ended from it). */
  ends_on?: string | null;
  /** Dates from…until (both included) with no visit: a pause. */
  paused_from?: string | null;
  paused_until?: string | null;
}

const DAY_MS = 86_400_000;
const dayNumber = (date: string) => Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS;
const dateOf = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/** The date `n` days after `date` (negative: before). */
export const addDays = (date: string, n: number): string => dateOf(dayNumber(date) + n);
/** ISO weekday of a date: 1 = Monday … 7 = Sunday. */
export const weekdayOf = (date: string): number => ((((dayNumber(date) + 3) % 7) + 7) % 7) + 1;
/** Days from `a` to `b`. */
export const daysBetween = (a: string, b: string): number => dayNumber(b) - dayNumber(a);

/**
 * Which weekday of its month a date is: 1–4, or 5 for a fifth one. A monthly plan anchored on a fifth
 * weekday (29th–31st) comes on the LAST such weekday of each month, so no month is left without a visit.
 */
export const nthOfMonth = (date: string): number => Math.ceil(Number(date.slice(8, 10)) / 7);

/** The `nth` (5 = last) `weekday` of the month of `year-month`. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = dateOf(Date.UTC(year, month - 1, 1) / DAY_MS);
  const firstMatch = addDays(first, (weekday - weekdayOf(first) + 7) % 7);
  if (nth < 5) return addDays(firstMatch, 7 * (nth - 1));
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  let d = addDays(firstMatch, 28);
  if (Number(d.slice(8, 10)) > daysInMonth || d.slice(5, 7) !== first.slice(5, 7)) d = addDays(firstMatch, 21);
  return d;
}

const intervalOf = (r: PlanRule) => (r.frequency === 'fortnightly' ? 2 : r.frequency === 'weeks' ? Math.max(1, r.interval_weeks ?? 1) : 1);
const mondayOf = (date: string) => addDays(date, 1 - weekdayOf(date));

/** The days of a weekly-kind rule; the anchor's weekday when none are set. */
export function ruleDays(r: Pick<PlanRule, 'frequency' | 'anchor' | 'days'>): number[] {
  if (r.frequency === 'daily') return r.days.length ? [...r.days].sort((a, b) => a - b) : DAILY_DEFAULT_DAYS;
  if (r.days.length) return [...new Set(r.days)].sort((a, b) => a - b);
  return [weekdayOf(r.anchor)];
}

/** The rule's visit dates from `from` to `to` (both included), before ends_on and pauses are applied. */
function rawDates(r: PlanRule, from: string, to: string): string[] {
  const out: string[] = [];
  if (r.frequency === 'once') return r.anchor >= from && r.anchor <= to ? [r.anchor] : [];
  if (r.frequency === 'monthly') {
    const weekday = ruleDays(r)[0];
    const nth = nthOfMonth(r.anchor);
    let y = Number(from.slice(0, 4));
    let m = Number(from.slice(5, 7));
    for (;;) {
      const d = nthWeekday(y, m, weekday, nth);
      if (d > to) break;
      if (d >= from) out.push(d);
      if (++m > 12) [y, m] = [y + 1, 1];
      if (`${y}-${String(m).padStart(2, '0')}-01` > to) break;
    }
    return out;
  }
  const days = new Set(ruleDays(r));
  const every = intervalOf(r);
  const anchorMonday = dayNumber(mondayOf(r.anchor));
  // Day numbers, not date strings, until a date is kept: a generation pass walks months of days per plan.
  for (let n = dayNumber(from), last = dayNumber(to); n <= last; n++) {
    const week = Math.floor((n - anchorMonday) / 7);
    if (week % every === 0 && days.has(((((n + 3) % 7) + 7) % 7) + 1)) out.push(dateOf(n));
  }
  return out;
}

/** The dates a plan's rule gives from `from` to `to` (both included): not before its anchor or valid_from, not from ends_on, not in a pause. */
export function planDates(r: PlanRule, from: string, to: string): string[] {
  const start = [from, r.anchor, r.valid_from ?? r.anchor].sort()[2];
  const end = r.ends_on ? [to, addDays(r.ends_on, -1)].sort()[0] : to;
  if (start > end) return [];
  const paused = (d: string) => Boolean(r.paused_from && r.paused_until && d >= r.paused_from && d <= r.paused_until);
  return rawDates(r, start, end).filter((d) => !paused(d));
}

export interface Slot {
  /** The rule's date: with the plan, the visit's identity (one visit per plan and date). */
  slot: string;
  time: string;
  /** The instant of date + time in Europe/London. */
  start: number;
}

/**
 * The visits to create: the rule's dates from `today` to `today + horizonDays` that have no visit yet.
 * A visit already stored for a date (moved, skipped, given another cleaner, or as generated) is left
 * as it is: the generator only ever adds. `generatedThrough`: the plan's last pass reached that date.
 */
export function visitsToCreate(r: PlanRule, existingSlots: Iterable<string>, today: string, horizonDays: number, generatedThrough = ''): Slot[] {
  const have = new Set(existingSlots);
  // Dates up to `generatedThrough` have their visits already (the plan's record of its last pass).
  const from = generatedThrough >= today ? addDays(generatedThrough, 1) : today;
  return planDates(r, from, addDays(today, horizonDays))
    .filter((d) => !have.has(d))
    .map((d) => ({ slot: d, time: r.time, start: londonWallTime(d, r.time) ?? Number.NaN }))
    .filter((s) => !Number.isNaN(s.start));
}

/** `2027-03-30T09:00:00+01:00`: the instant written as London wall time with its UTC offset. */
export function londonIso(instant: number | Date): string {
  const t = typeof instant === 'number' ? instant : instant.getTime();
  const local = londonDateAndTime(t);
  if (!local) return '';
  const offset = Math.round((Date.parse(`${local.date}T${local.time}:00Z`) - Math.floor(t / 60_000) * 60_000) / 60_000);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  return `${local.date}T${local.time}:00${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** London's calendar date of an instant. */
export const londonDate = (instant: number | Date): string => londonDateAndTime(instant)?.date ?? '';

/**
 * The last moment a customer may change a visit themselves: `cutoffTime` (e.g. 18:00) London time the
 * day before the visit's date.
 */
export function changeCutoff(visitStart: number | Date, cutoffTime: string): number {
  const day = londonDate(visitStart);
  return londonWallTime(addDays(day, -1), cutoffTime) ?? 0;
}

/** The rule a wizard booking becomes: its frequency answer, the first visit's date and time, optional days. */
export function ruleFromBooking(frequencyAnswer: string, first: { date: string; time: string; }, days?: number[]): PlanRule {
  const frequency = WIZARD_FREQUENCY[frequencyAnswer] ?? 'once';
  const weekday = weekdayOf(first.date);
  let chosen = days?.length ? [...new Set(days)].sort((a, b) => a - b) : [];
  if (frequency === 'twice-weekly' && chosen.length !== 2) chosen = defaultTwiceWeekly(weekday);
  if (frequency === 'daily' && !chosen.length) {
    chosen = DAILY_DEFAULT_DAYS.includes(weekday)
      ? DAILY_DEFAULT_DAYS
      : [...DAILY_DEFAULT_DAYS, weekday].sort((a, b) => a - b);
  }
  if (!['daily', 'twice-weekly'].includes(frequency)) chosen = [weekday];
  return { frequency, anchor: first.date, time: first.time, days: chosen };
}

/** Twice a week without two chosen days: the first visit's weekday and three days later, a weekend moved to Monday. */
function defaultTwiceWeekly(weekday: number): number[] {
  let second = ((weekday + 2) % 7) + 1;
  if (second >= 6) second = 1;
  return [...new Set([weekday, second])].sort((a, b) => a - b);
}
