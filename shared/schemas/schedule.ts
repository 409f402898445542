// The office's schedule, time off, bank holidays and closed days (README "Schedule, time off and bank
// holidays"): query and body schemas of /api/admin/schedule, /api/*/time-off, /api/admin/bank-holidays
// and /api/admin/closed-days.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { OFFICE_MSG } from '../messages-office';
import { SCHEDULE_MSG } from '../messages-schedule';
import { HOURS_MSG } from '../messages-schedule-hours';
import { PAGE_LIMIT_MAX, PAGE_MAX, PLAN_HOURS_MAX, PLAN_HOURS_MIN } from '../constants';
import { boundedString, objectId } from './common';
import { day } from './timesheets';

/** Longest from–to window one schedule answers (two weeks). */
export const SCHEDULE_WINDOW_MAX_DAYS = 14;
/** Longest stretch of time off one request covers. */
export const TIME_OFF_MAX_DAYS = 62;
/** Longest window of the bank-holiday list. */
export const HOLIDAY_WINDOW_MAX_DAYS = 400;
export const TIME_OFF_STATES = ['requested', 'approved', 'declined'] as const;
export type TimeOffState = (typeof TIME_OFF_STATES)[number];
export const RESOLVE_ACTIONS = ['move', 'skip', 'keep'] as const;
export type ResolveAction = (typeof RESOLVE_ACTIONS)[number];

const DAY_MS = 86_400_000;
const span = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;
const boundedDay = boundedString(10, OFFICE_MSG.badDay).pipe(day);
const queryNumber = (name: string, max: number) =>
  boundedString(7, FIELD_MSG.queryNumber(name, max))
    .regex(/^\d{1,6}$/, FIELD_MSG.queryNumber(name, max))
    .transform(Number)
    .pipe(z.number().int().min(1, FIELD_MSG.queryNumber(name, max)).max(max, FIELD_MSG.queryAtMost(name, max)));
const paging = { page: queryNumber('page', PAGE_MAX).default(1), limit: queryNumber('limit', PAGE_LIMIT_MAX).optional() };
type Range = { from?: string; to?: string; };
const ordered = (v: Range) => !v.from || !v.to || v.from <= v.to;
const within = (max: number) => (v: Range) => !v.from || !v.to || !ordered(v) || span(v.from, v.to) <= max;

/**
 * `?from=&to=&employee=&area=&row=`: at most 14 days (from defaults to this Monday, to to 6 days later).
 * One answer covers whole rows (the Unassigned lane is row 0, then the cleaners by name) from `row` until
 * about SCHEDULE_PAGE_VISITS visits; `next_row` says where the next answer starts (null: the last).
 */
export const scheduleQuerySchema = z
  .strictObject({
    row: boundedString(4, HOURS_MSG.badRow).regex(/^\d{1,4}$/, HOURS_MSG.badRow).transform(Number).optional(),
    from: boundedDay.optional(),
    to: boundedDay.optional(),
    employee: z.union([z.literal('none'), objectId]).optional(),
    area: boundedString(2, FIELD_MSG.tooLong(2)).regex(/^[a-z]{1,2}$/i, FIELD_MSG.required('A postcode area (letters)')).transform((s) => s.toUpperCase())
      .optional(),
  })
  .refine(ordered, { message: OFFICE_MSG.badRange, path: ['to'] })
  .refine(within(SCHEDULE_WINDOW_MAX_DAYS), { message: SCHEDULE_MSG.windowTooLong(SCHEDULE_WINDOW_MAX_DAYS), path: ['to'] });
export type ScheduleQuery = z.infer<typeof scheduleQuerySchema>;

/** Time off from–to (London dates, both included) with an optional note. */
export const timeOffSchema = z
  .strictObject({ from: boundedDay, to: boundedDay, note: boundedString(500, FIELD_MSG.tooLong(500)).trim().optional() })
  .refine(ordered, { message: OFFICE_MSG.badRange, path: ['to'] })
  .refine(within(TIME_OFF_MAX_DAYS), { message: SCHEDULE_MSG.timeOffTooLong(TIME_OFF_MAX_DAYS), path: ['to'] });
export type TimeOffInput = z.infer<typeof timeOffSchema>;

export const timeOffListQuerySchema = z.strictObject({
  state: z.enum(TIME_OFF_STATES, { error: FIELD_MSG.oneOf('state', TIME_OFF_STATES) }).optional(),
  ...paging,
});
export const myTimeOffQuerySchema = z.strictObject(paging);

export const resolveSchema = z.strictObject({ action: z.enum(RESOLVE_ACTIONS, { error: SCHEDULE_MSG.badAction }) });

/** `?from=&to=`: at most 400 days (from defaults to today, to to 90 days on). */
export const holidaysQuerySchema = z
  .strictObject({ from: boundedDay.optional(), to: boundedDay.optional() })
  .refine(ordered, { message: OFFICE_MSG.badRange, path: ['to'] })
  .refine(within(HOLIDAY_WINDOW_MAX_DAYS), { message: FIELD_MSG.queryAtMost('days from–to', HOLIDAY_WINDOW_MAX_DAYS), path: ['to'] });

/** The company's own closed days: from–to (both included) and what they are. */
export const closedDaysSchema = z
  .strictObject({ from: boundedDay, to: boundedDay, note: boundedString(200, FIELD_MSG.tooLong(200)).trim().min(1, FIELD_MSG.required('A note')) })
  .refine(ordered, { message: OFFICE_MSG.badRange, path: ['to'] })
  .refine(within(HOLIDAY_WINDOW_MAX_DAYS), { message: FIELD_MSG.queryAtMost('days from–to', HOLIDAY_WINDOW_MAX_DAYS), path: ['to'] });
export const closedDaysQuerySchema = z.strictObject(paging);

export interface TimeOffDto {
  id: string;
  employee_id: string;
  employee_name: string;
  from: string;
  to: string;
  note: string;
  state: TimeOffState;
  created_at: string;
}

export interface ClosedDaysDto {
  id: string;
  from: string;
  to: string;
  note: string;
}

/** One visit on the schedule. The answer goes compressed (brotli or gzip): a week of 30 cleaners stays ≤ 100 KB on the wire. */
export interface ScheduleVisit {
  id: string;
  /** Its plan (= its booking): where the office sets the estimated hours. */
  plan: string;
  /** Index into `cleaners`, or -1: nobody (a cover job / needs cover). */
  cleaner: number;
  /** London date and wall time. */
  date: string;
  time: string;
  /** Estimated hours; `hours_set`: set by the office (else from the rooms). */
  hours: number;
  hours_set?: true;
  /** Customer's name and the postcode's outward code. */
  customer: string;
  outward_code: string;
  state: 'scheduled' | 'completed' | 'skipped' | 'cancelled';
  /** Its version: a change sends it back, so a visit changed meanwhile is a 409. */
  version: number;
  /** Flags, present only when true: needs cover, a clash, a bank holiday at its postcode, a closed day, its cleaner on time off. */
  needs_cover?: true;
  clash?: true;
  bank_holiday?: true;
  closed_day?: true;
  time_off?: true;
  /** A one-time plan: "this and following" means the same as "this visit". */
  one_time?: true;
  /** The cleaner couldn't get in; a late change's or lockout's charge (pence). */
  locked_out?: true;
  late_charge_pence?: number;
}

/** About how many visits one schedule answer carries: whole rows are added until it is reached. */
export const SCHEDULE_PAGE_VISITS = 250;

export interface ScheduleAnswer {
  from: string;
  to: string;
  /** The first row after this answer's rows (0: the Unassigned lane, 1 + i: cleaners[i]); null: no more. */
  next_row: number | null;
  cleaners: Array<{ id: string; name: string; }>;
  visits: ScheduleVisit[];
  holidays: Array<{ date: string; title: string; regions: string[]; }>;
  closed: ClosedDaysDto[];
  time_off: Array<{ id: string; c: number; from: string; to: string; state: TimeOffState; }>;
}

/** A bank holiday or closed day ahead, with the visits it touches that nobody has resolved yet. */
export interface HolidayDto {
  date: string;
  title: string;
  regions: string[];
  closed: boolean;
  visits: number;
}

/** The office's estimate of one visit of a plan (PLAN_HOURS_MIN–MAX in half hours); null goes back to the rooms' table. */
export const planHoursSchema = z.strictObject({
  estimated_hours: z
    .number({ error: HOURS_MSG.badHours(PLAN_HOURS_MIN, PLAN_HOURS_MAX) })
    .min(PLAN_HOURS_MIN, HOURS_MSG.badHours(PLAN_HOURS_MIN, PLAN_HOURS_MAX))
    .max(PLAN_HOURS_MAX, HOURS_MSG.badHours(PLAN_HOURS_MIN, PLAN_HOURS_MAX))
    .multipleOf(0.5, HOURS_MSG.badHours(PLAN_HOURS_MIN, PLAN_HOURS_MAX))
    .nullable(),
});
export type PlanHoursInput = z.infer<typeof planHoursSchema>;

/** A plan's estimate as the schedule uses it: the office's (or null), the rooms' table, and the one in force. */
export interface PlanHoursDto {
  id: string;
  estimated_hours: number | null;
  rooms_hours: number;
  hours: number;
}
