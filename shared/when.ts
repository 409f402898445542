// Booked times: the company works in UK time, so a wall time the customer picks ("2026-12-09T07:00")
// means 07:00 in Europe/London whatever the server's or phone's own zone, and is shown the same way.
// Intl only (no Node or browser APIs), so the API, the e-mails and the PWA agree.

export const BOOKING_TIME_ZONE = 'Europe/London';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

const HOUR_MS = 3_600_000;
// London's clocks change at 01:00 UTC, on the hour, so the offset is the same for a whole UTC hour: kept
// per hour, it makes the thousands of wall times of a generation pass cheap (formatToParts is slow).
const offsetByHour = new Map<number, number>();

/** Minutes London is ahead of UTC at the instant `t` (0 in winter, 60 in summer). */
function londonOffsetMinutes(t: number): number {
  const hour = Math.floor(t / HOUR_MS);
  const known = offsetByHour.get(hour);
  if (known !== undefined) return known;
  const at = hour * HOUR_MS;
  const p = Object.fromEntries(parts.formatToParts(new Date(at)).map((x) => [x.type, x.value]));
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  const offset = Math.round((asUtc - at) / 60_000);
  if (offsetByHour.size >= 20_000) offsetByHour.clear();
  offsetByHour.set(hour, offset);
  return offset;
}

/**
 * The instant of a London wall time. In the autumn hour that happens twice the first (BST) one is
 * taken; a spring-forward time that does not exist moves on by the missing hour, as clocks do.
 */
export function londonWallTime(date: string, time: string): number | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const [y, mo, da, h, mi] = [d[1], d[2], d[3], t[1], t[2]].map(Number);
  if (mo < 1 || mo > 12 || da < 1 || da > 31 || h > 23 || mi > 59) return null;
  const wall = Date.UTC(y, mo - 1, da, h, mi);
  if (new Date(wall).getUTCDate() !== da) return null; // 31 Feb and friends
  const early = wall - londonOffsetMinutes(wall - 3 * 3600_000) * 60_000;
  const late = wall - londonOffsetMinutes(wall + 3 * 3600_000) * 60_000;
  // Of the two candidates, the one whose own offset agrees with itself; earliest first.
  for (const c of [Math.min(early, late), Math.max(early, late)]) {
    if (c + londonOffsetMinutes(c) * 60_000 === wall) return c;
  }
  return early; // read with the offset before the change: 01:30 on the spring-forward day is 02:30 BST
}

const whenFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: BOOKING_TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});
const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BOOKING_TIME_ZONE, weekday: 'short', day: 'numeric', month: 'short' });
const yearFormat = new Intl.DateTimeFormat('en-GB', { timeZone: BOOKING_TIME_ZONE, year: 'numeric' });

const toDate = (v: Date | string | number) => (v instanceof Date ? v : new Date(v));

/** `Wed 9 Dec, 07:00` (London time); the year is added when it is not the current one. */
export function formatWhen(value: Date | string | number, now: number = Date.now()): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const text = whenFormat.format(d).replace(/^(\w{3}),? /, '$1 ');
  const year = yearFormat.format(d);
  if (year === yearFormat.format(new Date(now))) return text;
  const comma = text.lastIndexOf(',');
  return `${text.slice(0, comma)} ${year}${text.slice(comma)}`;
}

/** `Wed 9 Dec` (London date), with the year when it is not the current one. */
export function formatDay(value: Date | string | number, now: number = Date.now()): string {
  const d = toDate(value);
  if (Number.isNaN(d.getTime())) return '';
  const text = dayFormat.format(d).replace(/^(\w{3}),? /, '$1 ');
  const year = yearFormat.format(d);
  return year === yearFormat.format(new Date(now)) ? text : `${text} ${year}`;
}

/** The London calendar date and time of an instant, as the edit form's pickers want them. */
export function londonDateAndTime(value: Date | string | number): { date: string; time: string; } | null {
  const t = toDate(value).getTime();
  if (Number.isNaN(t)) return null;
  // The instant moved by London's offset (kept per UTC hour) read as UTC: formatToParts per visit was an
  // eighth of the office schedule's CPU. Outside 1900-9999 (London's old local mean time) the formatter's own answer.
  const local = new Date(t + londonOffsetMinutes(t) * 60_000);
  const y = local.getUTCFullYear();
  if (y < 1900 || y > 9999) {
    const p = Object.fromEntries(parts.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
    return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
  }
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return { date: `${y}-${two(local.getUTCMonth() + 1)}-${two(local.getUTCDate())}`, time: `${two(local.getUTCHours())}:${two(local.getUTCMinutes())}` };
}

/**
 * The moment a bestDays text names, when it names one: the wizard's datetime-local value
 * ('2026-12-01T09:30') or the edit form's calendar + time ('2026-12-01 at 09:30'), both UK wall time
 * (Europe/London), or a full ISO instant with its zone. Free text such as 'Mondays at 09:00'
 * (typed by hand) names no single moment and gives null.
 */
export function bestDaysMoment(value: string): number | null {
  const m = /^(\d{4}-\d{2}-\d{2})(?:T| at )(\d{2}:\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(value.trim());
  if (!m) return null;
  if (m[3]) {
    const t = Date.parse(`${m[1]}T${m[2]}${m[3]}`);
    return Number.isNaN(t) ? null : t;
  }
  return londonWallTime(m[1], m[2]);
}
