// The company's figures (/api/admin/stats, the office home).
import { z } from 'zod';
import type { InboxCounts } from './inbox';
import { period } from './timesheets';

export const statsQuerySchema = period({});

/** One week (Monday to Sunday, clipped to the period): bookings created, accepted, completed, cancelled in it. */
export interface WeekFigures {
  /** The week's Monday. */
  week: string;
  /** The days of the week inside the period (for links to the filtered lists). */
  from: string;
  to: string;
  created: number;
  accepted: number;
  completed: number;
  cancelled: number;
  /** Plans ended (by the customer, or by closing the account) in the week. */
  ended: number;
}

export interface CompanyStats {
  from: string;
  to: string;
  weeks: WeekFigures[];
  totals: { created: number; accepted: number; completed: number; cancelled: number; ended: number; };
  /** Time from request to a cleaner accepting, for bookings accepted in the period (hours; null with none). */
  acceptance: { count: number; median_hours: number | null; p90_hours: number | null; };
  /** Pending requests with no cleaner for more than 24 hours, now. */
  waiting_over_24h: number;
  /** Approved hours of work submitted in the period. */
  hours_approved: number;
  approved_submissions: number;
  /** New inbox items, now. */
  inbox_new: InboxCounts;
}

export type StatsQuery = z.infer<typeof statsQuerySchema>;
