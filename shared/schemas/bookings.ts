import { z } from 'zod';
import { FIELD_MSG, MSG } from '../messages';
import type { BookingStatus } from '../constants';
import type { BookingState, EndedBy } from '../states';
import { objectId, optionalText, postcode, requiredText } from './common';
import { bestDaysMoment } from '../when';
import type { BookingQuote } from './prices';

const answer = (label: string) => requiredText(FIELD_MSG.required(label), 200);

/** ISO-ish date-time text the wizard produces; must parse and must not be in the past. */
export const bestDays = z
  .string({ error: FIELD_MSG.required('Preferred date and time') })
  .trim()
  .min(1, FIELD_MSG.required('Preferred date and time'))
  .max(200);

/** The answers that describe the clean (the wizard's steps before contact details). */
const bookingAnswersSchema = z.strictObject({
  propertyType: answer('Property type'),
  frequency: answer('Frequency'),
  bedrooms: answer('Bedrooms'),
  bathrooms: answer('Bathrooms'),
  receptions: answer('Receptions'),
  cleaningType: answer('Cleaning type'),
  hasCleaner: answer('Current cleaner'),
  bestDays,
  supplies: answer('Supplies'),
  hiringLikelihood: answer('Hiring timeline'),
  postcode,
  // The customer's express request to start within the 14-day cancellation period (shared/README.md,
  // Prices): required when the first visit is before the 15th day.
  start_within_14_days: z.boolean().optional(),
});

/**
 * POST /api/user/bookings: the answers plus the service address and contact phone the booking was
 * made for. The booking keeps its own copy, so what the cleaner sees does not change when the customer
 * later edits their profile. Optional: older clients send the answers only.
 */
export const bookingCreateSchema = bookingAnswersSchema.extend({
  phone: optionalText(40),
  address: optionalText(300),
  // One of the customer's homes (shared/README.md "Homes"); without it the address makes a new home.
  home_id: objectId.optional(),
});
export type BookingCreateInput = z.infer<typeof bookingCreateSchema>;

/** What the wizard collects: the answers plus phone and address (for the booking and the profile). */
export const wizardSchema = bookingAnswersSchema.extend({
  phoneNumber: z.string().trim().min(1, MSG.phoneInvalid).max(40),
  address: requiredText(FIELD_MSG.required('Address'), 300),
  // Only the wizard reads it: the booking keeps its own address and phone, the profile changes only
  // when this is ticked (shared/README.md, Booking states).
  saveToProfile: z.boolean().optional(),
  home_id: objectId.optional(),
});
export type WizardInput = z.infer<typeof wizardSchema>;

/** Fields a customer may change on a pending booking (the bookings page's edit mode). */
export const bookingUpdateSchema = z
  // With a new date: the customer's express request to start within the 14-day cancellation period.
  .strictObject({
    bestDays: bestDays.optional(),
    supplies: answer('Supplies').optional(),
    postcode: postcode.optional(),
    start_within_14_days: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, { message: FIELD_MSG.nothingToUpdate });
export type BookingUpdateInput = z.infer<typeof bookingUpdateSchema>;

/** The price and the 14-day right on a customer's booking (shared/README.md, Prices). */
export interface BookingAgreementView {
  quote?: BookingQuote;
  /** The price per visit: the quote's until the office confirms or changes it; null: to be confirmed. */
  price_pence: number | null;
  price_confirmed: boolean;
  start_within_14_days: boolean;
  /** The last London date (YYYY-MM-DD) the customer may cancel within the 14 days. */
  cancel_period_ends: string;
  cancelled_within_14_days?: boolean;
  /** What a cancel within the 14 days charged: the visits already done. */
  cancel_charge_pence?: number;
}

export interface Booking extends BookingCreateInput, Partial<BookingAgreementView> {
  id: string;
  /** Short human reference, e.g. SC-7K4Q2: on the booking from creation, in every mail and card. */
  reference: string;
  /** The booked moment (ISO) when bestDays names one; null for free text. */
  scheduledAt: string | null;
  status: BookingStatus;
  created_at: string;
  /** Once a cleaner accepted it: who comes, by first name (the customer never sees more of staff). */
  cleaner_first_name?: string;
  /** Cancelled by the office (status rejected): the reason the customer was told. */
  cancel_reason?: string;
  /** What it is now (shared/states.ts): a request's or its plan's state, and that state in words. */
  state?: BookingState;
  state_text?: string;
  /** A plan ended or a booking cancelled or withdrawn: who, when (ISO), why. */
  ended_by?: EndedBy;
  ended_at?: string;
  end_reason?: string;
}

export interface CustomerStats {
  totalBookings: number;
  pendingBookings: number;
  completedBookings: number;
}

/** True when a bestDays text names a moment earlier than now (a minute's grace for slow submits). */
export function isInPast(value: string, now = Date.now()): boolean {
  const t = bestDaysMoment(value);
  return t !== null && t < now - 60_000;
}
