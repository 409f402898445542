// A customer's booking request made or withdrawn, with its receipt mailed (booking-mail.ts)
// in the same call: routes send nothing.
import type { Deps } from '../../deps';
import type { Company } from '@shared/company';
import type { BookingDoc } from '../../models/Booking';
import { sendBookingCancelledMail, sendBookingConfirmationMail } from './booking-mail';
import { createBooking, deletePendingBooking } from './bookings';

type TellDeps = Pick<Deps, 'config' | 'mailer' | 'log' | 'clock' | 'push'>;

/** Stores the request and mails its receipt (with the agreement); the booking stands whether or not the mail goes out. */
export async function createBookingAndTell(
  deps: TellDeps,
  customer: { _id: unknown; email: string; name: string; },
  input: Parameters<typeof createBooking>[1],
  agreement: (co: Company, b: BookingDoc) => string,
) {
  const booking = await createBooking(String(customer._id), input);
  void sendBookingConfirmationMail(deps, booking, customer, (co) => agreement(co, booking));
  return booking;
}

/** Withdraws a pending request and mails the cancellation (with its calendar cancel); null when it cannot be. */
export async function deletePendingAndTell(deps: TellDeps, userId: string, id: string) {
  const removed = await deletePendingBooking(userId, id);
  if (removed) void sendBookingCancelledMail(deps, removed);
  return removed;
}
