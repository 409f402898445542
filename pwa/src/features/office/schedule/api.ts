// The schedule's calls and keys: the window's visits, the time-off requests, one change to a visit.
import type { PlanHoursDto, ScheduleAnswer, TimeOffDto } from '@shared/schemas/schedule';
import type { Paged } from '@shared/schemas/office';
import { officeGet, officeSend, qs } from '../api';

export const scheduleKeys = {
  all: ['office', 'schedule'] as const,
  window: (params: Record<string, unknown>) => ['office', 'schedule', 'window', params] as const,
  timeOff: ['office', 'schedule', 'time-off'] as const,
  holidays: ['office', 'schedule', 'holidays'] as const,
};

/** Pages a week may take at most (each answer covers whole rows until about SCHEDULE_PAGE_VISITS visits). */
const MAX_PAGES = 40;

/**
 * The whole window: the answers from row 0 until `next_row` is null, merged into one. Each answer's
 * cleaner indexes are its own list's, so they are mapped by id onto the merged list.
 */
export async function fetchSchedule(p: { from: string; to: string; employee?: string; area?: string; }): Promise<ScheduleAnswer> {
  let answer = await officeGet<ScheduleAnswer>(`/schedule${qs(p)}`);
  for (let n = 1; answer.next_row !== null && n < MAX_PAGES; n++) {
    const more = await officeGet<ScheduleAnswer>(`/schedule${qs({ ...p, row: answer.next_row })}`);
    answer = mergeSchedule(answer, more);
  }
  return answer;
}

export function mergeSchedule(a: ScheduleAnswer, b: ScheduleAnswer): ScheduleAnswer {
  const cleaners = [...a.cleaners];
  const at = new Map(cleaners.map((c, i) => [c.id, i]));
  for (const c of b.cleaners) if (!at.has(c.id)) at.set(c.id, cleaners.push(c) - 1);
  const map = (c: number) => (c === -1 ? -1 : (at.get(b.cleaners[c]?.id ?? '') ?? -1));
  const seen = new Set(a.visits.map((v) => v.id));
  const offSeen = new Set(a.time_off.map((t) => t.id));
  return {
    ...a,
    next_row: b.next_row,
    cleaners,
    visits: [...a.visits, ...b.visits.filter((v) => !seen.has(v.id)).map((v) => ({ ...v, cleaner: map(v.cleaner) }))],
    time_off: [...a.time_off, ...b.time_off.filter((t) => !offSeen.has(t.id)).map((t) => ({ ...t, c: map(t.c) }))],
  };
}
export const fetchTimeOff = () => officeGet<Paged & { time_off: TimeOffDto[]; }>('/time-off?state=requested&limit=50');
export const decideTimeOff = (id: string, approve: boolean) => officeSend<{ message: string; }>('POST', `/time-off/${id}/${approve ? 'approve' : 'decline'}`);

export const setPlanHours = (planId: string, estimated_hours: number | null) =>
  officeSend<{ message: string; plan: PlanHoursDto; }>('PATCH', `/plans/${planId}`, { estimated_hours });

export type VisitChange = { start?: string; employee_id?: string; state?: 'cancelled'; reason?: string; scope: 'this' | 'following'; version: number; };
export const patchVisit = (id: string, change: VisitChange) => officeSend<{ message: string; changed: number; }>('PATCH', `/visits/${id}`, change);
