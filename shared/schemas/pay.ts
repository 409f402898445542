// A cleaner's pay on the wire: the period asked for, the office's top-ups, holiday taken and pay
// settings, the wage facts on a staff record, and the answers' shapes.
import { z } from 'zod';
import { PAY_MSG } from '../messages-pay';
import { WAGE_BANDS, type RateCheck, type WageBand } from '../minimum-wage';
import { HOLIDAY_PAY_MODES, PAY_FREQUENCIES, type PayPeriod, type PaySettings } from '../pay-periods';
import { TRAVEL_CLAIM_MAX_MINUTES } from '../pay-rules';
import { objectId, optionalText } from './common';

/** The highest travel rate: £200 an hour, like a cleaner's own rate (a typo guard). */
const TRAVEL_RATE_MAX_PENCE = 20_000;

const realDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && new Date(`${s}T00:00:00Z`).toISOString().slice(0, 10) === s;

/** A London date (YYYY-MM-DD), checked to exist. */
export const payDate = (message: string) => z.string({ error: message }).trim().max(10, { message, abort: true }).refine(realDate, message);

/** `?period=`: any date of the period (or a month, meaning its 1st); absent: the period of today. */
export const periodParam = z
  .string()
  .trim()
  .max(10, { message: PAY_MSG.periodInvalid, abort: true })
  .transform((s) => (/^\d{4}-\d{2}$/.test(s) ? `${s}-01` : s))
  .refine(realDate, PAY_MSG.periodInvalid)
  .refine((s) => s >= '2000-01-01', PAY_MSG.periodTooEarly);

export const earningsQuerySchema = z.strictObject({ period: periodParam.optional(), employee: objectId.optional() });
export const officePayQuerySchema = z.strictObject({ period: periodParam.optional() });
export const payCsvQuerySchema = z.strictObject({
  period: periodParam.optional(),
  part: z.enum(['summary', 'detail'], { error: 'part must be summary or detail' }).default('summary'),
});

export const TOP_UP_MAX_PENCE = 1_000_000;
export const topUpSchema = z.strictObject({
  period: periodParam.optional(),
  amount_pence: z.number({ error: PAY_MSG.amountInvalid }).int(PAY_MSG.amountInvalid).min(1, PAY_MSG.amountInvalid).max(
    TOP_UP_MAX_PENCE,
    PAY_MSG.amountInvalid,
  ),
  note: optionalText(500),
});
export type TopUpInput = z.infer<typeof topUpSchema>;

/** Paid holiday the office records (time off marked paid): a date and hours in quarter hours. */
export const holidayTakenSchema = z.strictObject({
  date: payDate(PAY_MSG.dateInvalid),
  hours: z.number({ error: PAY_MSG.hoursInvalid }).min(0.25, PAY_MSG.hoursInvalid).max(100, PAY_MSG.hoursInvalid).refine(
    (h) => Number.isInteger(h * 4),
    PAY_MSG.hoursInvalid,
  ),
  note: optionalText(500),
});
export type HolidayTakenInput = z.infer<typeof holidayTakenSchema>;

export const paySettingsSchema: z.ZodType<PaySettings, unknown> = z.strictObject({
  frequency: z.enum(PAY_FREQUENCIES, { error: 'frequency must be weekly, fortnightly or monthly' }),
  first_day: payDate(PAY_MSG.firstDayInvalid),
  travel_rate_pence: z.number({ error: PAY_MSG.travelRateInvalid }).int(PAY_MSG.travelRateInvalid).min(0, PAY_MSG.travelRateInvalid).max(
    TRAVEL_RATE_MAX_PENCE,
    PAY_MSG.travelRateInvalid,
  ).nullable(),
  holiday_pay: z.enum(HOLIDAY_PAY_MODES, { error: 'holiday_pay must be accrued or rolled_up' }),
});

/** Spellings the office may send for a band ("21+", "18-20", "under-18"), read as the table's names. */
const BAND_ALIASES: Record<string, WageBand> = {
  '21': '21_and_over',
  '21+': '21_and_over',
  '21_plus': '21_and_over',
  '21_and_over': '21_and_over',
  '18_20': '18_to_20',
  '18_to_20': '18_to_20',
  under_18: 'under_18',
  '16_17': 'under_18',
  '16_to_17': 'under_18',
  apprentice: 'apprentice',
};
export const wageBand = z
  .string({ error: PAY_MSG.wageBandInvalid })
  .max(30, { message: PAY_MSG.wageBandInvalid, abort: true })
  .transform((s) => BAND_ALIASES[s.trim().toLowerCase().replace(/[\s-]+/g, '_')] ?? s)
  .pipe(z.enum(WAGE_BANDS, { error: PAY_MSG.wageBandInvalid }));

/** The wage facts PATCH /api/admin/staff/{id} takes (kept private: only the office reads them). */
export const wageFactsFields = {
  wage_band: wageBand.nullable().optional(),
  date_of_birth: payDate(PAY_MSG.dateOfBirthInvalid)
    .refine((s) => s >= '1900-01-01', PAY_MSG.dateOfBirthInvalid)
    .nullable()
    .optional(),
  irregular_hours: z.boolean({ error: 'irregular_hours must be true or false' }).optional(),
};

/** `travel_minutes` and its note, beside the hours of a work submission. */
export const travelFields = {
  travel_minutes: z.number({ error: PAY_MSG.travelInvalid }).int(PAY_MSG.travelInvalid).min(0, PAY_MSG.travelInvalid).max(
    TRAVEL_CLAIM_MAX_MINUTES,
    PAY_MSG.travelInvalid,
  ).optional(),
  travel_note: optionalText(500),
};

export const PAY_LINE_KINDS = ['visit', 'travel', 'charge_share', 'holiday', 'holiday_rolled_up', 'top_up'] as const;
export type PayLineKind = (typeof PAY_LINE_KINDS)[number];

export interface PayLine {
  kind: PayLineKind;
  date: string;
  visit_id?: string;
  booking_id?: string;
  reference?: string;
  hours: number;
  rate_pence: number | null;
  pay_pence: number;
  /** Visits and travel: counted in the totals once approved. */
  approved: boolean;
  /** Travel: what the visits' times gave, when the cleaner stated another figure. */
  counted_minutes?: number;
  note?: string;
}

export interface PayTotals {
  hours: number;
  travel_hours: number;
  pay_pence: number;
  holiday_hours_accrued: number;
  holiday_hours_taken: number;
  holiday_pay_pence: number;
  top_up_pence: number;
  charge_share_pence: number;
  /** Submitted hours not approved yet (not paid until they are). */
  awaiting_hours: number;
}

export type PayStatus = 'in_progress' | 'to_be_paid' | 'paid';

export interface Earnings {
  period: PayPeriod;
  status: PayStatus;
  lines: PayLine[];
  totals: PayTotals;
  rate_check: RateCheck;
  /** The server's time of the figures (the portal shows it offline: "as of"). */
  as_of: string;
}

export interface PeriodSummary {
  period: PayPeriod;
  status: PayStatus;
  totals: PayTotals;
}

export interface CleanerPay {
  employee: { id: string; name: string; email: string; };
  /** The totals' main figures again at the top level, as a list reads them. */
  employee_id: string;
  hours: number;
  travel_hours: number;
  pay_pence: number;
  pay_rate_pence: number | null;
  totals: PayTotals;
  rate_check: RateCheck;
  /** The office's own facts of the cleaner (the office's eyes only). */
  wage: { date_of_birth: string | null; wage_band: WageBand | null; irregular_hours: boolean; };
}

export interface OfficePay {
  period: PayPeriod;
  status: PayStatus;
  settings: PaySettings;
  cleaners: CleanerPay[];
}
