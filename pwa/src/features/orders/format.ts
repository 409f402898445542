// Display helpers for bookings: dates in UK style, and the status a missing value defaults to.
import { EDITABLE_STATUS, type BookingStatus } from '@shared/constants';
import { bestDaysMoment, type Booking } from '@shared/schemas/bookings';
import { formatDay, formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { CUSTOMER_MSG } from '@shared/messages-customer';

export const statusOf = (b: Pick<Booking, 'status'>): BookingStatus => b.status ?? 'pending';
export const isEditable = (b: Pick<Booking, 'status'>): boolean => statusOf(b) === EDITABLE_STATUS;

/** The booked time as people read it (`Wed 9 Dec, 07:00`, UK time); free text as typed. */
export function formatBestDays(value: string | undefined, scheduledAt?: string | null): string {
  if (!value) return '—';
  const moment = scheduledAt ? Date.parse(scheduledAt) : bestDaysMoment(value);
  return moment === null || Number.isNaN(moment) ? value : formatWhen(moment);
}

export function formatDate(value: string | number | undefined): string {
  if (value === undefined || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The status as the customer reads it: an office cancellation is "Cancelled by us", not "rejected". */
export const statusText = (b: Pick<Booking, 'status'>): string => CUSTOMER_MSG.bookingStatus[statusOf(b)] ?? statusOf(b);
/** The CSS modifier of a status badge: the office's cancellation is shown neutral, not as an error. */
export const statusClass = (b: Pick<Booking, 'status'>): string => (statusOf(b) === 'rejected' ? 'cancelled' : statusOf(b));

/**
 * The detail modal's View mode fields, in the order they are shown, labelled in plain words (the
 * wizard's questions, not the stored field names); `null` rows are left out for this booking.
 */
export const DETAIL_FIELDS: ReadonlyArray<[label: string, get: (b: Booking) => string | null]> = [
  ['Reference', (b) => b.reference || '—'],
  ['Status', (b) => statusText(b)],
  ['Why it was cancelled', (b) => (statusOf(b) === 'rejected' ? (b.cancel_reason ?? null) : null)],
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
  ['Your current cleaner', (b) => b.hasCleaner],
  ['Cleaning supplies', (b) => b.supplies],
  ['How soon you want to hire', (b) => b.hiringLikelihood],
  ['Phone', (b) => b.phone || null],
  ['Booked on', (b) => formatDate(b.created_at)],
];

/** A London date (`2026-12-12`) as people read it (`Sat 12 Dec`); null stays null. */
export const dayText = (date: string | null): string | null => (date ? formatDay(`${date}T12:00:00Z`) : null);
