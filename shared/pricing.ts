// What a clean costs: the wizard's answers + the office's price list → hours and pence. Pure, and the
// one function both halves run: the wizard's live estimate (offline too) and POST /api/quote agree by
// construction. No zod here: the wizard's first bundle imports it; the schema is shared/schemas/prices.ts.
import { WIZARD_OPTIONS } from './constants';

export const PRICE_BEDROOMS = WIZARD_OPTIONS.bedrooms.filter((o) => o !== 'Other');
export const PRICE_BATHROOMS = WIZARD_OPTIONS.bathrooms.filter((o) => o !== 'Other');
export const PRICE_CLEANING_TYPES = ['Standard', 'Deep', 'Move-out'] as const;
export const PRICE_FREQUENCIES = ['Daily', 'Twice a week', 'Weekly', 'Every other week', 'Once a month', 'One-time clean'] as const;
export type PriceFrequency = (typeof PRICE_FREQUENCIES)[number];
export type PriceCleaningType = (typeof PRICE_CLEANING_TYPES)[number];

/** The supplies answer that adds the surcharge: the cleaner brings supplies and equipment. */
export const SUPPLIES_BROUGHT = 'Please bring supplies and equipment';
/** Property types priced from the table; a commercial property (or "Other") is quoted by the office. */
export const PRICED_PROPERTY_TYPES = ['Bungalow', 'Flat or Apartment', 'House'];

/** Visits in four weeks per frequency (daily: Monday–Friday; monthly and one-off: one). */
export const VISITS_PER_4_WEEKS: Record<PriceFrequency, number> = {
  Daily: 20,
  'Twice a week': 8,
  Weekly: 4,
  'Every other week': 2,
  'Once a month': 1,
  'One-time clean': 1,
};

export interface FrequencyAdjustment {
  /** Hours added to every visit (one-off +1, fortnightly +0.5: more to do when it is done less often). */
  add_hours: number;
  /** Whole percent on the visit's labour price (weekly −10). */
  percent: number;
}

export interface PriceList {
  hourly_pence: number;
  /** Hours for a standard clean: one row per PRICE_BEDROOMS answer, one column per PRICE_BATHROOMS answer. */
  hours_table: number[][];
  /** Hours added per reception room ("4 +" counts as 4). */
  reception_hours: number;
  /** Multiplies the hours: Standard is 1. */
  type_factor: Record<PriceCleaningType, number>;
  frequency: Record<PriceFrequency, FrequencyAdjustment>;
  /** Added to every visit when the cleaner brings the supplies. */
  supplies_pence: number;
  min_hours: number;
}

/** The seeded UK defaults: £20 an hour, 1 bed/1 bath 2 h, 3 bed/2 bath 3.5 h, 2 h minimum. */
export const DEFAULT_PRICE_LIST: PriceList = {
  hourly_pence: 2000,
  //           1    1+WC  2    2+WC  3    4+
  hours_table: [
    [2, 2, 2.5, 2.5, 3, 3.5], // Studio
    [2, 2, 2.5, 2.5, 3, 3.5], // 0
    [2, 2.5, 2.5, 3, 3.5, 4], // 1
    [2.5, 2.5, 3, 3, 3.5, 4], // 2
    [3, 3, 3.5, 3.5, 4, 4.5], // 3
    [3.5, 3.5, 4, 4, 4.5, 5], // 4
    [4, 4, 4.5, 4.5, 5, 5.5], // 5+
  ],
  reception_hours: 0.5,
  type_factor: { Standard: 1, Deep: 1.5, 'Move-out': 2 },
  frequency: {
    Daily: { add_hours: 0, percent: -15 },
    'Twice a week': { add_hours: 0, percent: -10 },
    Weekly: { add_hours: 0, percent: -10 },
    'Every other week': { add_hours: 0.5, percent: 0 },
    'Once a month': { add_hours: 1, percent: 0 },
    'One-time clean': { add_hours: 1, percent: 0 },
  },
  supplies_pence: 500,
  min_hours: 2,
};

/** The answers a price depends on (the wizard's values; "Other" sends its free text instead). */
export interface PriceAnswers {
  propertyType: string;
  frequency: string;
  bedrooms: string;
  bathrooms: string;
  receptions: string;
  cleaningType: string;
  supplies: string;
}
export const PRICE_FIELDS = ['propertyType', 'frequency', 'bedrooms', 'bathrooms', 'receptions', 'cleaningType', 'supplies'] as const;

export type Quote =
  | { kind: 'price'; hours: number; pence_per_visit: number; pence_per_4_weeks: number; visits_per_4_weeks: number; }
  /** An answer the table cannot price ("Other", a commercial property): the office confirms it. */
  | { kind: 'confirm'; };

const RECEPTIONS: Record<string, number> = { '0': 0, '1': 1, '2': 2, '3': 3, '4 +': 4 };
const SUPPLIES_PRICED = WIZARD_OPTIONS.supplies.filter((o) => o !== 'Other') as readonly string[];

/**
 * The price of one visit and of four weeks. Hours: the table's cell, plus receptions, times the
 * cleaning type's factor, plus the frequency's hours, at least the minimum, rounded UP to the half
 * hour (cleaners are booked in half hours). Pence: hours × hourly rate × (100 + frequency percent) / 100,
 * rounded to the nearest penny once (half a penny up), plus the supplies surcharge.
 */
export function priceOf(a: PriceAnswers, list: PriceList): Quote {
  const bed = (PRICE_BEDROOMS as readonly string[]).indexOf(a.bedrooms);
  const bath = (PRICE_BATHROOMS as readonly string[]).indexOf(a.bathrooms);
  const receptions = RECEPTIONS[a.receptions];
  const factor = list.type_factor[a.cleaningType as PriceCleaningType];
  const adjust = list.frequency[a.frequency as PriceFrequency];
  const cell = list.hours_table[bed]?.[bath];
  if (!PRICED_PROPERTY_TYPES.includes(a.propertyType) || !SUPPLIES_PRICED.includes(a.supplies)) return { kind: 'confirm' };
  if (cell === undefined || receptions === undefined || factor === undefined || adjust === undefined) return { kind: 'confirm' };
  const raw = (cell + receptions * list.reception_hours) * factor + adjust.add_hours;
  const hours = Math.ceil(Math.max(raw, list.min_hours) * 2 - 1e-9) / 2;
  const labour = Math.round((hours * list.hourly_pence * (100 + adjust.percent)) / 100);
  const pence_per_visit = labour + (a.supplies === SUPPLIES_BROUGHT ? list.supplies_pence : 0);
  const visits = VISITS_PER_4_WEEKS[a.frequency as PriceFrequency];
  return { kind: 'price', hours, pence_per_visit, pence_per_4_weeks: pence_per_visit * visits, visits_per_4_weeks: visits };
}

// Made once each, on first use: a NumberFormat is costly to build, and a plan card formats every visit's price.
let poundsFormat: Intl.NumberFormat | undefined;
let penceFormat: Intl.NumberFormat | undefined;
const gbp = (digits: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: digits, maximumFractionDigits: digits });

/** Pounds as people read them: "£63" for whole pounds, "£63.50" otherwise. */
export function formatPence(pence: number): string {
  const format = pence % 100 === 0 ? (poundsFormat ??= gbp(0)) : (penceFormat ??= gbp(2));
  return format.format(pence / 100);
}

/** "3.5" / "2": hours as the estimate line writes them. */
export const formatHours = (h: number): string => String(h);

/**
 * A late change's charge (README "Cancellation rule"): `percent` of the visit's price, rounded to the
 * nearest penny once. The phone shows it offline before the customer confirms; the server charges it.
 */
export const lateChargeOf = (pricePence: number | null | undefined, percent: number): number => Math.round(((pricePence ?? 0) * percent) / 100);
/** The cleaner's share of a late charge (their pay line), by the same rounding. */
export const cleanerShareOf = (chargePence: number, percent: number): number => Math.round((chargePence * percent) / 100);
