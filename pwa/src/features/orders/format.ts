// Display helpers for bookings: dates in UK style, and the status a missing value defaults to.
import { EDITABLE_STATUS, type BookingStatus } from '@shared/constants';
import type { Booking } from '@shared/schemas/bookings';
import { bestDaysMoment, formatDay, formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { bookingStateOf, STATE_WORD, stateText, type BookingState } from '@shared/states';
import { londonDate } from '@shared/visits';

export const statusOf = (b: Pick<Booking, 'status'>): BookingStatus => b.status ?? 'pending';
export const isEditable = (b: Pick<Booking, 'status'>): boolean => statusOf(b) === EDITABLE_STATUS;

/** The booked time as people read it (`Wed 9 Dec, 07:00`, UK time); free text as typed. */
export function formatBestDays(value: string | undefined, scheduledAt?: string | null): string {
  if (!value) return '—';
  const moment = scheduledAt ? Date.parse(scheduledAt) : bestDaysMoment(value);
  return moment === null || Number.isNaN(moment) ? value : formatWhen(moment);
}

// One formatter for every date on the screen: toLocaleDateString builds a new one at each call, which a
// plan card with its visits paid dozens of times per drawing.
const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

export function formatDate(value: string | number | undefined): string {
  if (value === undefined || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : dateFormat.format(d);
}

/** What the booking is now (shared/states.ts): the server's word, else read from its status (a copy saved before it said). */
export const stateOf = (b: Pick<Booking, 'status' | 'state'>): BookingState => b.state ?? bookingStateOf(statusOf(b), null, londonDate(Date.now()));
/** The badge's word: Requested, Active, Paused, Ended, Cancelled… */
export const stateWord = (b: Pick<Booking, 'status' | 'state'>): string => STATE_WORD[stateOf(b)];
/** The state in words ("Weekly, active — next visit Thu 3 Dec"), as the server wrote it for the customer. */
export const stateLine = (b: Pick<Booking, 'status' | 'state' | 'state_text' | 'frequency'>): string =>
  b.state_text ?? stateText({ state: stateOf(b), frequency: b.frequency }, 'customer');
/** A booking that became a plan (its plan may since have ended or been cancelled). */
export const hasPlan = (b: Pick<Booking, 'status' | 'state'>): boolean =>
  b.state
    ? b.state === 'active' || b.state === 'paused' || b.state === 'ended' || b.state === 'cancelled'
    : statusOf(b) === 'accepted' || statusOf(b) === 'completed';

/**
 * The detail modal's View mode fields, in the order they are shown, labelled in plain words (the
 * wizard's questions, not the stored field names); `null` rows are left out for this booking.
 */
export const DETAIL_FIELDS: ReadonlyArray<[label: string, get: (b: Booking) => string | null]> = [
  ['Reference', (b) => b.reference || '—'],
  ['State', (b) => stateLine(b)],
  ['When', (b) => formatBestDays(b.bestDays, b.scheduledAt)],
  ['Your cleaner', (b) => b.cleaner_first_name ?? null],
  ['Address', (b) => (b.cleaner_first_name || b.address ? [b.address, formatPostcode(b.postcode)].filter(Boolean).join(', ') : null)],
  ['Postcode', (b) => formatPostcode(b.postcode)],
  ['Property type', (b) => b.propertyType],
  ['How often', (b) => b.frequency],
  ['Bedrooms', (b) => b.bedrooms],
  ['Bathrooms', (b) => b.bathrooms],
  ['Reception rooms', (b) => b.receptions],
  ['Type of cleaning', (b) => b.cleaningType],
  // The wizard's question about the time before booking: left out once we send a cleaner, where it read
  // as a second, contradicting "your cleaner".
  ['Had a cleaner before booking', (b) => (b.cleaner_first_name ? null : b.hasCleaner)],
  ['Cleaning supplies', (b) => b.supplies],
  ['How soon you want to hire', (b) => b.hiringLikelihood],
  ['Phone', (b) => b.phone || null],
  ['Booked on', (b) => formatDate(b.created_at)],
];

/** A London date (`2026-12-12`) as people read it (`Sat 12 Dec`); null stays null. */
export const dayText = (date: string | null): string | null => (date ? formatDay(`${date}T12:00:00Z`) : null);
