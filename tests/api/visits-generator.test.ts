// The plan rule's visit dates (shared/visits.ts) across 2027's clock changes, checked on answers computed
// under TZ=UTC and TZ=Europe/London (child processes) and in this process: every visit keeps its wall
// time and weekday, whatever the process's zone.
import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { cases, RULES } from '../support/visit-cases';
import { addDays, changeCutoff, londonIso, nthOfMonth, planDates, ruleFromBooking, visitsToCreate, weekdayOf } from '@shared/visits';
import { londonDateAndTime, londonWallTime } from '@shared/when';

const root = path.resolve(import.meta.dirname, '../..');
const casesFile = path.join(root, 'tests/support/visit-cases.ts');

function casesUnder(tz: string): ReturnType<typeof cases> {
  const script = `import(${
    JSON.stringify(casesFile)
  }).then((m) => process.stdout.write(JSON.stringify({ tz: new Date(2027, 6, 1).getTimezoneOffset(), out: m.cases() })))`;
  const text = execFileSync(process.execPath, ['--import', 'tsx', '-e', script], { cwd: root, env: { ...process.env, TZ: tz }, encoding: 'utf8' });
  const { tz: offset, out } = JSON.parse(text) as { tz: number; out: ReturnType<typeof cases>; };
  // The child really ran in that zone (July: London is UTC+1, so its offset is -60).
  expect(offset).toBe(tz === 'UTC' ? 0 : -60);
  return out;
}

const wall = (iso: string) => londonDateAndTime(iso)!;
const utcHour = (iso: string) => iso.slice(11, 16);

function checkEveryFrequency(out: ReturnType<typeof cases>) {
  for (const [name, rule] of Object.entries(RULES)) {
    const visits = out[name];
    expect(visits.length, name).toBeGreaterThan(0);
    for (const v of visits) {
      // Wall time and weekday kept, on both sides of 28 Mar and 31 Oct 2027.
      expect(wall(v.start), `${name} ${v.slot}`).toEqual({ date: v.slot, time: rule.time });
      if (rule.frequency !== 'once' && rule.frequency !== 'daily') expect(rule.frequency === 'twice-weekly' ? [2, 5] : [2]).toContain(weekdayOf(v.slot));
    }
  }
  // The instants move by the clock change, the wall time does not: 09:00 GMT = 09:00Z, 09:00 BST = 08:00Z.
  const weekly = out.weekly;
  expect(weekly.find((v) => v.slot === '2027-03-23')?.start).toBe('2027-03-23T09:00:00.000Z');
  expect(weekly.find((v) => v.slot === '2027-03-30')?.start).toBe('2027-03-30T08:00:00.000Z');
  expect(weekly.find((v) => v.slot === '2027-10-26')?.start).toBe('2027-10-26T08:00:00.000Z');
  expect(weekly.find((v) => v.slot === '2027-11-02')?.start).toBe('2027-11-02T09:00:00.000Z');
  expect(new Set(weekly.map((v) => utcHour(v.start)))).toEqual(new Set(['09:00', '08:00']));
  // Weekly: every Tuesday from 2 Mar to 30 Nov 2027 (40 of them), 7 days apart.
  expect(weekly).toHaveLength(40);
  for (let i = 1; i < weekly.length; i++) expect(addDays(weekly[i - 1].slot, 7)).toBe(weekly[i].slot);
  // Daily: Monday to Friday by default, all weeks long (2 Mar is a Tuesday: 4 days that first week).
  expect(new Set(out.daily.map((v) => weekdayOf(v.slot)))).toEqual(new Set([1, 2, 3, 4, 5]));
  expect(out.daily.filter((v) => v.slot >= '2027-03-29' && v.slot <= '2027-04-04')).toHaveLength(5);
  expect(out.daily.filter((v) => v.slot >= '2027-10-25' && v.slot <= '2027-11-07')).toHaveLength(10);
  // Twice a week: Tuesday and Friday, both sides of the change.
  expect(out['twice-weekly'].filter((v) => v.slot >= '2027-03-22' && v.slot <= '2027-04-04').map((v) => v.slot)).toEqual([
    '2027-03-23',
    '2027-03-26',
    '2027-03-30',
    '2027-04-02',
  ]);
  // Every other week and every 3 weeks: exact gaps.
  for (const [name, gap] of [['fortnightly', 14], ['weeks', 21]] as const) {
    const v = out[name];
    for (let i = 1; i < v.length; i++) expect(addDays(v[i - 1].slot, gap), name).toBe(v[i].slot);
  }
  // Once a month, 2nd Tuesday: one per month, day 8–14, a Tuesday.
  expect(out.monthly.map((v) => v.slot)).toEqual([
    '2027-03-09',
    '2027-04-13',
    '2027-05-11',
    '2027-06-08',
    '2027-07-13',
    '2027-08-10',
    '2027-09-14',
    '2027-10-12',
    '2027-11-09',
  ]);
  for (const v of out.monthly) expect(nthOfMonth(v.slot)).toBe(2);
  // Anchored on a 5th Tuesday: the last Tuesday of every month (a month with four still has one).
  expect(out['monthly-fifth'].map((v) => v.slot)).toEqual([
    '2027-03-30',
    '2027-04-27',
    '2027-05-25',
    '2027-06-29',
    '2027-07-27',
    '2027-08-31',
    '2027-09-28',
    '2027-10-26',
    '2027-11-30',
  ]);
  // One-time, in the hour 31 Oct 2027 has twice: the first (BST) 01:30.
  expect(out.once).toEqual([{ slot: '2027-10-31', start: '2027-10-31T00:30:00.000Z' }]);
}

describe('plan rule → visits, across the 2027 clock changes', () => {
  for (const tz of ['UTC', 'Europe/London']) {
    it(`every frequency keeps its wall time and weekday under TZ=${tz}`, () => {
      const out = casesUnder(tz);
      checkEveryFrequency(out);
      expect(out).toEqual(cases()); // and the same answer as this process's
    }, 60_000);
  }

  it('an edited visit (moved, skipped, another cleaner) survives regeneration: its date is never made again', () => {
    const rule = RULES.weekly;
    const first = visitsToCreate(rule, [], '2027-03-20', 91);
    // Stored: all of them, one moved to Thursday (the slot stays its identity), one skipped.
    const stored = first.map((s) => s.slot);
    expect(visitsToCreate(rule, stored, '2027-03-20', 91)).toEqual([]);
    // A later pass, further on: only the new dates beyond the first horizon.
    const later = visitsToCreate(rule, stored, '2027-04-20', 91);
    expect(later.every((s) => s.slot > stored[stored.length - 1])).toBe(true);
    expect(later.map((s) => s.slot)).not.toContain('2027-03-30');
  });

  it('no end date: the horizon keeps moving (12+ weeks ahead of any day)', () => {
    for (const today of ['2027-03-05', '2028-06-01', '2031-12-30']) {
      const v = visitsToCreate(RULES.weekly, [], today, 91);
      expect(v.length).toBeGreaterThanOrEqual(12);
      expect(v[v.length - 1].slot > addDays(today, 84)).toBe(true);
    }
  });

  it("a plan's daily pass adds only the dates after its last pass, the same visits a full pass makes", () => {
    for (const rule of Object.values(RULES)) {
      const full = visitsToCreate(rule, [], '2027-03-20', 91);
      const last = '2027-06-10';
      expect(visitsToCreate(rule, [], '2027-03-20', 91, last)).toEqual(full.filter((s) => s.slot > last));
      // A last pass before today (the server was down) changes nothing.
      expect(visitsToCreate(rule, [], '2027-03-20', 91, '2027-03-01')).toEqual(full);
    }
  });

  it('wall times stay right however often an hour is asked (offsets are kept per UTC hour)', () => {
    for (let i = 0; i < 3; i++) {
      expect(londonIso(londonWallTime('2027-03-28', '00:59')!)).toBe('2027-03-28T00:59:00+00:00');
      expect(londonIso(londonWallTime('2027-03-28', '02:30')!)).toBe('2027-03-28T02:30:00+01:00');
      expect(londonIso(londonWallTime('2027-03-28', '01:30')!)).toBe('2027-03-28T02:30:00+01:00'); // the missing hour
      expect(londonIso(londonWallTime('2027-10-31', '01:30')!)).toBe('2027-10-31T01:30:00+01:00');
      expect(londonIso(londonWallTime('2027-10-31', '02:00')!)).toBe('2027-10-31T02:00:00+00:00');
    }
  });

  it('ends_on, a pause and a schedule change (valid_from) bound the dates', () => {
    const r = { ...RULES.weekly, ends_on: '2027-05-04', paused_from: '2027-03-20', paused_until: '2027-04-10' };
    expect(planDates(r, '2027-03-01', '2027-12-31')).toEqual(['2027-03-02', '2027-03-09', '2027-03-16', '2027-04-13', '2027-04-20', '2027-04-27']);
    expect(planDates({ ...RULES.weekly, days: [4], valid_from: '2027-03-10' }, '2027-03-01', '2027-03-20')).toEqual(['2027-03-11', '2027-03-18']);
  });

  it('writes starts with their UTC offset, and the change cut-off is 18:00 London the day before', () => {
    expect(londonIso(londonWallTime('2027-03-30', '09:00')!)).toBe('2027-03-30T09:00:00+01:00');
    expect(londonIso(londonWallTime('2027-03-23', '09:00')!)).toBe('2027-03-23T09:00:00+00:00');
    expect(new Date(changeCutoff(londonWallTime('2027-03-29', '09:00')!, '18:00')).toISOString()).toBe('2027-03-28T17:00:00.000Z');
    expect(new Date(changeCutoff(londonWallTime('2027-03-28', '09:00')!, '18:00')).toISOString()).toBe('2027-03-27T18:00:00.000Z');
  });

  it('a wizard answer becomes a rule', () => {
    expect(ruleFromBooking('Weekly', { date: '2027-03-02', time: '09:00' })).toMatchObject({ frequency: 'weekly', days: [2] });
    expect(ruleFromBooking('Daily', { date: '2027-03-02', time: '09:00' }).days).toEqual([1, 2, 3, 4, 5]);
    expect(ruleFromBooking('Twice a week', { date: '2027-03-02', time: '09:00' }).days).toEqual([2, 5]);
    expect(ruleFromBooking('Twice a week', { date: '2027-03-02', time: '09:00' }, [1, 3]).days).toEqual([1, 3]);
    expect(ruleFromBooking('Once a month', { date: '2027-03-09', time: '09:00' })).toMatchObject({ frequency: 'monthly', days: [2] });
    expect(ruleFromBooking('Other: every third week', { date: '2027-03-09', time: '09:00' }).frequency).toBe('once');
  });
});
