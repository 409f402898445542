// My Visits in the order a cleaner plans a day by: today first, then visits of the past week still
// waiting for their hours, the rest of this week, then the weeks after — each grouped by London day.
import { addDays, londonDate, weekdayOf } from '@shared/visits';
import type { VisitDto } from '@shared/schemas/visits';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';

/** Days back the list reaches (late hours) and ahead (upcoming); the API answers at most 93 days. */
export const DAYS_BACK = 7;
export const DAYS_AHEAD = 34;

/** The London dates My Visits asks for, around today's. */
export function visitsWindow(today: string): { from: string; to: string; } {
  return { from: addDays(today, -DAYS_BACK), to: addDays(today, DAYS_AHEAD) };
}

export interface VisitDay {
  date: string;
  visits: VisitDto[];
}
export interface VisitSection {
  key: 'today' | 'earlier' | 'week' | 'upcoming';
  title: string;
  days: VisitDay[];
}

/** A visit from before today still counts while its hours are due (scheduled, none submitted). */
const dueFromEarlier = (v: VisitDto) => v.state === 'scheduled' && v.work_hours === undefined;

export function groupVisits(visits: VisitDto[], now: number): VisitSection[] {
  const today = londonDate(now);
  const sunday = addDays(today, 7 - weekdayOf(today));
  const sections: VisitSection[] = [
    { key: 'today', title: M.sectionToday, days: [] },
    { key: 'earlier', title: M.sectionEarlier, days: [] },
    { key: 'week', title: M.sectionWeek, days: [] },
    { key: 'upcoming', title: M.sectionUpcoming, days: [] },
  ];
  const sorted = [...visits].sort((a, b) => Date.parse(a.start) - Date.parse(b.start));
  for (const v of sorted) {
    const date = londonDate(Date.parse(v.start));
    const section = date === today ? sections[0] : date < today ? (dueFromEarlier(v) ? sections[1] : null) : date <= sunday ? sections[2] : sections[3];
    if (!section) continue;
    const last = section.days.at(-1);
    if (last?.date === date) last.visits.push(v);
    else section.days.push({ date, visits: [v] });
  }
  // Today always shows (saying when there is nothing); the others only when they hold visits.
  return sections.filter((s) => s.key === 'today' || s.days.length > 0);
}
