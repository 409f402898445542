// londonDateAndTime reads London's offset kept per UTC hour instead of formatting each instant: the
// same date and time as Intl's Europe/London formatter for every instant, across both clock changes.
import { describe, expect, it } from 'vitest';
import { londonDateAndTime } from '@shared/when';

const intl = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/London',
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});
const viaIntl = (t: number) => {
  const p = Object.fromEntries(intl.formatToParts(new Date(t)).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
};

describe('londonDateAndTime', () => {
  it('agrees with Intl every 7 minutes through 2027 and around each clock change', () => {
    const from = Date.UTC(2027, 0, 1);
    for (let t = from; t < Date.UTC(2028, 0, 1); t += 7 * 60_000 + 13_001) expect(londonDateAndTime(t)).toEqual(viaIntl(t));
    // Every minute of the two changes' days (28 Mar 2027 01:00 UTC forward, 31 Oct 2027 01:00 UTC back).
    for (const day of [Date.UTC(2027, 2, 27, 22), Date.UTC(2027, 9, 30, 22)]) {
      for (let t = day; t < day + 6 * 3600_000; t += 60_000) expect(londonDateAndTime(t)).toEqual(viaIntl(t));
    }
  });

  it('reads dates, strings and numbers, far years, and refuses what is no instant', () => {
    expect(londonDateAndTime(new Date('2027-03-28T00:59:59Z'))).toEqual({ date: '2027-03-28', time: '00:59' });
    expect(londonDateAndTime('2027-03-28T01:00:00Z')).toEqual({ date: '2027-03-28', time: '02:00' });
    expect(londonDateAndTime(Date.UTC(2027, 9, 31, 0, 30))).toEqual({ date: '2027-10-31', time: '01:30' });
    expect(londonDateAndTime(Date.UTC(2027, 9, 31, 1, 30))).toEqual({ date: '2027-10-31', time: '01:30' });
    for (const t of [Date.UTC(1800, 5, 1, 12, 0, 30), Date.UTC(1950, 6, 1), Date.UTC(2099, 11, 31, 23, 59)]) expect(londonDateAndTime(t)).toEqual(viaIntl(t));
    expect(londonDateAndTime('not a date')).toBeNull();
  });

  it('costs far less than formatting each instant', () => {
    const n = 20_000;
    const t0 = performance.now();
    for (let i = 0; i < n; i++) londonDateAndTime(Date.UTC(2027, 5, 1) + i * 60_000);
    const ours = performance.now() - t0;
    const t1 = performance.now();
    for (let i = 0; i < n; i++) viaIntl(Date.UTC(2027, 5, 1) + i * 60_000);
    expect(ours).toBeLessThan((performance.now() - t1) / 3);
  });
});
