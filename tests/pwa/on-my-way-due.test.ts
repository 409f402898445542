// When My Visits offers "On my way": today's scheduled visit only, until its hours are in (or queued,
// or the visit is given up), and once (not when sent or waiting to send).
import { describe, expect, it } from 'vitest';
import type { VisitDto } from '@shared/schemas/visits';
import { londonWallTime } from '@shared/when';
import { onMyWayDue, type VisitQueue } from '@/features/employee/visits/OnMyWay';

const day = '2027-03-30';
const now = londonWallTime(day, '09:30')!;
const visit = (over: Partial<VisitDto> = {}): VisitDto => ({
  id: 'v1',
  booking_id: 'b1',
  reference: 'SC-1',
  start: `${day}T10:00:00+01:00`,
  state: 'scheduled',
  cleaner_first_name: 'Wren',
  ...over,
});
const none: VisitQueue = { work: false, release: false, onMyWay: undefined };

describe('onMyWayDue', () => {
  it('offers it on the visit’s own London day, before and after its start', () => {
    expect(onMyWayDue(visit(), now, none)).toBe(true);
    expect(onMyWayDue(visit(), londonWallTime(day, '13:00')!, none)).toBe(true);
  });
  it('not for another day', () => {
    expect(onMyWayDue(visit({ start: '2027-03-31T10:00:00+01:00' }), now, none)).toBe(false);
    expect(onMyWayDue(visit({ start: '2027-03-29T10:00:00+01:00' }), now, none)).toBe(false);
  });
  it('not once the work is submitted or waiting, the visit given up, not scheduled, or On my way sent or waiting', () => {
    expect(onMyWayDue(visit({ work_hours: 2 }), now, none)).toBe(false);
    expect(onMyWayDue(visit(), now, { ...none, work: true })).toBe(false);
    expect(onMyWayDue(visit(), now, { ...none, release: true })).toBe(false);
    expect(onMyWayDue(visit({ state: 'completed' }), now, none)).toBe(false);
    expect(onMyWayDue(visit({ on_my_way_at: `${day}T09:20:00+01:00`, on_my_way_minutes: 20 }), now, none)).toBe(false);
    expect(onMyWayDue(visit(), now, { ...none, onMyWay: 20 })).toBe(false);
  });
});
