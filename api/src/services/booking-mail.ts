// Booking mails to the customer. Sending never fails the request that triggered it: failures are logged.
import type { Deps } from '../deps';
import { MARKETING } from '../../../shared/constants';
import { User } from '../models/User';
import type { BookingDoc } from '../models/Booking';

type MailDeps = Pick<Deps, 'mailer' | 'log'>;
type BookingLike = Pick<BookingDoc, '_id' | 'user' | 'cleaningType' | 'propertyType' | 'frequency' | 'bestDays' | 'postcode'>;

function summary(b: BookingLike): string {
  return [
    `Reference: ${String(b._id)}`,
    `Cleaning: ${b.cleaningType} (${b.frequency})`,
    `Property: ${b.propertyType}, postcode ${b.postcode}`,
    `Preferred date and time: ${b.bestDays}`,
  ].join('\n');
}

async function sendSafely(deps: MailDeps, to: string, subject: string, text: string, bookingId: string): Promise<boolean> {
  try {
    await deps.mailer.send({ to, subject, text });
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId, subject }, 'booking mail could not be sent');
    return false;
  }
}

/** "We have your booking" — sent after a customer creates a booking. */
export function sendBookingConfirmationMail(deps: MailDeps, booking: BookingLike, customer: { email: string; name: string }): Promise<boolean> {
  const text = `Hello ${customer.name},\n\nThank you for booking with ${MARKETING.companyName}. We have your request and a cleaner will pick it up soon.\n\n${summary(booking)}\n\nYou can change or cancel it from "My bookings" while it is still pending.\n\n${MARKETING.companyName} · ${MARKETING.phone} · ${MARKETING.email}`;
  return sendSafely(deps, customer.email, `${MARKETING.companyName}: booking received`, text, String(booking._id));
}

/**
 * "Your booking was accepted" — for the employee accept route. Looks the customer up by booking.user.
 * Resolves false (and logs) when the customer is gone or the mail fails; never rejects.
 */
export async function sendBookingAcceptedMail(deps: MailDeps, booking: BookingLike, employee: { name: string }): Promise<boolean> {
  try {
    const customer = await User.findById(booking.user, { email: 1, name: 1 }).lean();
    if (!customer) {
      deps.log.warn({ bookingId: String(booking._id) }, 'accepted booking has no customer to tell');
      return false;
    }
    const text = `Hello ${customer.name},\n\nGood news: your booking has been accepted by ${employee.name}, who will be your cleaner.\n\n${summary(booking)}\n\n${MARKETING.companyName} · ${MARKETING.phone} · ${MARKETING.email}`;
    return await sendSafely(deps, customer.email, `${MARKETING.companyName}: your booking was accepted`, text, String(booking._id));
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, 'booking accepted mail failed');
    return false;
  }
}
