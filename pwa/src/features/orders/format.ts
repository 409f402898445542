// Display helpers for bookings: dates in UK style, and the status a missing value defaults to.
import { EDITABLE_STATUS, type BookingStatus } from '@shared/constants';
import { bestDaysMoment, type Booking } from '@shared/schemas/bookings';
import { formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';

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

/** The detail modal's View mode fields, in the order they are shown. */
export const DETAIL_FIELDS: ReadonlyArray<[label: string, get: (b: Booking) => string]> = [
  ['Reference', (b) => b.reference || '—'],
  ['Property Type', (b) => b.propertyType],
  ['Frequency', (b) => b.frequency],
  ['Bedrooms', (b) => b.bedrooms],
  ['Bathrooms', (b) => b.bathrooms],
  ['Receptions', (b) => b.receptions],
  ['Cleaning Type', (b) => b.cleaningType],
  ['Has Cleaner', (b) => b.hasCleaner],
  ['Best Days', (b) => formatBestDays(b.bestDays, b.scheduledAt)],
  ['Supplies', (b) => b.supplies],
  ['Hiring Likelihood', (b) => b.hiringLikelihood],
  ['Postcode', (b) => formatPostcode(b.postcode)],
  ['Status', (b) => statusOf(b)],
  ['Created', (b) => formatDate(b.created_at)],
];
