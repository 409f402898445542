// Booking mails to the customer: received, accepted (again), returned to the list, cancelled. Each carries the reference, the
// summary of what was asked and, when the booking names a time, an .ics file for the calendar.
// Sending never fails the request that triggered it: failures are logged.
import { notify, type NotifyDeps } from '../../notify/notify';
import { CHANGE_MAIL_MSG, MAIL_MSG } from '@shared/messages-api';
import { bookingSummary } from '@shared/booking-summary';
import { User } from '../../models/User';
import type { BookingDoc } from '../../models/Booking';
import type { MailAttachment } from '../../notify/mail';
import { bookingIcs, icsSequence, type IcsKind } from './booking-ics';
import { currentCompany } from '../office/company';
import type { Company } from '@shared/company';

type MailDeps = NotifyDeps;
type BookingLike =
  & Pick<
    BookingDoc,
    | '_id'
    | 'user'
    | 'reference'
    | 'scheduledAt'
    | 'cleaningType'
    | 'propertyType'
    | 'bedrooms'
    | 'bathrooms'
    | 'receptions'
    | 'frequency'
    | 'bestDays'
    | 'postcode'
  >
  & { address?: string | null; };

/** The reference and the summary rows, as plain text lines. */
export function summaryText(b: BookingLike): string {
  const rows: Array<[string, string]> = [[MAIL_MSG.referenceLabel, b.reference ?? ''], ...bookingSummary(b)];
  return rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

// SEQUENCE grows with the server's clock, so each later mail's file replaces the earlier one.
function calendarFile(deps: MailDeps, co: Company, b: BookingLike, kind: IcsKind): MailAttachment[] {
  if (!b.scheduledAt || !b.reference) return [];
  return [bookingIcs(co, { ...b, reference: b.reference, scheduledAt: new Date(b.scheduledAt) }, kind, icsSequence(deps.clock.now().getTime()))];
}

async function sendSafely(deps: MailDeps, subject: string, text: string, b: BookingLike, attachments: MailAttachment[]): Promise<boolean> {
  try {
    // A receipt of what the customer asked or what became of it: sent whatever their notice choices.
    await notify(deps, { type: 'customer', id: String(b.user) }, 'transactional', {
      subject,
      text,
      url: '/orders',
      ...(attachments.length ? { attachments } : {}),
    });
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId: String(b._id), subject }, 'booking mail could not be sent');
    return false;
  }
}

/** "We have your booking" — sent after a customer creates a booking. */
export async function sendBookingConfirmationMail(
  deps: MailDeps,
  booking: BookingLike,
  customer: { email: string; name: string; },
  agreement?: (co: Company) => string,
): Promise<boolean> {
  let co: Company;
  try {
    co = await currentCompany();
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, 'booking mail could not be sent');
    return false;
  }
  // The agreement (price, cancellation rule, trader, the 14-day right) follows the summary.
  const text = MAIL_MSG.bookingReceived(co, customer.name, agreement ? `${summaryText(booking)}\n\n${agreement(co)}` : summaryText(booking));
  return sendSafely(deps, MAIL_MSG.bookingSubject(co, MAIL_MSG.received, booking.reference), text, booking, calendarFile(deps, co, booking, 'requested'));
}

/** The customer of a booking, or null (logged) when the account is gone. */
async function customerOf(deps: MailDeps, booking: BookingLike) {
  const customer = await User.findById(booking.user, { email: 1, name: 1 }).lean();
  if (!customer) deps.log.warn({ bookingId: String(booking._id) }, 'booking has no customer to tell');
  return customer;
}

/**
 * Mails the booking's customer (looked up by booking.user): `what` names the mail in its subject,
 * `text` writes it for the customer's name, `failure` is the log line when it fails. Resolves false (and logs) when the customer is gone or
 * the mail fails; never rejects.
 */
async function mailCustomer(
  deps: MailDeps,
  booking: BookingLike,
  mail: { what: string; text: (co: Company, name: string) => string; failure: string; },
  ics: (co: Company) => MailAttachment[],
): Promise<boolean> {
  try {
    const [customer, co] = await Promise.all([customerOf(deps, booking), currentCompany()]);
    if (!customer) return false;
    return await sendSafely(deps, MAIL_MSG.bookingSubject(co, mail.what, booking.reference), mail.text(co, customer.name), booking, ics(co));
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, mail.failure);
    return false;
  }
}

/**
 * "Your booking was accepted" — a cleaner accepted or the office assigned it. A booking that was
 * confirmed before and taken back (`released_from`) says "confirmed again": the customer was told of
 * the return, and each mail tells one change.
 */
export function sendBookingAcceptedMail(deps: MailDeps, booking: BookingLike & { released_from?: unknown; }, employee: { name: string; }): Promise<boolean> {
  const again = Boolean(booking.released_from);
  const text = (co: Company, name: string) => (again ? CHANGE_MAIL_MSG.acceptedAgain : MAIL_MSG.bookingAccepted)(co, name, employee.name, summaryText(booking));
  return mailCustomer(
    deps,
    booking,
    { what: MAIL_MSG.accepted, text, failure: 'booking accepted mail failed' },
    (co) => calendarFile(deps, co, booking, 'booked'),
  );
}

/** "Looking for a new cleaner" — the office took an accepted booking back, or its cleaner was deactivated. */
export function sendBookingReturnedMail(deps: MailDeps, booking: BookingLike, cleaner: string | null): Promise<boolean> {
  const text = (co: Company, name: string) => CHANGE_MAIL_MSG.returned(co, name, cleaner, summaryText(booking));
  return mailCustomer(
    deps,
    booking,
    { what: CHANGE_MAIL_MSG.returnedSubject, text, failure: 'booking returned mail failed' },
    (co) => calendarFile(deps, co, booking, 'requested'),
  );
}

/** "Your booking is cancelled" — after the customer cancels (deletes) a pending booking. */
export function sendBookingCancelledMail(deps: MailDeps, booking: BookingLike): Promise<boolean> {
  return mailCustomer(deps, booking, {
    what: MAIL_MSG.cancelled,
    text: (co, name) => MAIL_MSG.bookingCancelled(co, name, summaryText(booking)),
    failure: 'booking cancelled mail failed',
  }, (co) => calendarFile(deps, co, booking, 'cancelled'));
}

/** "Your booking was cancelled" — the office cancelled it, with the reason it gave. */
export function sendBookingCancelledByOfficeMail(deps: MailDeps, booking: BookingLike, reason: string): Promise<boolean> {
  return mailCustomer(deps, booking, {
    what: MAIL_MSG.cancelledByOffice,
    text: (co, name) => MAIL_MSG.bookingCancelledByOffice(co, name, reason, summaryText(booking)),
    failure: 'booking cancelled mail failed',
  }, (co) => calendarFile(deps, co, booking, 'cancelled'));
}
