// Pay periods: the company pays weekly, fortnightly or monthly, counted from a first day it chooses
// (London dates, both ends included). Pure, so the portal labels periods exactly as the API cuts them.
import { addDays, daysBetween } from './visits';

export const PAY_FREQUENCIES = ['weekly', 'fortnightly', 'monthly'] as const;
export type PayFrequency = (typeof PAY_FREQUENCIES)[number];

/** Holiday pay: paid when taken (hours accrued, the 52-week average) or rolled up into each period's pay. */
export const HOLIDAY_PAY_MODES = ['accrued', 'rolled_up'] as const;
export type HolidayPayMode = (typeof HOLIDAY_PAY_MODES)[number];

export interface PaySettings {
  frequency: PayFrequency;
  /** A first day of a period: weekly and fortnightly periods step from it; monthly ones start on its day of the month (at most the 28th). */
  first_day: string;
  /** Travel between visits is paid at this rate (pence an hour), or at the cleaner's own rate when null. */
  travel_rate_pence: number | null;
  holiday_pay: HolidayPayMode;
}

/** Calendar months from the 1st; travel at each cleaner's own rate; holiday paid when taken. */
export const PAY_SETTINGS_DEFAULTS: PaySettings = { frequency: 'monthly', first_day: '2024-04-01', travel_rate_pence: null, holiday_pay: 'accrued' };

export interface PayPeriod {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');
const monthDay = (year: number, month: number, day: number) => {
  const d = new Date(Date.UTC(year, month - 1, day));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};

/** The period a London date falls in. */
export function periodContaining(s: Pick<PaySettings, 'frequency' | 'first_day'>, date: string): PayPeriod {
  if (s.frequency === 'monthly') {
    const startDay = Math.min(Number(s.first_day.slice(8, 10)), 28);
    const [y, m, d] = date.split('-').map(Number);
    const from = d >= startDay ? monthDay(y, m, startDay) : monthDay(y, m - 1, startDay);
    const [fy, fm] = from.split('-').map(Number);
    return { from, to: addDays(monthDay(fy, fm + 1, startDay), -1) };
  }
  const length = s.frequency === 'weekly' ? 7 : 14;
  const n = Math.floor(daysBetween(s.first_day, date) / length);
  const from = addDays(s.first_day, n * length);
  return { from, to: addDays(from, length - 1) };
}

export const previousPeriod = (s: Pick<PaySettings, 'frequency' | 'first_day'>, p: PayPeriod): PayPeriod => periodContaining(s, addDays(p.from, -1));

/** A period's name as screens and file names show it ("2026-04-01 to 2026-04-30"). */
export const periodLabel = (p: PayPeriod) => `${p.from} to ${p.to}`;
