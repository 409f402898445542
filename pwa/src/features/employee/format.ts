/** A date as the portal shows it, e.g. '22 Nov 2026'; the raw text when it is not a date. */
export function shortDate(iso: string | undefined): string {
  if (!iso) return '—';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });
}

/** The last 6 characters of an id: enough to tell bookings apart when talking to the office. */
export const shortId = (id: string) => `#${id.slice(-6).toUpperCase()}`;
