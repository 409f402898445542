// The price list (office → Prices) and a quote request (POST /api/quote): one schema for the office's
// form, the routes and the stored versions. The price rule itself is shared/pricing.ts.
import { z } from 'zod';
import { PRICE_MSG } from '../messages-prices';
import { PRICE_BATHROOMS, PRICE_BEDROOMS, PRICE_CLEANING_TYPES, PRICE_FREQUENCIES, type PriceList } from '../pricing';
import { FIELD_MSG } from '../messages';
import { requiredText } from './common';

const quarterHours = z
  .number({ error: PRICE_MSG.hoursInvalid })
  .min(0, PRICE_MSG.hoursInvalid)
  .max(24, PRICE_MSG.hoursInvalid)
  .refine((h) => Number.isInteger(h * 4), PRICE_MSG.hoursInvalid);
const factor = z.number({ error: PRICE_MSG.factorInvalid }).min(0.5, PRICE_MSG.factorInvalid).max(5, PRICE_MSG.factorInvalid);
const pence = (max: number, message: string) => z.number({ error: message }).int(message).min(0, message).max(max, message);
const adjustment = z.strictObject({
  add_hours: z.number({ error: PRICE_MSG.hoursInvalid }).min(-4, PRICE_MSG.hoursInvalid).max(8, PRICE_MSG.hoursInvalid).refine(
    (h) => Number.isInteger(h * 4),
    PRICE_MSG.hoursInvalid,
  ),
  percent: z.number({ error: PRICE_MSG.percentInvalid }).int(PRICE_MSG.percentInvalid).min(-50, PRICE_MSG.percentInvalid).max(50, PRICE_MSG.percentInvalid),
});
const byKey = <K extends string, T extends z.ZodType>(keys: readonly K[], value: T) =>
  z.strictObject(Object.fromEntries(keys.map((k) => [k, value])) as Record<K, T>);

export const priceListSchema: z.ZodType<PriceList, unknown> = z.strictObject({
  hourly_pence: pence(100_000, PRICE_MSG.hourlyInvalid).min(100, PRICE_MSG.hourlyInvalid),
  hours_table: z
    .array(z.array(quarterHours).length(PRICE_BATHROOMS.length, PRICE_MSG.tableShape), { error: PRICE_MSG.tableShape })
    .length(PRICE_BEDROOMS.length, PRICE_MSG.tableShape),
  reception_hours: quarterHours,
  type_factor: byKey(PRICE_CLEANING_TYPES, factor),
  frequency: byKey(PRICE_FREQUENCIES, adjustment),
  supplies_pence: pence(10_000, PRICE_MSG.penceInvalid),
  min_hours: quarterHours,
});

/** PUT /api/admin/price-list: the new list and the version it was edited from (a stale edit is a 409). */
export const priceListSaveSchema = z.strictObject({ list: priceListSchema, based_on: z.number().int().min(0).max(1_000_000) });
export type PriceListSave = z.infer<typeof priceListSaveSchema>;

const answer = (label: string) => requiredText(FIELD_MSG.required(label), 200);
/** POST /api/quote: the wizard's answers a price depends on. */
export const quoteRequestSchema = z.strictObject({
  propertyType: answer('Property type'),
  frequency: answer('Frequency'),
  bedrooms: answer('Bedrooms'),
  bathrooms: answer('Bathrooms'),
  receptions: answer('Receptions'),
  cleaningType: answer('Cleaning type'),
  supplies: answer('Supplies'),
});

/** The office's price per visit, set when it assigns a plan or changed later (integer pence). */
export const pricePenceSchema = z.number({ error: PRICE_MSG.priceInvalid }).int(PRICE_MSG.priceInvalid).min(100, PRICE_MSG.priceInvalid).max(
  1_000_000,
  PRICE_MSG.priceInvalid,
);
export const planPriceSchema = z.strictObject({ pence_per_visit: pricePenceSchema });

/** What GET /api/price-list answers: the list, its version and the cancellation terms the wizard shows. */
export interface PublicPriceList {
  list: PriceList;
  version: number;
  change_cutoff: string;
  late_change_charge_percent: number;
}

/** A booking's quote as stored and shown: 'confirm' when the office must price it. */
export interface BookingQuote {
  kind: 'price' | 'confirm';
  hours?: number;
  pence_per_visit?: number;
  pence_per_4_weeks?: number;
  price_list_version: number;
}
