import { z } from 'zod';
import type { BookingState } from '../states';
import { FIELD_MSG, MSG } from '../messages';
import { PASSWORD_MIN, WORK_HOURS_MIN, WORK_HOURS_STEP } from '../constants';
import { email, optionalText, postcode, requiredText } from './common';
import { travelFields } from './pay';

export const employeeLoginSchema = z.strictObject({
  email,
  password: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
});

export const workHours = z
  .number({ error: FIELD_MSG.workHoursRequired })
  .min(WORK_HOURS_MIN, FIELD_MSG.workHoursMin(WORK_HOURS_MIN))
  .max(24, FIELD_MSG.workHoursMax(24))
  .refine((n) => Number.isInteger(n / WORK_HOURS_STEP), FIELD_MSG.workHoursStep(WORK_HOURS_STEP));

export const workSubmissionSchema = z.strictObject({
  work_hours: workHours,
  completion_notes: optionalText(2000),
  // Travel from the previous job that day, when the counted figure is wrong (shared/pay-rules.ts).
  ...travelFields,
});
export type WorkSubmissionInput = z.infer<typeof workSubmissionSchema>;

export const workSubmissionUpdateSchema = z
  .strictObject({ work_hours: workHours.optional(), completion_notes: optionalText(2000), ...travelFields })
  .refine((v) => Object.keys(v).length > 0, { message: FIELD_MSG.nothingToUpdate });

/** Employee profile form and PUT /api/employee/profile: a password change needs all three password fields. */
export const employeeProfileUpdateSchema = z
  .strictObject({
    name: requiredText(MSG.nameRequired, 100),
    phone: optionalText(40),
    address: optionalText(300),
    post_code: z.union([z.literal(''), postcode]).optional(),
    area_serves: optionalText(200),
    best_suited_for: optionalText(200),
    has_own_car: z.boolean().optional(),
    currentPassword: z.string().max(200).optional(),
    newPassword: z.string().max(200).optional(),
    confirmPassword: z.string().max(200).optional(),
  })
  .superRefine((v, ctx) => {
    const fields = [v.currentPassword, v.newPassword, v.confirmPassword];
    if (!fields.some((f) => f)) return;
    if (!fields.every((f) => f)) {
      ctx.addIssue({ code: 'custom', message: MSG.passwordFieldsAll, path: ['currentPassword'] });
    } else if (v.newPassword !== v.confirmPassword) {
      ctx.addIssue({ code: 'custom', message: MSG.newPasswordMismatch, path: ['confirmPassword'] });
    } else if ((v.newPassword ?? '').length < PASSWORD_MIN) {
      ctx.addIssue({ code: 'custom', message: MSG.newPasswordTooShort, path: ['newPassword'] });
    }
  });
export type EmployeeProfileUpdateInput = z.infer<typeof employeeProfileUpdateSchema>;

export interface Employee {
  id: string;
  name: string;
  email: string;
  role: string;
  phone?: string;
  address?: string;
  post_code?: string;
  area_serves?: string;
  best_suited_for?: string;
  has_own_car: boolean;
  is_active: boolean;
  created_at: string;
  last_login?: string;
}

export interface EmployeeBooking {
  id: string;
  /** Short human reference, e.g. SC-7K4Q2. */
  reference: string;
  /** The booked moment (ISO) when bestDays names one; null for free text. */
  scheduledAt: string | null;
  /** From when work can be submitted (ISO): the booked moment, or the accept time for free text; null until accepted. */
  workOpensAt: string | null;
  customer_name: string;
  customer_email: string;
  customer_phone?: string;
  customer_address?: string;
  propertyType: string;
  cleaningType: string;
  frequency: string;
  postcode: string;
  bedrooms: string;
  bathrooms: string;
  receptions: string;
  bestDays: string;
  supplies: string;
  status: string;
  /** My bookings: what it is now (shared/states.ts) and that in staff's words ("Weekly, active — next visit Thu 3 Dec"). */
  state?: BookingState;
  state_text?: string;
  created_at: string;
  accepted_at?: string;
  work_submitted: boolean;
  submitted_work_hours?: number;
  completion_notes?: string;
  submitted_at?: string;
  /** The office's review of the submitted hours (README "Timesheets"). */
  timesheet_status?: 'submitted' | 'queried' | 'approved';
  /** The office's question about the hours; the cleaner answers by correcting the submission. */
  office_query?: OfficeQuery;
  /** Available jobs: the expected hours, and the reader's pay for them (null: no pay rate set yet). */
  expected_hours?: number;
  pay_pence?: number | null;
}

export interface OfficeQuery {
  message: string;
  at: string;
  answered_at?: string;
}

export interface EmployeeStats {
  totalAccepted: number;
  thisMonthAccepted: number;
  lastMonthAccepted: number;
  availableCount: number;
}
