// The National Minimum Wage and National Living Wage, per hour in integer pence, by band and the date
// each rate came in. One table: the API checks every pay period against it and the office's and the
// cleaner's screens show the same figures.
//
// Source: GOV.UK "National Minimum Wage and National Living Wage rates"
// (https://www.gov.uk/national-minimum-wage-rates), read November 2026: from 1 April 2024 £11.44 /
// £8.60 / £6.40 / £6.40; from 1 April 2025 £12.21 / £10.00 / £7.55 / £7.55; from 1 April 2026
// £12.71 / £10.85 / £8.00 / £8.00 (21 and over / 18 to 20 / under 18 / apprentice). Since 1 April 2024
// the National Living Wage starts at 21. Add next April's row here when GOV.UK publishes it.

export const WAGE_BANDS = ['21_and_over', '18_to_20', 'under_18', 'apprentice'] as const;
export type WageBand = (typeof WAGE_BANDS)[number];

export const WAGE_BAND_LABELS: Record<WageBand, string> = {
  '21_and_over': '21 and over (National Living Wage)',
  '18_to_20': '18 to 20',
  under_18: 'Under 18',
  apprentice: 'Apprentice (under 19, or in the first year)',
};

export interface MinimumWageRow {
  /** The London date the rates came in (always 1 April so far). */
  from: string;
  pence: Record<WageBand, number>;
}

/** Oldest first. */
export const MINIMUM_WAGE_TABLE: readonly MinimumWageRow[] = [
  { from: '2024-04-01', pence: { '21_and_over': 1144, '18_to_20': 860, under_18: 640, apprentice: 640 } },
  { from: '2025-04-01', pence: { '21_and_over': 1221, '18_to_20': 1000, under_18: 755, apprentice: 755 } },
  { from: '2026-04-01', pence: { '21_and_over': 1271, '18_to_20': 1085, under_18: 800, apprentice: 800 } },
];

/** The table's row in force on a London date (the first row for dates before the table). */
export function minimumWageRow(date: string): MinimumWageRow {
  let row = MINIMUM_WAGE_TABLE[0];
  for (const r of MINIMUM_WAGE_TABLE) if (r.from <= date) row = r;
  return row;
}

/** Whole years of age on a London date, from a date of birth (both YYYY-MM-DD). A 29 February birthday counts on 1 March. */
export function ageOn(dateOfBirth: string, date: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number);
  const [y, m, d] = date.split('-').map(Number);
  const hadBirthday = m > bm || (m === bm && d >= bd);
  return y - by - (hadBirthday ? 0 : 1);
}

/** The band of an age in whole years. */
export const bandOfAge = (age: number): WageBand => (age >= 21 ? '21_and_over' : age >= 18 ? '18_to_20' : 'under_18');

export interface WageFacts {
  wage_band?: WageBand | null;
  date_of_birth?: string | null;
}

/**
 * A cleaner's band on a date: an apprentice (the office's choice) stays one; otherwise the age from the
 * date of birth; otherwise the band the office set; otherwise 21 and over (the highest rate, so a
 * cleaner the office has not described yet is never checked too leniently).
 */
export function bandOn(facts: WageFacts, date: string): WageBand {
  if (facts.wage_band === 'apprentice') return 'apprentice';
  if (facts.date_of_birth) return bandOfAge(ageOn(facts.date_of_birth, date));
  return facts.wage_band ?? '21_and_over';
}

/**
 * The minimum hourly rate (pence) for a pay reference period that starts on `periodStart`. Both the
 * rate and the age are taken at the period's start: the law applies an April increase from the first
 * pay reference period beginning on or after 1 April, and a birthday during a period moves the worker
 * to the higher band from the next period. A weekly period from Monday 30 March 2026 is therefore
 * checked at £12.21 throughout, and the one from Monday 6 April at £12.71.
 */
export function minimumRateFor(facts: WageFacts, periodStart: string): { band: WageBand; pence: number; from: string; } {
  const band = bandOn(facts, periodStart);
  const row = minimumWageRow(periodStart);
  return { band, pence: row.pence[band], from: row.from };
}

export interface RateCheck {
  ok: boolean;
  /** What would bring the period up to the minimum (0 when ok). */
  shortfall_pence: number;
  /** The minimum for the period's hours: round(hours × rate). */
  required_pence: number;
  minimum_rate_pence: number;
  band: WageBand;
}

/**
 * A period's pay against the minimum wage: pay for time worked (visits, travel, top-ups; not holiday
 * pay nor charge shares, which pay for no hours) ÷ the minutes worked (visits and travel) must reach
 * the rate. Compared in pence, the minimum rounded to the penny like every pay line.
 */
export function checkMinimumWage(facts: WageFacts, periodStart: string, workedMinutes: number, workPayPence: number): RateCheck {
  const { band, pence } = minimumRateFor(facts, periodStart);
  const required = Math.round((workedMinutes * pence) / 60);
  const shortfall = Math.max(0, required - workPayPence);
  return { ok: shortfall === 0, shortfall_pence: shortfall, required_pence: required, minimum_rate_pence: pence, band };
}
