// The company's figures for a period: bookings per week (created, accepted, completed, cancelled),
// how long requests wait for a cleaner, what waits now, hours approved and the inbox's new items.
// Weeks are ISO weeks (Monday to Sunday) in UTC, clipped to the period, like every figure the API counts.
import type { CompanyStats, WeekFigures } from '@shared/schemas/stats';
import { BOARD_WAITING_MS } from '@shared/schemas/office';
import { Booking } from '../../models/Booking';
import { datedFilter } from './board';
import { inboxCounts } from './inbox';
import { periodOf } from './timesheets';

const DAY_MS = 24 * 60 * 60 * 1000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The Monday (UTC) of the week holding `d`. */
function mondayOf(d: Date): Date {
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  return new Date(day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY_MS);
}

/** Default period: the last 12 weeks, this one included. */
export function statsPeriod(from: string | undefined, to: string | undefined, now = new Date()) {
  if (!from && !to) return periodOf(isoDay(new Date(mondayOf(now).getTime() - 11 * 7 * DAY_MS)), isoDay(now), now);
  return periodOf(from, to, now);
}

/**
 * The p-th percentile (0–100) of sorted values by linear interpolation between closest ranks (the
 * method of spreadsheets' PERCENTILE and numpy's default); the median is p = 50.
 */
export function percentile(sorted: number[], p: number): number | null {
  if (!sorted.length) return null;
  const rank = (p / 100) * (sorted.length - 1);
  const lo = Math.floor(rank);
  const hi = Math.ceil(rank);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (rank - lo);
}

const inRange = (start: Date, end: Date) => ({ $gte: start, $lt: end });

/** Per-week counts of one date field, from the dates themselves (one query each, projections only). */
async function datesOf(filter: Record<string, unknown>, field: string): Promise<Date[]> {
  const rows = await Booking.find(filter, { [field]: 1, _id: 0 }).lean<Array<Record<string, Date>>>();
  return rows.map((r) => r[field]);
}

export async function companyStats(from: string | undefined, to: string | undefined, now = new Date()): Promise<CompanyStats> {
  const period = statsPeriod(from, to, now);
  const { start, end } = period;
  const range = inRange(start, end);
  const [created, accepted, completed, cancelled, waits, waitingNow, approved, inbox] = await Promise.all([
    // The board's own filters (?on=…&from=&to=), so each figure's link lists exactly what it counts.
    datesOf(datedFilter('created', range), 'created_at'),
    datesOf(datedFilter('accepted', range), 'accepted_at'),
    datesOf(datedFilter('completed', range), 'submitted_at'),
    datesOf(datedFilter('cancelled', range), 'cancelled_at'),
    Booking.find(datedFilter('accepted', range), { created_at: 1, accepted_at: 1, _id: 0 }).lean<Array<{ created_at: Date; accepted_at: Date }>>(),
    Booking.countDocuments({ status: 'pending', accepted_by: null, created_at: { $lt: new Date(now.getTime() - BOARD_WAITING_MS) } }),
    Booking.aggregate<{ hours: number; submissions: number }>([
      { $match: { work_submitted: true, timesheet_status: 'approved', submitted_at: range } },
      { $group: { _id: null, hours: { $sum: { $ifNull: ['$submitted_work_hours', 0] } }, submissions: { $sum: 1 } } },
    ]),
    inboxCounts(),
  ]);

  const weeks: WeekFigures[] = [];
  for (let monday = mondayOf(start); monday < end; monday = new Date(monday.getTime() + 7 * DAY_MS)) {
    const wStart = monday < start ? start : monday;
    const next = new Date(monday.getTime() + 7 * DAY_MS);
    const wEnd = next > end ? end : next;
    const count = (dates: Date[]) => dates.filter((d) => d >= wStart && d < wEnd).length;
    weeks.push({
      week: isoDay(monday),
      from: isoDay(wStart),
      to: isoDay(new Date(wEnd.getTime() - DAY_MS)),
      created: count(created),
      accepted: count(accepted),
      completed: count(completed),
      cancelled: count(cancelled),
    });
  }

  const hoursToAccept = waits.map((w) => (w.accepted_at.getTime() - w.created_at.getTime()) / 3_600_000).sort((a, b) => a - b);
  return {
    from: period.from,
    to: period.to,
    weeks,
    totals: { created: created.length, accepted: accepted.length, completed: completed.length, cancelled: cancelled.length },
    acceptance: { count: hoursToAccept.length, median_hours: percentile(hoursToAccept, 50), p90_hours: percentile(hoursToAccept, 90) },
    waiting_over_24h: waitingNow,
    hours_approved: approved[0]?.hours ?? 0,
    approved_submissions: approved[0]?.submissions ?? 0,
    inbox_new: inbox,
  };
}
