// The price rule (shared/pricing.ts), table by table: the defaults, each factor and adjustment, the
// minimum, rounding to the penny, and the answers only the office can price.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PRICE_LIST as D, formatPence, priceOf, type PriceAnswers, type PriceList } from '@shared/pricing';
import { priceListSchema } from '@shared/schemas/prices';
import { PRICE_MSG } from '@shared/messages-prices';
import { estimateOf } from '@/features/booking-wizard/estimate';
import type { Answers } from '@/features/booking-wizard/steps';

const base: PriceAnswers = {
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '3',
  bathrooms: '2',
  receptions: '0',
  cleaningType: 'Standard',
  supplies: 'I will provide supplies and equipment',
};
const price = (patch: Partial<PriceAnswers>, list: PriceList = D) => priceOf({ ...base, ...patch }, list);

describe('the default price list', () => {
  it('passes its own schema', () => {
    expect(priceListSchema.safeParse(D).success).toBe(true);
  });

  it.each([
    // bedrooms, bathrooms, receptions, hours, pence per visit (weekly: −10 % of £20 an hour)
    ['1', '1', '0', 2, 3600],
    ['Studio', '1', '0', 2, 3600],
    ['3', '2', '0', 3.5, 6300],
    ['3', '2', '1', 4, 7200],
    ['2', '1 + 1 additional toilet', '2', 3.5, 6300],
    ['5+', '4+', '4 +', 7.5, 13500],
  ])('%s bed, %s bath, %s receptions → %s h, %s p', (bedrooms, bathrooms, receptions, hours, pence) => {
    expect(price({ bedrooms, bathrooms, receptions })).toEqual({
      kind: 'price',
      hours,
      pence_per_visit: pence,
      pence_per_4_weeks: pence * 4,
      visits_per_4_weeks: 4,
    });
  });
});

describe('each factor and adjustment', () => {
  it.each([
    // frequency, hours, pence per visit, visits in 4 weeks
    ['Daily', 3.5, 5950, 20],
    ['Twice a week', 3.5, 6300, 8],
    ['Weekly', 3.5, 6300, 4],
    ['Every other week', 4, 8000, 2],
    ['Once a month', 4.5, 9000, 1],
    ['One-time clean', 4.5, 9000, 1],
  ])('%s → %s h, %s p, %s visits per 4 weeks', (frequency, hours, pence, visits) => {
    const q = price({ frequency });
    expect(q).toEqual({ kind: 'price', hours, pence_per_visit: pence, pence_per_4_weeks: pence * visits, visits_per_4_weeks: visits });
  });

  it.each([
    ['Standard', 3.5],
    ['Deep', 5.5], // 3.5 × 1.5 = 5.25 → up to the half hour
    ['Move-out', 7],
  ])('cleaning type %s → %s h', (cleaningType, hours) => {
    expect(price({ cleaningType })).toMatchObject({ hours });
  });

  it.each([
    ['Please bring supplies and equipment', 6300 + 500],
    ['I will provide supplies and equipment', 6300],
    ['I provide supplies, you bring equipment', 6300],
    ['Not sure yet', 6300],
  ])('supplies "%s" → %s p', (supplies, pence) => {
    expect(price({ supplies })).toMatchObject({ pence_per_visit: pence });
  });

  it('each figure of the list is the one used', () => {
    const list: PriceList = {
      ...D,
      hourly_pence: 3000,
      reception_hours: 1,
      supplies_pence: 250,
      type_factor: { ...D.type_factor, Deep: 2 },
      frequency: { ...D.frequency, Weekly: { add_hours: 1, percent: -20 } },
    };
    // (3.5 + 1 reception) × 2 + 1 = 10 h at £30 − 20 % = £240, plus £2.50 supplies.
    expect(price({ receptions: '1', cleaningType: 'Deep', supplies: 'Please bring supplies and equipment' }, list)).toMatchObject({
      hours: 10,
      pence_per_visit: 24250,
    });
  });
});

describe('the minimum and rounding', () => {
  it.each([
    [2, 2],
    [3, 3],
    [1, 2],
  ])('minimum %s h lifts a 2 h clean to %s h', (min_hours, hours) => {
    expect(price({ bedrooms: '1', bathrooms: '1' }, { ...D, min_hours })).toMatchObject({ hours: Math.max(hours, 2) });
  });

  it('the minimum applies after the frequency (a 1 h table cell with −1 h still bills 2 h)', () => {
    const list = { ...D, hours_table: D.hours_table.map((r) => r.map(() => 1)), frequency: { ...D.frequency, Weekly: { add_hours: -1, percent: 0 } } };
    expect(price({}, list)).toMatchObject({ hours: 2, pence_per_visit: 4000 });
  });

  it.each([
    // hourly pence, frequency percent → pence (2 h): the half penny rounds up, below it down
    [1999, -15, 3398], // 2 × 1999 × 0.85 = 3398.3
    [1995, -10, 3591], // 3591.0
    [1997, -15, 3395], // 3394.9
    [2005, -15, 3409], // 3408.5 → 3409
    [1001, -25, 1502], // 1501.5 → 1502
  ])('£%s p/h at %s %% → %s p', (hourly_pence, percent, pence) => {
    const list = { ...D, hourly_pence, frequency: { ...D.frequency, Weekly: { add_hours: 0, percent } } };
    const q = price({ bedrooms: '1', bathrooms: '1' }, list);
    expect(q).toMatchObject({ hours: 2, pence_per_visit: pence, pence_per_4_weeks: pence * 4 });
  });
});

describe('answers the office prices', () => {
  it.each([
    ['bedrooms', 'Eight and a loft'],
    ['bathrooms', 'Other'],
    ['receptions', 'open plan'],
    ['cleaningType', 'After builders'],
    ['frequency', 'Every three weeks'],
    ['supplies', 'Only eco products'],
    ['propertyType', 'Commercial property'],
    ['propertyType', 'Houseboat'],
  ])('%s "%s" → we confirm', (field, value) => {
    expect(price({ [field]: value })).toEqual({ kind: 'confirm' });
  });
});

describe('money as people read it', () => {
  it.each([
    [6300, '£63'],
    [6350, '£63.50'],
    [5, '£0.05'],
    [123456, '£1,234.56'],
  ])('%s p → %s', (pence, text) => {
    expect(formatPence(pence)).toBe(text);
  });

  it('the estimate line', () => {
    expect(PRICE_MSG.estimate(3.5, 6300, 'Weekly')).toBe('About 3.5 hours · £63 per visit · weekly');
  });
});

describe("the wizard's estimate (the same rule, the questions not yet reached at their plainest)", () => {
  it.each([
    [{ frequency: 'Weekly' }, null],
    [{ frequency: 'Weekly', bedrooms: '3' }, null],
    [{ frequency: 'Weekly', bedrooms: '3', bathrooms: '2' }, 6300],
    [{ frequency: 'Weekly', bedrooms: '3', bathrooms: '2', receptions: '1' }, 7200],
    [{ frequency: 'Weekly', bedrooms: '3', bathrooms: '2', receptions: '1', cleaningType: 'Deep' }, 10800],
    [{ frequency: 'Weekly', bedrooms: '3', bathrooms: '2', receptions: '1', cleaningType: 'Deep', supplies: 'Please bring supplies and equipment' }, 11300],
  ])('%o → %s p', (answers, pence) => {
    const q = estimateOf(answers as Answers, D);
    if (pence === null) expect(q).toBeNull();
    else expect(q).toMatchObject({ kind: 'price', pence_per_visit: pence });
  });

  it('"Other", even before its text, is the office\'s to price', () => {
    expect(estimateOf({ frequency: 'Weekly', bedrooms: 'Other' }, D)).toEqual({ kind: 'confirm' });
    expect(estimateOf({ frequency: 'Weekly', bedrooms: '3', bathrooms: '2', propertyType: 'Other', propertyTypeOther: 'Boat' }, D)).toEqual({
      kind: 'confirm',
    });
  });
});
