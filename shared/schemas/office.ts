// The office (/api/admin/*, /office/*): query and body schemas used by the routes and the PWA forms,
// and the shapes the office answers carry.
import type { BookingState, EndedBy } from '../states';
import { z } from 'zod';
import type { BookingAgreementView } from './bookings';
import { BOOKING_STATUSES, PASSWORD_MIN } from '../constants';
import { MSG } from '../messages';
import { OFFICE_MSG } from '../messages-office';
import { PAYROLL_MSG } from '../messages-payroll';
import { email, objectId, optionalText, postcode, requiredText } from './common';
import type { Employee } from './employee';
import type { WageBand } from '../minimum-wage';
import { wageFactsFields } from './pay';

export const OFFICE_PAGE_MAX = 100;
export const OFFICE_PAGE_DEFAULT = 20;
/** Invitation links work this long. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A pending request with no cleaner after this long is highlighted on the board. */
export const BOARD_WAITING_MS = 24 * 60 * 60 * 1000;
export { OFFICE_ROLES } from '../constants';
export const STAFF_ROLE_OPTIONS = ['employee', 'admin', 'super-admin'] as const;
export type StaffRole = (typeof STAFF_ROLE_OPTIONS)[number];

export const AUDIT_TARGET_TYPES = ['staff', 'booking', 'customer', 'timesheet', 'message', 'blog_post', 'company', 'price_list', 'checklist'] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** `page` and `limit` from a query string: whole numbers, page >= 1, 1 <= limit <= 100. */
export const pageQuery = {
  page: z.coerce.number({ error: OFFICE_MSG.badPage }).int(OFFICE_MSG.badPage).min(1, OFFICE_MSG.badPage).max(1_000_000, OFFICE_MSG.badPage).default(1),
  limit: z.coerce
    .number({ error: OFFICE_MSG.badLimit })
    .int(OFFICE_MSG.badLimit)
    .min(1, OFFICE_MSG.badLimit)
    .max(OFFICE_PAGE_MAX, OFFICE_MSG.badLimit)
    .default(OFFICE_PAGE_DEFAULT),
};
const searchText = z.string().trim().max(100, 'Search text must be at most 100 characters').optional();

export const auditQuerySchema = z.object({
  ...pageQuery,
  type: z.enum(AUDIT_TARGET_TYPES, { error: 'Unknown record type' }).optional(),
  target: objectId.optional(),
  actor: objectId.optional(),
});

// --- team -------------------------------------------------------------------------------------------

const role = z.enum(STAFF_ROLE_OPTIONS, { error: `Role must be one of: ${STAFF_ROLE_OPTIONS.join(', ')}` });
const profileFields = {
  phone: optionalText(40),
  address: optionalText(300),
  post_code: z.union([z.literal(''), postcode]).optional(),
  area_serves: optionalText(200),
  best_suited_for: optionalText(200),
  has_own_car: z.boolean({ error: 'has_own_car must be true or false' }).optional(),
};

export const staffQuerySchema = z.object({
  ...pageQuery,
  q: searchText,
  role: role.optional(),
  status: z.enum(['active', 'inactive', 'invited'], { error: 'Status must be active, inactive or invited' }).optional(),
});

export const staffCreateSchema = z.strictObject({
  name: requiredText(MSG.nameRequired, 100),
  email,
  role: role.default('employee'),
  ...profileFields,
});
export type StaffCreateInput = z.input<typeof staffCreateSchema>;

/** The highest pay rate the office may set: £200 an hour, in pence (a typo guard, not a policy). */
export const PAY_RATE_MAX_PENCE = 20_000;

export const staffPatchSchema = z
  .strictObject({
    name: requiredText(MSG.nameRequired, 100).optional(),
    role: role.optional(),
    is_active: z.boolean({ error: 'is_active must be true or false' }).optional(),
    // Integer pence per hour (£0–£200), or null to clear it.
    pay_rate_pence: z.number({ error: PAYROLL_MSG.payRateInvalid }).int(PAYROLL_MSG.payRateInvalid).min(0, PAYROLL_MSG.payRateInvalid).max(
      PAY_RATE_MAX_PENCE,
      PAYROLL_MSG.payRateInvalid,
    ).nullable().optional(),
    // The minimum wage's facts (wage_band or date_of_birth) and irregular hours: the office's only.
    ...wageFactsFields,
    ...profileFields,
  })
  .refine((v) => Object.keys(v).length > 0, { message: OFFICE_MSG.nothingToChange });
export type StaffPatchInput = z.infer<typeof staffPatchSchema>;

/** The welcome page: the invitation's token and the chosen password (the employee profile's rules). */
export const welcomeSchema = z
  .strictObject({
    token: z.string({ error: OFFICE_MSG.invitationInvalid }).trim().min(20, OFFICE_MSG.invitationInvalid).max(200, OFFICE_MSG.invitationInvalid),
    newPassword: z.string({ error: MSG.passwordRequired }).min(1, MSG.passwordRequired).max(200),
    confirmPassword: z.string({ error: MSG.passwordRequired }).max(200),
  })
  .superRefine((v, ctx) => {
    if (v.newPassword.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: MSG.newPasswordTooShort, path: ['newPassword'] });
    else if (v.newPassword !== v.confirmPassword) ctx.addIssue({ code: 'custom', message: MSG.newPasswordMismatch, path: ['confirmPassword'] });
  });
export type WelcomeInput = z.infer<typeof welcomeSchema>;

export interface InvitationState {
  status: 'pending' | 'expired' | 'revoked' | 'accepted';
  sent_at: string;
  expires_at: string;
}

/** A team member as the office sees them: the employee's own fields plus the invitation state. */
export interface StaffMember extends Omit<Employee, 'role'> {
  role: StaffRole;
  /** False until the person has chosen a password through their invitation. */
  has_password: boolean;
  invitation?: InvitationState;
  /** Pay per hour in integer pence, set by the office; null until set. */
  pay_rate_pence: number | null;
  /** The minimum wage's facts (private: the office's eyes only). */
  wage_band: WageBand | null;
  date_of_birth: string | null;
  irregular_hours: boolean;
}

// --- bookings board ---------------------------------------------------------------------------------

export const BOARD_SORTS = ['newest', 'oldest', 'waiting'] as const;
/**
 * Which date `from` / `to` (and the order) apply to: when the booking was requested, accepted, had
 * its work submitted, or was cancelled by the office. The company's figures count by the same dates,
 * so each figure's link opens exactly the bookings it counted. A date other than `created` also keeps
 * only the bookings that have it.
 */
export const BOARD_DATES = ['created', 'accepted', 'completed', 'cancelled', 'ended'] as const;
export type BoardDate = (typeof BOARD_DATES)[number];
const isoDate = (label: string) =>
  z
    .string()
    .trim()
    .max(40)
    .refine((s) => !Number.isNaN(Date.parse(s)), `${label} must be a date (YYYY-MM-DD)`)
    .optional();

export const boardQuerySchema = z
  .object({
    ...pageQuery,
    status: z.enum([...BOOKING_STATUSES, 'waiting'], { error: `Status must be one of: ${[...BOOKING_STATUSES, 'waiting'].join(', ')}` }).optional(),
    from: isoDate('From'),
    to: isoDate('To'),
    q: searchText,
    employee: objectId.optional(),
    on: z.enum(BOARD_DATES, { error: `on must be one of: ${BOARD_DATES.join(', ')}` }).default('created'),
    sort: z.enum(BOARD_SORTS, { error: `Sort must be one of: ${BOARD_SORTS.join(', ')}` }).default('newest'),
  })
  .refine((v) => !v.from || !v.to || Date.parse(v.from) <= Date.parse(v.to), { message: OFFICE_MSG.badRange, path: ['to'] });
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const assignSchema = z.strictObject({ employeeId: objectId });
export const cancelSchema = z.strictObject({
  reason: requiredText(OFFICE_MSG.reasonRequired, 500),
  /**
   * The cleaner the office saw on the booking (null: none). When given, the cancel applies only while
   * that is still so: a cleaner accepting at the same moment makes exactly one of the two win.
   */
  cleaner: z.union([objectId, z.null()]).optional(),
});

export interface HistoryEvent {
  at: string;
  what: string;
  by?: string;
}

export interface BoardBooking {
  id: string;
  reference?: string;
  status: string;
  created_at: string;
  postcode: string;
  /** Where to clean, as given with the booking (the postcode apart). */
  address?: string;
  propertyType: string;
  cleaningType: string;
  frequency: string;
  bestDays: string;
  /** The booked instant, when bestDays names one. */
  scheduledAt?: string;
  customer: { id: string; name: string; email: string; phone?: string; blocked: boolean; };
  employee?: { id: string; name: string; email: string; };
  accepted_at?: string;
  work_submitted: boolean;
  submitted_work_hours?: number;
  submitted_at?: string;
  cancelled_at?: string;
  /** Pending with no cleaner for more than a day. */
  waiting: boolean;
  cancel_reason?: string;
  /** When its plan ended (by the customer or closing the account). */
  plan_ended_at?: string;
  /** What it is now (shared/states.ts) and that in the office's words; who ended it, when, why. */
  state: BookingState;
  state_text: string;
  ended_by?: EndedBy;
  ended_at?: string;
  end_reason?: string;
}

/** The quote and agreed price (BookingAgreementView) come with the detail: the office confirms or changes the price there. */
export interface BoardBookingDetail extends BoardBooking, Partial<BookingAgreementView> {
  bedrooms: string;
  bathrooms: string;
  receptions: string;
  supplies: string;
  hasCleaner: string;
  hiringLikelihood: string;
  completion_notes?: string;
  history: HistoryEvent[];
  audit: AuditEntry[];
}

// --- customers --------------------------------------------------------------------------------------

export const customersQuerySchema = z.object({
  ...pageQuery,
  q: searchText,
  blocked: z.enum(['true', 'false'], { error: 'blocked must be true or false' }).optional(),
});
export const customerPatchSchema = z.strictObject({ blocked: z.boolean({ error: 'blocked must be true or false' }) });

export interface CustomerSummary {
  id: string;
  name: string;
  email: string;
  phone?: string;
  blocked: boolean;
  created_at: string;
  bookings: number;
}

export interface CustomerDetail extends CustomerSummary {
  address?: string;
  google: boolean;
  counts: Record<string, number>;
}

// --- audit ------------------------------------------------------------------------------------------

export interface AuditEntry {
  id: string;
  at: string;
  actor: { id: string; name: string; email?: string; role: string; };
  action: string;
  target: { type: AuditTargetType; id: string; label?: string; };
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  note?: string;
  /** The names of the staff whose ids before/after hold (shared/messages-audit.ts says the entry in words). */
  names?: Record<string, string>;
}

/** Every paged office answer carries these next to its items. */
export interface Paged {
  page: number;
  limit: number;
  total: number;
  /** The count stopped at its cap: more than `total` match (services/office/page-total.ts). */
  total_capped?: boolean;
}
