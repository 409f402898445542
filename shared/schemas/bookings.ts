import { z } from 'zod';
import { MSG } from '../messages';
import type { BookingStatus } from '../constants';
import { postcode, requiredText } from './common';

const answer = (label: string) => requiredText(`${label} is required`, 200);

/** ISO-ish date-time text the wizard produces; must parse and must not be in the past. */
export const bestDays = z
  .string({ error: 'Preferred date and time is required' })
  .trim()
  .min(1, 'Preferred date and time is required')
  .max(200);

export const bookingCreateSchema = z.strictObject({
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
});
export type BookingCreateInput = z.infer<typeof bookingCreateSchema>;

/** What the wizard collects: the booking plus phone and address, which go to the profile. */
export const wizardSchema = bookingCreateSchema.extend({
  phoneNumber: z.string().trim().min(1, MSG.phoneInvalid).max(40),
  address: requiredText('Address is required', 300),
});
export type WizardInput = z.infer<typeof wizardSchema>;

/** Fields a customer may change on a pending booking (spec §2 edit mode). */
export const bookingUpdateSchema = z
  .strictObject({ bestDays: bestDays.optional(), supplies: answer('Supplies').optional(), postcode: postcode.optional() })
  .refine((v) => Object.keys(v).length > 0, { message: 'Nothing to update' });
export type BookingUpdateInput = z.infer<typeof bookingUpdateSchema>;

export interface Booking extends BookingCreateInput {
  id: string;
  status: BookingStatus;
  created_at: string;
}

export interface CustomerStats {
  totalBookings: number;
  pendingBookings: number;
  completedBookings: number;
}

/** True when a wizard date-time (datetime-local text) is earlier than now. */
export function isInPast(value: string, now = Date.now()): boolean {
  const t = Date.parse(value);
  return Number.isNaN(t) || t < now - 60_000;
}
