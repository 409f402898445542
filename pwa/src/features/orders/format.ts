// Display helpers for bookings: dates in UK style, and the status a missing value defaults to.
import { EDITABLE_STATUS, type BookingStatus } from '../../../../shared/constants';
import type { Booking } from '../../../../shared/schemas/bookings';

export const statusOf = (b: Pick<Booking, 'status'>): BookingStatus => b.status ?? 'pending';
export const isEditable = (b: Pick<Booking, 'status'>): boolean => statusOf(b) === EDITABLE_STATUS;

/** The wizard stores a datetime-local value; edits may be free text. Show dates nicely, text as typed. */
export function formatBestDays(value: string | undefined): string {
  if (!value) return '—';
  if (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) {
    const d = new Date(value);
    if (!Number.isNaN(d.getTime())) return d.toLocaleString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' });
  }
  return value;
}

export function formatDate(value: string | number | undefined): string {
  if (value === undefined || value === '') return '—';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? String(value) : d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The detail modal's View mode fields, in the order spec §2 lists them. */
export const DETAIL_FIELDS: ReadonlyArray<[label: string, get: (b: Booking) => string]> = [
  ['Property Type', (b) => b.propertyType],
  ['Frequency', (b) => b.frequency],
  ['Bedrooms', (b) => b.bedrooms],
  ['Bathrooms', (b) => b.bathrooms],
  ['Receptions', (b) => b.receptions],
  ['Cleaning Type', (b) => b.cleaningType],
  ['Has Cleaner', (b) => b.hasCleaner],
  ['Best Days', (b) => formatBestDays(b.bestDays)],
  ['Supplies', (b) => b.supplies],
  ['Hiring Likelihood', (b) => b.hiringLikelihood],
  ['Postcode', (b) => b.postcode],
  ['Status', (b) => statusOf(b)],
  ['Created', (b) => formatDate(b.created_at)],
];
