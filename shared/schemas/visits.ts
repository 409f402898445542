// Plans and visits (shared/README.md "Plans and visits"): states, the query and body schemas of the
// /api/*/visits routes and the plan actions, and the answers' shapes.
import { z } from 'zod';
import type { VisitDoorstepDto } from './homes';
import { pricePenceSchema } from './prices';
import { FIELD_MSG } from '../messages';
import { OFFICE_MSG } from '../messages-office';
import { PAGE_LIMIT_MAX, PAGE_MAX } from '../constants';
import { boundedString, objectId } from './common';
import { day } from './timesheets';
import { bestDaysMoment } from '../when';
import { PLAN_FREQUENCIES, type PlanFrequency } from '../visits';
import { assignSchema } from './office';
import type { EndedBy } from '../states';
import type { ProblemDto } from './photos';
import type { ChecklistItem } from '../checklists';

export const PLAN_STATES = ['active', 'paused', 'ended', 'cancelled'] as const;
export type PlanState = (typeof PLAN_STATES)[number];
export const VISIT_STATES = ['scheduled', 'completed', 'skipped', 'cancelled'] as const;
export type VisitState = (typeof VISIT_STATES)[number];

/** Longest from–to window one visits list answers. */
export const VISIT_WINDOW_MAX_DAYS = 93;
/** The next visits a plan's answer carries. */
export const PLAN_NEXT_VISITS = 8;

const DAY_MS = 86_400_000;
const queryNumber = (name: string, max: number) =>
  boundedString(7, FIELD_MSG.queryNumber(name, max))
    .regex(/^\d{1,6}$/, FIELD_MSG.queryNumber(name, max))
    .transform(Number)
    .pipe(z.number().int().min(1, FIELD_MSG.queryNumber(name, max)).max(max, FIELD_MSG.queryAtMost(name, max)));
const boundedDay = boundedString(10, OFFICE_MSG.badDay).pipe(day);

/** `?from=&to=&page=&limit=`: London dates, both included, at most VISIT_WINDOW_MAX_DAYS apart. */
const windowShape = {
  from: boundedDay.optional(),
  to: boundedDay.optional(),
  page: queryNumber('page', PAGE_MAX).default(1),
  limit: queryNumber('limit', PAGE_LIMIT_MAX).optional(),
};
type Window = { from?: string; to?: string; };
const windowOk = (v: Window) => !v.from || !v.to || v.from <= v.to;
const windowShort = (v: Window) => !v.from || !v.to || (Date.parse(v.to) - Date.parse(v.from)) / DAY_MS < VISIT_WINDOW_MAX_DAYS;
const windowed = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject({ ...windowShape, ...shape })
    .refine((v) => windowOk(v as Window), { message: OFFICE_MSG.badRange, path: ['to'] })
    .refine((v) => windowShort(v as Window), { message: FIELD_MSG.queryAtMost('days from–to', VISIT_WINDOW_MAX_DAYS), path: ['to'] });

export const visitsQuerySchema = windowed({});
export type VisitsQuery = z.infer<typeof visitsQuerySchema>;

const ADMIN_STATES = [...VISIT_STATES, 'open'] as const;
/** The office's visits: a period, one cleaner (or `none`: the cover jobs), one state (`open`: scheduled with no cleaner). */
export const adminVisitsQuerySchema = windowed({
  employee: z.union([z.literal('none'), objectId]).optional(),
  state: z.enum(ADMIN_STATES, { error: FIELD_MSG.oneOf('state', ADMIN_STATES) }).optional(),
});
export type AdminVisitsQuery = z.infer<typeof adminVisitsQuerySchema>;

/** A wall time `HH:MM` (Europe/London). */
export const wallTime = boundedString(5, FIELD_MSG.required('A time (HH:MM)')).regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, FIELD_MSG.required('A time (HH:MM)'));
const weekdays = z.array(z.number().int().min(1).max(7), { error: FIELD_MSG.required('Days (1 = Monday … 7 = Sunday)') }).min(1).max(7);

/** A moment: `2027-03-30T09:00` (London wall time) or with its offset `2027-03-30T09:00:00+01:00`. */
export const moment = boundedString(40, FIELD_MSG.required('A start (date and time)'))
  .refine((s) => bestDaysMoment(s) !== null, FIELD_MSG.required('A start (date and time)'))
  .transform((s) => bestDaysMoment(s) as number);

/** Accepting (or assigning) a booking: the first visit's date and time, required when the booking names none. */
export const acceptBodySchema = z.strictObject({
  first_visit: z.strictObject({ date: boundedDay, time: wallTime }).optional(),
  days: weekdays.optional(),
});
export type AcceptBody = z.infer<typeof acceptBodySchema>;

/** After the change cut-off a change is charged: the customer accepts the charge the 409 named. */
// `charge_pence`: the amount the customer was shown; when the server's differs it asks again (409).
const chargeAck = {
  accept_charge: z.literal(true).optional(),
  charge_pence: z.number().int().min(0).max(100_000_000).optional(),
};
export type ChargeAck = { accept_charge?: true; charge_pence?: number; };
export const moveVisitSchema = z.strictObject({ start: moment, ...chargeAck });
export const skipVisitSchema = z.strictObject(chargeAck);
/** The free re-clean after a low rating: when (within 48 hours of the rating). */
export const recleanSchema = z.strictObject({ start: moment });
export const pausePlanSchema = z
  .strictObject({ from: boundedDay, until: boundedDay, ...chargeAck })
  .refine((v) => v.from <= v.until, { message: OFFICE_MSG.badRange, path: ['until'] });
export const endPlanSchema = z.strictObject({ from: boundedDay, ...chargeAck });
export const scheduleSchema = z
  .strictObject({ time: wallTime.optional(), days: weekdays.optional(), from: boundedDay, ...chargeAck })
  .refine((v) => v.time !== undefined || v.days !== undefined, { message: FIELD_MSG.nothingToUpdate });
export type ScheduleInput = z.infer<typeof scheduleSchema>;

/** POST /api/employee/visits/{id}/lockout: the cleaner couldn't get in, with an optional note for the office. */
export const LOCKOUT_NOTE_MAX = 500;
export const lockoutSchema = z.strictObject({ note: boundedString(LOCKOUT_NOTE_MAX, FIELD_MSG.tooLong(LOCKOUT_NOTE_MAX)).trim().optional() });

/** PATCH /api/admin/visits/{id}: one change — a new start, another cleaner, or a cancellation with its reason — to this visit or this and following. */
export const adminVisitPatchSchema = z
  .strictObject({
    start: moment.optional(),
    employee_id: objectId.optional(),
    state: z.literal('cancelled', { error: FIELD_MSG.oneOf('state', ['cancelled']) }).optional(),
    reason: boundedString(500, FIELD_MSG.tooLong(500)).trim().min(1).optional(),
    scope: z.enum(['this', 'following'], { error: FIELD_MSG.oneOf('scope', ['this', 'following']) }).default('this'),
    // The visit's version as the office saw it (the schedule's `v`): changed since → 409, so assigning
    // a cover job a cleaner took meanwhile is refused rather than taking it from them.
    version: z.number().int().min(0).max(1_000_000).optional(),
  })
  .refine((v) => [v.start, v.employee_id, v.state].filter((x) => x !== undefined).length === 1, { message: FIELD_MSG.nothingToUpdate })
  .refine((v) => v.state === undefined || v.reason !== undefined, { message: FIELD_MSG.required('A reason'), path: ['reason'] });
export type AdminVisitPatch = z.infer<typeof adminVisitPatchSchema>;

/** One visit as a list shows it. */
export interface VisitDto {
  id: string;
  booking_id: string;
  reference: string;
  /** ISO 8601 with its UTC offset, London wall time: `2027-03-30T09:00:00+01:00`. */
  start: string;
  state: VisitState;
  cleaner_first_name: string;
  /** The cleaner's and the office's views also carry these. */
  employee_id?: string | null;
  exception?: boolean;
  work_hours?: number;
  timesheet_status?: 'submitted' | 'queried' | 'approved';
  postcode?: string;
  address?: string;
  customer_name?: string;
  cancel_reason?: string;
  /** The cleaner's list and the cover jobs: the booking's frequency as asked ("Weekly") and its expected hours. */
  frequency?: string;
  expected_hours?: number;
  /** Cover jobs: the reader's pay for the expected hours (shared/pay.ts; null: no pay rate set yet). */
  pay_pence?: number | null;
  /** The cleaner's list: the last moment the visit may be released (start − VISIT_RELEASE_HOURS). */
  release_by?: string;
  /** The home's access notes: only in the visit's own cleaner's list, on the visit's London day. */
  access_notes?: string;
  /** The visit's own cleaner: the customer's phone, and on the visit's day what they need at the door. */
  customer_phone?: string;
  doorstep?: VisitDoorstepDto;
  /** What the visit costs (pence), and a late change's charge the customer accepted. */
  price_pence?: number | null;
  late_charge_pence?: number;
  /** The cleaner reported "Couldn't get in" (London ISO) and their note (the office's view carries the note). */
  lockout_at?: string;
  lockout_note?: string;
  /** The office's view: the cleaner's share of the late charge. */
  late_charge_cleaner_pence?: number;
  /** The staff's views: when the cleaner said "On my way" (London ISO) and the minutes they gave; absent until then. */
  on_my_way_at?: string;
  on_my_way_minutes?: number;
  /** The customer's views: the stars they gave this finished visit; absent until rated. */
  my_rating?: number;
  /** The visit's record (shared/README.md "Photos", "Problems"): whether its home takes photos, how many it holds, its problems. */
  photos_allowed?: boolean;
  photo_count?: number;
  problems?: ProblemDto[];
  /** The customer's views: a free re-clean offered after a low rating, until then (ISO), while none is booked. */
  reclean_until?: string;
  /** Its checklist and the customer's requests (shared/README.md "Checklists"): the cleaner's, customer's and office's views. */
  checklist?: ChecklistItem[];
  requests?: string;
}

export interface PlanDto {
  frequency: PlanFrequency;
  days: number[];
  time: string;
  state: PlanState;
  paused_from: string | null;
  paused_until: string | null;
  ends_on: string | null;
  cleaner_first_name: string;
  /** The customer's access notes for their cleaner (shared/schemas/plan-notes.ts). */
  access_notes: string;
  /** Ended or cancelled: who (customer, office, account closed), when (ISO), why. */
  ended_by?: EndedBy;
  ended_at?: string;
  end_reason?: string;
  /** The expected hours of one visit (shared/duration.ts planHours). */
  expected_hours?: number;
  /** The price per visit (pence; null: the office confirms it) and whether the office confirmed it. */
  price_pence?: number | null;
  price_confirmed?: boolean;
  /** The state in words for its customer ("Weekly, active — next visit Thu 3 Dec"). */
  state_text?: string;
}

/**
 * POST /api/admin/bookings/{id}/assign: the cleaner, and the plan the booking becomes — the first visit
 * (required for a free-text time), the days, and for an "Other" request the rule the office decides
 * (one of the frequencies, or every N weeks).
 */
export const assignPlanSchema = assignSchema.extend({
  first_visit: acceptBodySchema.shape.first_visit,
  days: acceptBodySchema.shape.days,
  frequency: z.enum(PLAN_FREQUENCIES, { error: FIELD_MSG.oneOf('frequency', PLAN_FREQUENCIES) }).optional(),
  interval_weeks: z.number().int().min(1).max(52).optional(),
  // The price per visit the office confirms or agreed (integer pence); without it the quote stands.
  pence_per_visit: pricePenceSchema.optional(),
});
