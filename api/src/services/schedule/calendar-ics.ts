// The calendar file of a subscription (README "Calendar subscription"), written with ical-generator
// like a booking's mail attachment (escaping, 75-octet line folding, CRLF are the library's). Unlike
// that attachment, a feed's times are London wall times with TZID=Europe/London and a VTIMEZONE, so a
// 09:00 visit reads 09:00 in every calendar app on both sides of a clock change.
import ical, { ICalEventStatus } from 'ical-generator';
import { COMPANY_DEFAULTS } from '@shared/company';
import { londonDateAndTime } from '@shared/when';

export const FEED_TZID = 'Europe/London';

/**
 * Europe/London as RFC 5545 rules (EU rule since 1996: last Sunday of March 01:00 UTC, last Sunday of
 * October 01:00 UTC), the form Google, Apple and Outlook all read.
 */
export const LONDON_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/London',
  'X-LIC-LOCATION:Europe/London',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0000',
  'TZOFFSETTO:+0100',
  'TZNAME:BST',
  'DTSTART:19700329T010000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0000',
  'TZNAME:GMT',
  'DTSTART:19701025T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
].join('\r\n');

/**
 * ical-generator writes a native Date under a TZID with the Date's *process-local* fields
 * (getHours…). So the London wall time is put into a Date's local fields: the output no longer depends
 * on the server's TZ (UTC in production, anything in tests).
 */
function wallDate(instant: Date): Date {
  const w = londonDateAndTime(instant)!;
  const [y, mo, d] = w.date.split('-').map(Number);
  const [h, mi] = w.time.split(':').map(Number);
  return new Date(y, mo - 1, d, h, mi);
}

export interface FeedEvent {
  id: string;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
  /** The visit's last change: DTSTAMP and LAST-MODIFIED follow it. */
  updatedAt: Date;
  /** The visit's version, bumped by every change (move, skip, cleaner, hours): its RFC 5545 SEQUENCE. */
  version: number;
  createdAt: Date;
}

export function feedIcs(name: string, events: FeedEvent[]): string {
  // The calendar's own zone stays unset: with one set, ical-generator writes DTSTAMP and LAST-MODIFIED
  // as floating local times, where RFC 5545 wants UTC. The generator still adds the VTIMEZONE for the
  // events' TZID.
  const cal = ical({
    name,
    prodId: { company: name, product: 'Visits', language: 'EN' },
    timezone: { name: null, generator: (tz) => (tz === FEED_TZID ? LONDON_VTIMEZONE : null) },
    // Calendar apps poll at their own pace; this asks for hourly where they listen (Apple, Outlook).
    ttl: 3600,
  });
  cal.x([['X-WR-TIMEZONE', FEED_TZID]]);
  // UIDs keep one domain whatever the company later calls itself, so an entry stays the same entry.
  const domain = COMPANY_DEFAULTS.email.split('@')[1] ?? 'sparkleclean.co.uk';
  for (const e of events) {
    cal.createEvent({
      id: `visit-${e.id}@${domain}`,
      // Not from the change's time: two changes within one second must still raise it.
      sequence: e.version,
      stamp: e.updatedAt,
      lastModified: e.updatedAt,
      created: e.createdAt,
      start: wallDate(e.start),
      end: wallDate(e.end),
      timezone: FEED_TZID,
      summary: e.summary,
      description: e.description,
      location: e.location,
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return cal.toString();
}
