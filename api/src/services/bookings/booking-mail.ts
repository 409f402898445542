// Booking mails to the customer: received, accepted (again), returned to the list, cancelled. Each carries the reference, the
// summary of what was asked and, when the booking names a time, an .ics file for the calendar.
// Sending never fails the request that triggered it: failures are logged. What a change of the booking
// tells is built here (…Telling) and sent by the change-telling service (plans/changes.ts), once.
import { notify, type NotifyDeps } from '../../notify/notify';
import type { Telling } from '../plans/telling';
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

/**
 * The reference and the summary rows, as plain text lines; `state`: the booking's state in the shared
 * words (shared/states.ts stateText), when the mail tells a change of it.
 */
export function summaryText(b: BookingLike, state?: string): string {
  const rows: Array<[string, string]> = [
    [MAIL_MSG.referenceLabel, b.reference ?? ''],
    ...(state ? [[MAIL_MSG.stateLabel, state] as [string, string]] : []),
    ...bookingSummary(b),
  ];
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

interface CustomerMail {
  what: string;
  text: (co: Company, name: string) => string;
  failure: string;
}

/**
 * The message to the booking's customer (looked up by booking.user), as the change-telling service sends
 * it: `what` names it in its subject, `text` writes it for the customer's name. None when the customer is gone.
 */
async function customerTelling(deps: MailDeps, booking: BookingLike, mail: CustomerMail, ics: (co: Company) => MailAttachment[]): Promise<Telling[]> {
  const [customer, co] = await Promise.all([customerOf(deps, booking), currentCompany()]);
  if (!customer) return [];
  const attachments = ics(co);
  return [{
    who: `customer:${String(booking.user)}:booking`,
    to: { type: 'customer', id: String(booking.user) },
    // A receipt of what became of what the customer asked: sent whatever their notice choices.
    kind: 'transactional',
    message: {
      subject: MAIL_MSG.bookingSubject(co, mail.what, booking.reference),
      text: mail.text(co, customer.name),
      url: '/orders',
      ...(attachments.length ? { attachments } : {}),
    },
  }];
}

/** Mails the booking's customer now. Resolves false (and logs) when the customer is gone or the mail fails; never rejects. */
async function mailCustomer(deps: MailDeps, booking: BookingLike, mail: CustomerMail, ics: (co: Company) => MailAttachment[]): Promise<boolean> {
  try {
    const [told] = await customerTelling(deps, booking, mail, ics);
    if (!told) return false;
    await notify(deps, told.to, told.kind, told.message);
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, mail.failure);
    return false;
  }
}

type Accepted = BookingLike & { released_from?: unknown; };

function acceptedMail(booking: Accepted, employee: { name: string; }, state?: string): CustomerMail {
  const again = Boolean(booking.released_from);
  const text = (co: Company, name: string) =>
    (again ? CHANGE_MAIL_MSG.acceptedAgain : MAIL_MSG.bookingAccepted)(co, name, employee.name, summaryText(booking, state));
  return { what: MAIL_MSG.accepted, text, failure: 'booking accepted mail failed' };
}

/**
 * "Your booking was accepted" — a cleaner accepted or the office assigned it. A booking that was
 * confirmed before and taken back (`released_from`) says "confirmed again": the customer was told of
 * the return, and each mail tells one change.
 */
export function sendBookingAcceptedMail(deps: MailDeps, booking: Accepted, employee: { name: string; }): Promise<boolean> {
  return mailCustomer(deps, booking, acceptedMail(booking, employee), (co) => calendarFile(deps, co, booking, 'booked'));
}

/** sendBookingAcceptedMail's message, with the plan's state, for the change-telling service. */
export function acceptedTelling(deps: MailDeps, booking: Accepted, employee: { name: string; }, state: string): Promise<Telling[]> {
  return customerTelling(deps, booking, acceptedMail(booking, employee, state), (co) => calendarFile(deps, co, booking, 'booked'));
}

/** "Looking for a new cleaner" — the office took an accepted booking back, or its cleaner was deactivated. */
export function returnedTelling(deps: MailDeps, booking: BookingLike, cleaner: string | null, state: string): Promise<Telling[]> {
  const text = (co: Company, name: string) => CHANGE_MAIL_MSG.returned(co, name, cleaner, summaryText(booking, state));
  return customerTelling(
    deps,
    booking,
    { what: CHANGE_MAIL_MSG.returnedSubject, text, failure: 'booking returned mail failed' },
    (co) => calendarFile(deps, co, booking, 'requested'),
  );
}

/** "Your booking is cancelled" — after the customer cancels a pending booking, or a plan within 14 days (`state`: what it is now). */
export function sendBookingCancelledMail(deps: MailDeps, booking: BookingLike, state?: string): Promise<boolean> {
  return mailCustomer(deps, booking, {
    what: MAIL_MSG.cancelled,
    text: (co, name) => MAIL_MSG.bookingCancelled(co, name, summaryText(booking, state)),
    failure: 'booking cancelled mail failed',
  }, (co) => calendarFile(deps, co, booking, 'cancelled'));
}

/** "Your booking was cancelled" — the office cancelled it, with the reason it gave and what it is now. */
export function cancelledByOfficeTelling(deps: MailDeps, booking: BookingLike, reason: string, state: string): Promise<Telling[]> {
  return customerTelling(deps, booking, {
    what: MAIL_MSG.cancelledByOffice,
    text: (co, name) => MAIL_MSG.bookingCancelledByOffice(co, name, reason, summaryText(booking, state)),
    failure: 'booking cancelled mail failed',
  }, (co) => calendarFile(deps, co, booking, 'cancelled'));
}
