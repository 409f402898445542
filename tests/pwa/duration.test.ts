// The rough expected duration shown on available jobs (shared/duration.ts).
import { describe, expect, it } from 'vitest';
import { durationText, estimateHours } from '@shared/duration';

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

it('says it as an estimate', () => {
  expect(durationText('3', '1')).toBe('About 3 h');
  expect(durationText('3', '2')).toBe('About 3.5 h');
});
