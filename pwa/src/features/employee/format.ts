import { formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { bookingStateOf, STATE_WORD, stateText, type BookingState } from '@shared/states';
import { londonDate } from '@shared/visits';
import type { EmployeeBooking } from '@shared/schemas/employee';

// Built once: toLocaleDateString/toLocaleTimeString build a new formatter at each call, and a list of
// visits formats one or two dates per card at every drawing.
const shortDateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
const bestDayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
const bestTimeFormat = new Intl.DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit' });

/** A date as the portal shows it, e.g. '22 Nov 2026'; the raw text when it is not a date. */
export function shortDate(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return shortDateFormat.format(d);
}

/** The last 6 characters of an id: enough to tell bookings apart when talking to the office. */
export const shortId = (id: string) => `#${id.slice(-6).toUpperCase()}`;

/**
 * Best days as a person reads them: the wizard stores a datetime-local text ('2026-11-23T12:17'),
 * shown as 'Mon 23 Nov 2026, 12:17'. Free text (e.g. 'Mondays at 10:00') is shown as typed.
 */
export function bestDaysText(value: string | undefined): string {
  if (!value) return '—';
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)) return value;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return `${bestDayFormat.format(d)}, ${bestTimeFormat.format(d)}`;
}

/** The booking's reference (SC-7K4Q2); the short id only for a booking that has none. */
export const refOf = (b: { id: string; reference?: string; }) => b.reference || shortId(b.id);

/** When the clean is booked: `Wed 9 Dec, 07:00` (UK time), or the customer's own words. */
export const whenOf = (b: { bestDays: string; scheduledAt?: string | null; }) => (b.scheduledAt ? formatWhen(b.scheduledAt) : bestDaysText(b.bestDays));

/** The area a postcode is in: its outward code (N1 of N1 7GU). */
export const areaOf = (postcode: string) => formatPostcode(postcode).split(' ')[0];

/** Where: the full address once the job is the cleaner's, otherwise the area and postcode only. */
export function whereOf(b: { postcode: string; customer_address?: string; }): string {
  const pc = formatPostcode(b.postcode);
  return b.customer_address ? `${b.customer_address}, ${pc}` : `${areaOf(b.postcode)} area · ${pc}`;
}

/** Null when work can be submitted now; otherwise when it can (formatted), per the server's workOpensAt. */
export function workOpensLater(b: { workOpensAt?: string | null; }, now = Date.now()): string | null {
  if (!b.workOpensAt) return null;
  const t = Date.parse(b.workOpensAt);
  return Number.isNaN(t) || t <= now ? null : formatWhen(t, now);
}

type Stated = Pick<EmployeeBooking, 'status' | 'state' | 'state_text' | 'frequency'>;
/** What a booking is now (shared/states.ts): the server's word, else read from its status (a copy saved before it said). */
export const stateOf = (b: Stated): BookingState => b.state ?? bookingStateOf(b.status, null, londonDate(Date.now()));
/** The badge's word and the state in staff's words ("Weekly, active — next visit Thu 3 Dec"), as the office and the customer read it. */
export const stateWord = (b: Stated): string => STATE_WORD[stateOf(b)];
export const stateLine = (b: Stated): string => b.state_text ?? stateText({ state: stateOf(b), frequency: b.frequency }, 'staff');
