// The calendar file a booking mail carries (ical-generator: a maintained RFC 5545 writer, so
// escaping, line folding and the VCALENDAR envelope are not ours to get wrong). Times are written in
// UTC, which every calendar converts to the reader's zone: 07:00 UK time stays 07:00 UK time on
// both sides of a clock change, with no VTIMEZONE table to keep up to date.
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { COMPANY_DEFAULTS, type Company } from '@shared/company';
import { bookingSummary, cleaningTitle } from '@shared/booking-summary';
import { formatPostcode } from '@shared/postcode';
import { planHours, type HoursFacts } from '@shared/duration';
import type { MailAttachment } from '../../notify/mail';

export interface IcsBooking {
  reference: string;
  scheduledAt: Date;
  cleaningType: string;
  propertyType: string;
  bedrooms: string;
  bathrooms: string;
  receptions: string;
  frequency: string;
  bestDays: string;
  postcode: string;
  address?: string | null;
  /** The quote (its hours) and the office's estimate: the entry lasts the plan's expected hours. */
  quote?: unknown;
  estimated_hours?: number | null;
}

/**
 * One UID per booking, so each later mail updates the same calendar entry: `requested` (received, no
 * cleaner yet) is TENTATIVE, `booked` (a cleaner accepted) CONFIRMED, `cancelled` a CANCEL.
 */
export type IcsKind = 'requested' | 'booked' | 'cancelled';
const STATUS_OF: Record<IcsKind, ICalEventStatus> = {
  requested: ICalEventStatus.TENTATIVE,
  booked: ICalEventStatus.CONFIRMED,
  cancelled: ICalEventStatus.CANCELLED,
};

/**
 * The entry's SEQUENCE: calendars apply an update only when it is higher than the one they have, and a
 * booking can go back and forth (accepted, returned, accepted again), so it is the mail's moment in
 * seconds (since Nov 2023, within 32 bits) rather than a count kept per booking. An ordering stamp, not a
 * time rule: the real clock, not the server's test clock.
 */
export const icsSequence = (at: number): number => Math.max(0, Math.floor(at / 1000) - 1_700_000_000);

/** `co`: the company as the office set it; its name heads the event. */
export function bookingIcs(co: Pick<Company, 'name'>, b: IcsBooking, kind: IcsKind, sequence: number): MailAttachment {
  const cancelled = kind === 'cancelled';
  const cal = ical({
    prodId: { company: co.name, product: 'Bookings', language: 'EN' },
    method: cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH,
  });
  // The UID keeps one domain whatever the company later calls itself, so a later mail still updates
  // the same calendar entry.
  const domain = COMPANY_DEFAULTS.email.split('@')[1] ?? 'sparkleclean.co.uk';
  cal.createEvent({
    id: `${b.reference}@${domain}`,
    sequence,
    start: b.scheduledAt,
    end: new Date(b.scheduledAt.getTime() + planHours({ ...b, quote: b.quote as HoursFacts['quote'] }) * 3600_000),
    summary: `${co.name}: ${cleaningTitle(b.cleaningType)} (${b.reference})`,
    description: bookingSummary(b)
      .map(([label, value]) => `${label}: ${value}`)
      .join('\n'),
    location: [b.address, formatPostcode(b.postcode)].filter(Boolean).join(', '),
    status: STATUS_OF[kind],
  });
  return {
    filename: `${b.reference}.ics`,
    contentType: `text/calendar; charset=utf-8; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
    content: Buffer.from(cal.toString(), 'utf8'),
  };
}
