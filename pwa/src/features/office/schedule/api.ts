// The schedule's calls and keys: the window's visits, the time-off requests, one change to a visit.
import type { ScheduleAnswer, TimeOffDto } from '@shared/schemas/schedule';
import type { Paged } from '@shared/schemas/office';
import { officeGet, officeSend, qs } from '../api';

export const scheduleKeys = {
  all: ['office', 'schedule'] as const,
  window: (params: Record<string, unknown>) => ['office', 'schedule', 'window', params] as const,
  timeOff: ['office', 'schedule', 'time-off'] as const,
  holidays: ['office', 'schedule', 'holidays'] as const,
};

export const fetchSchedule = (p: { from: string; to: string; employee?: string; area?: string }) => officeGet<ScheduleAnswer>(`/schedule${qs(p)}`);
export const fetchTimeOff = () => officeGet<Paged & { time_off: TimeOffDto[] }>('/time-off?state=requested&limit=50');
export const decideTimeOff = (id: string, approve: boolean) => officeSend<{ message: string }>('POST', `/time-off/${id}/${approve ? 'approve' : 'decline'}`);

export type VisitChange = { start?: string; employee_id?: string; state?: 'cancelled'; reason?: string; scope: 'this' | 'following'; version: number };
export const patchVisit = (id: string, change: VisitChange) => officeSend<{ message: string; changed: number }>('PATCH', `/visits/${id}`, change);
