/** A date as the portal shows it, e.g. '22 Nov 2026'; the raw text when it is not a date. */
export function shortDate(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
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
  const day = d.toLocaleDateString('en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' });
  const time = d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return `${day}, ${time}`;
}
