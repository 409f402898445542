// My Visits' grouping: today first (even when empty), visits of the past week only while their hours
// are due, the rest of this week (to Sunday), then the weeks after — each by London day, in time order,
// the same under any TZ (a visit at 00:30 London in summer is the day before in UTC).
import { describe, expect, it } from 'vitest';
import type { VisitDto } from '@shared/schemas/visits';
import { londonWallTime } from '@shared/when';
import { groupVisits, visitsWindow } from '@/features/employee/visits/grouping';

const at = (date: string, time: string, extra: Partial<VisitDto> = {}): VisitDto => ({
  id: `${date}T${time}`,
  booking_id: 'b',
  reference: 'SC-AAAAA',
  start: new Date(londonWallTime(date, time)!).toISOString(),
  state: 'scheduled',
  cleaner_first_name: 'Cora',
  ...extra,
});
// Wednesday 9 June 2027, noon London (BST).
const now = londonWallTime('2027-06-09', '12:00')!;
const shape = (visits: VisitDto[]) => groupVisits(visits, now).map((s) => [s.key, s.days.map((d) => [d.date, d.visits.map((v) => v.id)])]);

describe('groupVisits', () => {
  it('today, earlier with hours due, later this week, upcoming; by day and time', () => {
    const visits = [
      at('2027-06-21', '09:00'),
      at('2027-06-13', '00:30'), // Sunday 00:30 BST = Saturday 23:30 UTC: still Sunday, still this week
      at('2027-06-09', '15:00'),
      at('2027-06-09', '08:00'),
      at('2027-06-07', '09:00'), // Monday, hours not in: due
      at('2027-06-08', '09:00', { state: 'completed', work_hours: 2 }), // done: history, not shown
      at('2027-06-06', '09:00', { state: 'skipped' }),
      at('2027-06-14', '09:00'), // next Monday
    ];
    expect(shape(visits)).toEqual([
      ['today', [['2027-06-09', ['2027-06-09T08:00', '2027-06-09T15:00']]]],
      ['earlier', [['2027-06-07', ['2027-06-07T09:00']]]],
      ['week', [['2027-06-13', ['2027-06-13T00:30']]]],
      ['upcoming', [['2027-06-14', ['2027-06-14T09:00']], ['2027-06-21', ['2027-06-21T09:00']]]],
    ]);
  });

  it('today shows even with nothing in it; the window reaches a week back and 34 days ahead', () => {
    expect(shape([at('2027-06-12', '10:00')])).toEqual([
      ['today', []],
      ['week', [['2027-06-12', ['2027-06-12T10:00']]]],
    ]);
    expect(visitsWindow('2027-06-09')).toEqual({ from: '2027-06-02', to: '2027-07-13' });
  });
});
