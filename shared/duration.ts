// How long one visit of a plan is expected to take: ONE answer (planHours) for the quote, the price, the
// cleaner's visit, the schedule, the calendar file and the timesheets. The office's estimate for the
// plan wins; else the hours the price list gave this home (the quote's hours, what the price is made
// of); else, for a home the table could not price ("we confirm") or a booking stored before quotes, the
// rough rule below: half an hour per bedroom and per bathroom (a quarter for an extra toilet) on top of
// an hour, in half hours, never under 2 h.
const MIN_HOURS = 2;

/** The count an answer names: 'Studio' → 0, '5+' → 5, '2 + 1 additional toilet' → 2 (+ toilet); null for 'Other' or free text. */
function rooms(answer: string): { n: number; toilet: boolean; } | null {
  const text = answer.trim().toLowerCase();
  if (text === 'studio') return { n: 0, toilet: false };
  const n = Number.parseInt(text, 10);
  return Number.isFinite(n) && n >= 0 ? { n, toilet: text.includes('additional toilet') } : null;
}

/** Expected hours for the bedrooms and bathrooms as answered; an unknown answer counts as one room. */
export function estimateHours(bedrooms: string, bathrooms: string): number {
  const beds = rooms(bedrooms) ?? { n: 1, toilet: false };
  const baths = rooms(bathrooms) ?? { n: 1, toilet: false };
  const hours = 1 + 0.5 * beds.n + 0.5 * baths.n + (baths.toilet ? 0.25 : 0);
  return Math.max(MIN_HOURS, Math.round(hours * 2) / 2);
}

export interface HoursFacts {
  /** The office's estimate for the plan (hours), when set. */
  estimated_hours?: number | null;
  /** The booking's quote: its hours when the price list priced it. */
  quote?: { kind?: string; hours?: number | null; } | null;
  bedrooms?: string | null;
  bathrooms?: string | null;
}

/** The plan's expected hours for one visit (see the top of this file). */
export function planHours(f: HoursFacts): number {
  if (f.estimated_hours && f.estimated_hours > 0) return f.estimated_hours;
  if (f.quote?.hours && f.quote.hours > 0) return f.quote.hours;
  return estimateHours(f.bedrooms ?? '', f.bathrooms ?? '');
}

/** The hours a home's price is made of, without the office's estimate: the quote's, else the rough rule. */
export const homeHours = (f: Omit<HoursFacts, 'estimated_hours'>): number => planHours({ ...f, estimated_hours: null });

/** "About 3 hours", "About 2.5 hours": how the quote, the cleaner and the customer read them. */
export const hoursText = (h: number): string => `About ${h} ${h === 1 ? 'hour' : 'hours'}`;

/** Submitted hours this much over the expected ones are marked on the timesheets. */
export const OVER_EXPECTED_HOURS = 0.5;
export const isOverExpected = (submitted: number | null | undefined, expected: number | null | undefined): boolean =>
  submitted != null && expected != null && submitted - expected >= OVER_EXPECTED_HOURS - 1e-9;
