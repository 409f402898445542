// The cleaner's own pay on each available job ("Available jobs show the expected duration and the
// cleaner's pay"): the expected hours the card shows × the reader's pay rate (shared/pay.ts). Only
// the reader's own rate is used, so a cleaner never learns another's.
import { payPence } from '@shared/pay';
import type { EmployeeBooking } from '@shared/schemas/employee';
import type { VisitDto } from '@shared/schemas/visits';

/** Available bookings with their expected hours and the reader's pay for one visit. */
export const bookingsWithPay = (items: EmployeeBooking[], ratePence: number | null | undefined): EmployeeBooking[] =>
  items.map((b) => {
    const hours = b.expected_hours;
    return { ...b, pay_pence: hours === undefined ? null : payPence(hours, ratePence) };
  });

/** Cover jobs with the reader's pay (none when the visit's hours are unknown). */
export const visitsWithPay = (items: VisitDto[], ratePence: number | null | undefined): VisitDto[] =>
  items.map((v) => ({ ...v, pay_pence: v.expected_hours === undefined ? null : payPence(v.expected_hours, ratePence) }));
