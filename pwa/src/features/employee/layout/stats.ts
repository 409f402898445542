// GET /api/employee/stats and the figures the layout and dashboard show. The spec fixes display
// values (badges 3, trends +12 % / +8 %); we show the real figures, and when they cannot be had we
// show nothing rather than invent them (README: Figures).
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useOnline } from '@/lib/useOnline';
import type { EmployeeStats } from '@shared/schemas/employee';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { employeeKeys } from '../keys';

export const fetchStats = () => api<{ stats: Partial<EmployeeStats>; }>('/api/employee/stats', { auth: 'employee' }).then((r) => r.stats);

const isCount = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * Change from `before` to `now` as '+25%' / '-10%' / '0%'. From nothing, a percentage means nothing,
 * so the plain increase is shown instead ('+2').
 */
export function changeText(now: number, before: number): string {
  if (before === 0) return now === 0 ? '0%' : `+${now}`;
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? '+' : ''}${pct}%`;
}

/** What the portal shows; null means "show nothing" (no badge, '—', no trend). */
export interface StatsDisplay {
  availableBadge: number | null;
  totalAccepted: number | null;
  thisMonth: number | null;
  /** Growth of the total this month: this month's accepts against everything before it. */
  totalTrend: string | null;
  /** This month against last month. */
  monthTrend: string | null;
}

/**
 * The figures of an answer; a figure it lacks is null. `current` false (the figures are a saved copy
 * from before the connection went): no badges, since the available list may have changed meanwhile
 * and a count the list cannot back up is worse than none.
 */
export function statsDisplay(stats: Partial<EmployeeStats> | undefined, current = true): StatsDisplay {
  const s = stats ?? {};
  const available = current && isCount(s.availableCount) ? s.availableCount : null;
  const total = isCount(s.totalAccepted) ? s.totalAccepted : null;
  const month = isCount(s.thisMonthAccepted) ? s.thisMonthAccepted : null;
  const last = isCount(s.lastMonthAccepted) ? s.lastMonthAccepted : null;
  return {
    availableBadge: available,
    totalAccepted: total,
    thisMonth: month,
    totalTrend: total !== null && month !== null ? changeText(total, total - month) : null,
    monthTrend: month !== null && last !== null ? changeText(month, last) : null,
  };
}

/**
 * The figures as the screens show them, and `savedAt` (when they were fetched) when they are not
 * current: offline, or the last ask failed, the last answer seen stays with its age.
 */
export function useEmployeeStats(): { display: StatsDisplay | null; savedAt: number | null; } {
  const { offline } = useEmployeeSession();
  const online = useOnline();
  const stats = useQuery({ queryKey: employeeKeys.stats, queryFn: fetchStats });
  // While the figures load, show nothing (not the spec's fixed values).
  if (stats.data === undefined) return { display: null, savedAt: null };
  const current = online && !offline && !stats.isError && stats.fetchStatus !== 'paused';
  return { display: statsDisplay(stats.data, current), savedAt: current ? null : stats.dataUpdatedAt };
}
