// The rough expected duration shown on available jobs (shared/duration.ts).
import { describe, expect, it } from 'vitest';
import { estimateHours, homeHours, hoursText, isOverExpected, planHours } from '@shared/duration';
import { DEFAULT_PRICE_LIST, priceOf } from '@shared/pricing';

describe('estimateHours', () => {
  it('never goes under 2 h', () => {
    expect(estimateHours('Studio', '1')).toBe(2);
    expect(estimateHours('0', '1')).toBe(2);
    expect(estimateHours('1', '1')).toBe(2);
  });
  it('grows with bedrooms and bathrooms, in half hours', () => {
    expect(estimateHours('2', '1')).toBe(2.5);
    expect(estimateHours('3', '2')).toBe(3.5);
    expect(estimateHours('4', '2 + 1 additional toilet')).toBe(4.5);
    expect(estimateHours('5+', '4+')).toBe(5.5);
  });
  it('counts an answer it cannot read (Other, free text) as one room', () => {
    expect(estimateHours('Other', 'Other')).toBe(2);
    expect(estimateHours('3', 'Other')).toBe(3);
  });
});

it('says it as the quote does', () => {
  expect(hoursText(3)).toBe('About 3 hours');
  expect(hoursText(2.5)).toBe('About 2.5 hours');
});

describe('planHours: one duration for a plan', () => {
  const home = {
    propertyType: 'House',
    frequency: 'Weekly',
    bedrooms: '3',
    bathrooms: '1',
    receptions: '1',
    cleaningType: 'Standard',
    supplies: 'I will provide supplies and equipment',
  };
  const quote = priceOf(home, DEFAULT_PRICE_LIST);
  it('is the hours the price is made of, not the rough rule', () => {
    if (quote.kind !== 'price') throw new Error('priced');
    expect(quote.hours).toBe(3.5);
    expect(estimateHours('3', '1')).toBe(3);
    expect(planHours({ quote, bedrooms: '3', bathrooms: '1' })).toBe(3.5);
    expect(homeHours({ quote, bedrooms: '3', bathrooms: '1' })).toBe(3.5);
  });
  it("is the office's estimate once set", () => {
    expect(planHours({ estimated_hours: 4, quote, bedrooms: '3', bathrooms: '1' })).toBe(4);
  });
  it('falls back to the rough rule without a priced quote', () => {
    expect(planHours({ quote: { hours: null }, bedrooms: '3', bathrooms: '1' })).toBe(3);
  });
  it('marks submitted hours 30 minutes or more over', () => {
    expect(isOverExpected(4, 3.5)).toBe(true);
    expect(isOverExpected(3.75, 3.5)).toBe(false);
    expect(isOverExpected(undefined, 3.5)).toBe(false);
  });
});
