// The pure rules of a cleaner's pay (shared/): the minimum wage table and bands, pay periods, travel
// between visits, the 12.07% accrual and the 52-week holiday average.
import { describe, expect, it } from 'vitest';
import { ageOn, bandOn, checkMinimumWage, minimumRateFor, MINIMUM_WAGE_TABLE } from '@shared/minimum-wage';
import { periodContaining } from '@shared/pay-periods';
import { averageHourlyPence, holidayHoursAccrued, rolledUpHolidayPence, travelBefore, TRAVEL_MAX_MINUTES } from '@shared/pay-rules';

const at = (iso: string) => Date.parse(iso);

describe('the minimum wage table', () => {
  it('holds GOV.UK rates for every band, April 2025 and April 2026', () => {
    expect(minimumRateFor({}, '2025-04-01')).toMatchObject({ band: '21_and_over', pence: 1221 });
    expect(minimumRateFor({}, '2026-03-31')).toMatchObject({ pence: 1221 });
    expect(minimumRateFor({}, '2026-04-01')).toMatchObject({ pence: 1271 });
    expect(minimumRateFor({ wage_band: '18_to_20' }, '2026-04-01').pence).toBe(1085);
    expect(minimumRateFor({ wage_band: 'under_18' }, '2026-04-01').pence).toBe(800);
    expect(minimumRateFor({ wage_band: 'apprentice' }, '2025-06-01').pence).toBe(755);
    for (const row of MINIMUM_WAGE_TABLE) expect(row.from.endsWith('-04-01')).toBe(true);
  });

  it('takes the age at the start of the period: a birthday inside it counts from the next one', () => {
    expect(ageOn('2005-04-10', '2026-04-09')).toBe(20);
    expect(ageOn('2005-04-10', '2026-04-10')).toBe(21);
    expect(bandOn({ date_of_birth: '2005-04-10' }, '2026-04-06')).toBe('18_to_20');
    expect(bandOn({ date_of_birth: '2005-04-10', wage_band: 'apprentice' }, '2026-04-13')).toBe('apprentice');
    expect(minimumRateFor({ date_of_birth: '2005-04-10' }, '2026-04-13').pence).toBe(1271);
  });

  it('flags a period a penny below, not one exactly at or above', () => {
    // 10 hours at £12.21 = £122.10.
    expect(checkMinimumWage({}, '2025-05-01', 600, 12210)).toMatchObject({ ok: true, shortfall_pence: 0 });
    expect(checkMinimumWage({}, '2025-05-01', 600, 12209)).toMatchObject({ ok: false, shortfall_pence: 1 });
    expect(checkMinimumWage({}, '2025-05-01', 600, 12211).ok).toBe(true);
    // The same pay from 1 April 2026 is £5.00 short (£127.10).
    expect(checkMinimumWage({}, '2026-04-01', 600, 12210)).toMatchObject({ ok: false, shortfall_pence: 500 });
    // A weekly period starting Monday 30 March 2026 is checked at the old rate throughout.
    expect(checkMinimumWage({}, '2026-03-30', 600, 12210).ok).toBe(true);
  });
});

describe('pay periods', () => {
  it('cuts weekly, fortnightly and monthly periods from the first day', () => {
    expect(periodContaining({ frequency: 'weekly', first_day: '2026-01-05' }, '2026-04-01')).toEqual({ from: '2026-03-30', to: '2026-04-05' });
    expect(periodContaining({ frequency: 'fortnightly', first_day: '2026-01-05' }, '2026-01-04')).toEqual({ from: '2025-12-22', to: '2026-01-04' });
    expect(periodContaining({ frequency: 'monthly', first_day: '2024-04-01' }, '2026-02-28')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodContaining({ frequency: 'monthly', first_day: '2024-04-15' }, '2026-01-03')).toEqual({ from: '2025-12-15', to: '2026-01-14' });
  });
});

describe('travel between visits', () => {
  it('counts the gap from the end of one visit to the next that day, capped, never before the first', () => {
    const t = travelBefore([
      { id: 'a', day: '2026-05-04', startMs: at('2026-05-04T08:00:00Z'), minutes: 120 },
      { id: 'b', day: '2026-05-04', startMs: at('2026-05-04T10:25:00Z'), minutes: 60 },
      { id: 'c', day: '2026-05-04', startMs: at('2026-05-04T13:00:00Z'), minutes: 60 },
      { id: 'd', day: '2026-05-05', startMs: at('2026-05-05T09:00:00Z'), minutes: 60 },
    ]);
    expect(t.get('a')).toEqual({ counted: 0, minutes: 0 });
    expect(t.get('b')).toEqual({ counted: 25, minutes: 25 });
    expect(t.get('c')).toEqual({ counted: TRAVEL_MAX_MINUTES, minutes: 60 });
    expect(t.get('d')).toEqual({ counted: 0, minutes: 0 });
  });

  it('takes the figure the cleaner stated instead, and none for overlapping visits', () => {
    const t = travelBefore([
      { id: 'a', day: '2026-05-04', startMs: at('2026-05-04T08:00:00Z'), minutes: 180 },
      { id: 'b', day: '2026-05-04', startMs: at('2026-05-04T10:00:00Z'), minutes: 60 },
      { id: 'c', day: '2026-05-04', startMs: at('2026-05-04T12:00:00Z'), minutes: 60, travel_minutes: 90 },
    ]);
    expect(t.get('b')).toEqual({ counted: 0, minutes: 0 });
    expect(t.get('c')).toEqual({ counted: 60, minutes: 90 });
  });
});

describe('holiday', () => {
  it('accrues 12.07% of the minutes worked', () => {
    // 10 h → 72.42 minutes.
    expect(holidayHoursAccrued(600) * 60).toBeCloseTo(72.42, 2);
    expect(Math.round(holidayHoursAccrued(450) * 60)).toBe(54); // 7.5 h → 54.315 min
    expect(rolledUpHolidayPence(10000)).toBe(1207);
  });

  it('averages the last 52 weeks with pay, skipping weeks without and the holiday week itself', () => {
    const weeks = Array.from({ length: 60 }, (_, i) => {
      const monday = new Date(Date.UTC(2025, 0, 6) + i * 7 * 86_400_000).toISOString().slice(0, 10);
      // The oldest 8 weeks at £10/h, then 52 at £15/h; a week without work in between.
      return { week: monday, pay_pence: i === 30 ? 0 : i < 8 ? 10 * 1000 : 10 * 1500, minutes: i === 30 ? 0 : 600 };
    });
    const after = new Date(Date.UTC(2025, 0, 6) + 60 * 7 * 86_400_000).toISOString().slice(0, 10);
    // 51 weeks at £15 and the newest of the £10 weeks.
    expect(averageHourlyPence(weeks, after)).toBe(Math.round((51 * 15000 + 10000) / (52 * 10)));
    // Fewer than 52 weeks so far: all of them.
    expect(averageHourlyPence(weeks.slice(0, 10), after)).toBe(Math.round((8 * 10000 + 2 * 15000) / 100));
    expect(averageHourlyPence([], after)).toBeNull();
  });
});
