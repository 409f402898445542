// The price and the 14-day right as the customer's booking shows them (customerBooking).
import type { BookingQuote } from '@shared/schemas/prices';
import type { BookingAgreementView } from '@shared/schemas/bookings';
import { addDays, londonDate } from '@shared/visits';

interface Stored {
  created_at: Date;
  quote?: unknown;
  price_pence?: number | null;
  price_confirmed_at?: Date | null;
  start_within_14_days?: boolean | null;
  cancelled_within_14_days_at?: Date | null;
  cancel_charge_pence?: number | null;
}

/** The last London day of the 14-day cancellation period: the 14th day after the day it was booked. */
export const cancelPeriodEnds = (createdAt: Date): string => addDays(londonDate(createdAt), 14);

export function agreementView(b: Stored): BookingAgreementView {
  return {
    ...(b.quote ? { quote: b.quote as BookingQuote } : {}),
    price_pence: b.price_pence ?? null,
    price_confirmed: Boolean(b.price_confirmed_at),
    start_within_14_days: Boolean(b.start_within_14_days),
    cancel_period_ends: cancelPeriodEnds(b.created_at),
    ...(b.cancelled_within_14_days_at ? { cancelled_within_14_days: true, cancel_charge_pence: b.cancel_charge_pence ?? 0 } : {}),
  };
}
