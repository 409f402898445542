// Timesheets (/api/admin/timesheets, /office/timesheets): the office reviews each work submission —
// approves it, or queries it with a message the cleaner answers by correcting the submission.
import { z } from 'zod';
import { FIELD_MSG } from '../messages';
import { OFFICE_MSG } from '../messages-office';
import { objectId } from './common';
import { pageQuery } from './office';

/** A submission's review: waiting for the office, queried back to the cleaner, or approved for payroll. */
export const TIMESHEET_STATUSES = ['submitted', 'queried', 'approved'] as const;
export type TimesheetStatus = (typeof TIMESHEET_STATUSES)[number];

/** Longest period one list, export or figures answer covers. */
export const PERIOD_MAX_DAYS = 366;

/** A calendar day, `YYYY-MM-DD` (days are UTC days, like every figure the API counts). */
export const day = z
  .string({ error: OFFICE_MSG.badDay })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, OFFICE_MSG.badDay)
  .refine((s) => {
    // Rejects days that do not exist (2026-02-30) as well as text that is no date at all.
    const t = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(t.getTime()) && t.toISOString().startsWith(s);
  }, OFFICE_MSG.badDay);

const dayMs = 24 * 60 * 60 * 1000;
type Period = { from?: string; to?: string; };
const periodOk = ({ from, to }: Period) => !from || !to || Date.parse(from) <= Date.parse(to);
const periodShort = ({ from, to }: Period) => !from || !to || (Date.parse(to) - Date.parse(from)) / dayMs < PERIOD_MAX_DAYS;

/** `from` / `to` (both days included) with the two rules every office period follows. */
export const period = <T extends z.ZodRawShape>(shape: T) =>
  z
    .strictObject({ from: day.optional(), to: day.optional(), ...shape })
    .refine((v) => periodOk(v as Period), { message: OFFICE_MSG.badRange, path: ['to'] })
    .refine((v) => periodShort(v as Period), { message: OFFICE_MSG.rangeTooLong, path: ['from'] });

const timesheetStatus = z.enum(TIMESHEET_STATUSES, { error: FIELD_MSG.oneOf('Status', TIMESHEET_STATUSES) });

export const timesheetQuerySchema = period({ ...pageQuery, employee: objectId.optional(), status: timesheetStatus.optional() });
export type TimesheetQuery = z.infer<typeof timesheetQuerySchema>;

export const timesheetCsvQuerySchema = period({
  employee: objectId.optional(),
  status: timesheetStatus.optional(),
  // The rows (one per submission) or the totals (one per employee): two files, so an import never mixes them.
  part: z.enum(['rows', 'totals'], { error: FIELD_MSG.oneOf('Part', ['rows', 'totals']) }).optional(),
});
export type TimesheetCsvQuery = z.infer<typeof timesheetCsvQuerySchema>;

export const timesheetQueryMessageSchema = z.strictObject({
  message: z.string({ error: OFFICE_MSG.queryMessageRequired }).trim().min(1, OFFICE_MSG.queryMessageRequired).max(
    1000,
    FIELD_MSG.namedTooLong('The message', 1000),
  ),
});

/** One work submission as the office reviews it. */
export interface Timesheet {
  booking_id: string;
  /** A visit's row (README "Plans and visits"): its own id, the one its review routes take, and its date. */
  visit_id?: string;
  visit_date?: string;
  reference?: string;
  employee: { id: string; name: string; email: string; };
  customer_name: string;
  postcode: string;
  work_hours: number;
  /** The plan's expected hours for the visit (shared/duration.ts planHours), and whether the hours submitted are 30 minutes or more over them. */
  expected_hours?: number;
  over_expected?: boolean;
  completion_notes: string;
  submitted_at: string;
  status: TimesheetStatus;
  /** The office's question, while queried (and kept once answered). */
  query?: { message: string; at: string; answered_at?: string; };
  approved_at?: string;
}

/** Hours of one employee in the period. */
export interface TimesheetTotal {
  employee: { id: string; name: string; email: string; };
  submissions: number;
  hours: number;
  approved_hours: number;
}
