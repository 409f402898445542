// Booking mails to the customer: received, accepted, cancelled. Each carries the reference, the
// summary of what was asked and, when the booking names a time, an .ics file for the calendar.
// Sending never fails the request that triggered it: failures are logged.
import type { Deps } from '../deps';
import { MARKETING } from '@shared/constants';
import { bookingSummary } from '@shared/booking-summary';
import { User } from '../models/User';
import type { BookingDoc } from '../models/Booking';
import type { MailAttachment } from './mail';
import { bookingIcs } from './booking-ics';

type MailDeps = Pick<Deps, 'mailer' | 'log'>;
type BookingLike = Pick<
  BookingDoc,
  '_id' | 'user' | 'reference' | 'scheduledAt' | 'cleaningType' | 'propertyType' | 'bedrooms' | 'bathrooms' | 'receptions' | 'frequency' | 'bestDays' | 'postcode'
> & { address?: string | null };

const SIGNATURE = `${MARKETING.companyName} · ${MARKETING.phone} · ${MARKETING.email}`;

/** The reference and the summary rows, as plain text lines. */
export function summaryText(b: BookingLike): string {
  const rows: Array<[string, string]> = [['Reference', b.reference ?? ''], ...bookingSummary(b)];
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function calendarFile(b: BookingLike, kind: 'booked' | 'cancelled', sequence: number): MailAttachment[] {
  if (!b.scheduledAt || !b.reference) return [];
  return [bookingIcs({ ...b, reference: b.reference, scheduledAt: new Date(b.scheduledAt) }, kind, sequence)];
}

async function sendSafely(deps: MailDeps, to: string, subject: string, text: string, b: BookingLike, attachments: MailAttachment[]): Promise<boolean> {
  try {
    await deps.mailer.send({ to, subject, text, attachments });
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId: String(b._id), subject }, 'booking mail could not be sent');
    return false;
  }
}

const subject = (b: BookingLike, what: string) => `${MARKETING.companyName}: ${what} (${b.reference ?? ''})`;

/** "We have your booking" — sent after a customer creates a booking. */
export function sendBookingConfirmationMail(deps: MailDeps, booking: BookingLike, customer: { email: string; name: string }): Promise<boolean> {
  const text = `Hello ${customer.name},\n\nThank you for booking with ${MARKETING.companyName}. We have your request; it is confirmed once one of our cleaners accepts it, and we will e-mail you when that happens.\n\n${summaryText(booking)}\n\nYou can change or cancel it from "My bookings" while it is still pending.\n\n${SIGNATURE}`;
  return sendSafely(deps, customer.email, subject(booking, 'booking received'), text, booking, calendarFile(booking, 'booked', 0));
}

/** The customer of a booking, or null (logged) when the account is gone. */
async function customerOf(deps: MailDeps, booking: BookingLike) {
  const customer = await User.findById(booking.user, { email: 1, name: 1 }).lean();
  if (!customer) deps.log.warn({ bookingId: String(booking._id) }, 'booking has no customer to tell');
  return customer;
}

/**
 * "Your booking was accepted" — for the employee accept route. Looks the customer up by booking.user.
 * Resolves false (and logs) when the customer is gone or the mail fails; never rejects.
 */
export async function sendBookingAcceptedMail(deps: MailDeps, booking: BookingLike, employee: { name: string }): Promise<boolean> {
  try {
    const customer = await customerOf(deps, booking);
    if (!customer) return false;
    const text = `Hello ${customer.name},\n\nGood news: your booking is confirmed. ${employee.name} has accepted it and will be your cleaner.\n\n${summaryText(booking)}\n\n${SIGNATURE}`;
    return await sendSafely(deps, customer.email, subject(booking, 'your booking was accepted'), text, booking, calendarFile(booking, 'booked', 1));
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, 'booking accepted mail failed');
    return false;
  }
}

/** "Your booking is cancelled" — after the customer cancels (deletes) a pending booking. Never rejects. */
export async function sendBookingCancelledMail(deps: MailDeps, booking: BookingLike): Promise<boolean> {
  try {
    const customer = await customerOf(deps, booking);
    if (!customer) return false;
    const text = `Hello ${customer.name},\n\nYour booking has been cancelled, as you asked. Nothing more will happen with it and no cleaner will visit.\n\n${summaryText(booking)}\n\nWhenever you need us again, you can book a clean on our website.\n\n${SIGNATURE}`;
    return await sendSafely(deps, customer.email, subject(booking, 'booking cancelled'), text, booking, calendarFile(booking, 'cancelled', 2));
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, 'booking cancelled mail failed');
    return false;
  }
}

/** "Your booking was cancelled" — the office cancelled it, with the reason it gave. Never rejects. */
export async function sendBookingCancelledByOfficeMail(deps: MailDeps, booking: BookingLike, reason: string): Promise<boolean> {
  try {
    const customer = await customerOf(deps, booking);
    if (!customer) return false;
    const text = `Hello ${customer.name},\n\nWe are sorry: we have had to cancel your booking.\n\nReason: ${reason}\n\n${summaryText(booking)}\n\nIf you have any questions, or would like to book another time, please get in touch.\n\n${SIGNATURE}`;
    return await sendSafely(deps, customer.email, subject(booking, 'your booking was cancelled'), text, booking, calendarFile(booking, 'cancelled', 2));
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, 'booking cancelled mail failed');
    return false;
  }
}
