// The company's figures for a period: bookings per week (created, accepted, completed, cancelled),
// how long requests wait for a cleaner, what waits now, hours approved and the inbox's new items.
// Weeks are ISO weeks (Monday to Sunday) in UTC, clipped to the period, like every figure the API counts.
import type { CompanyStats, WeekFigures } from '@shared/schemas/stats';
import type { BoardDate } from '@shared/schemas/office';
import { BOARD_WAITING_MS } from '@shared/schemas/office';
import { Booking } from '../../models/Booking';
import { writeVersions } from '../../models/write-version';
import type { InboxCounts } from '@shared/schemas/inbox';
import { recordAcceptWait, waitMinutes } from './accept-wait';
import { BOARD_DATE_FIELD, datedFilter } from './board-list';
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
export function statsPeriod(from: string | undefined, to: string | undefined, now: Date) {
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
const HOUR_MS = 3_600_000;

interface Week {
  monday: Date;
  start: Date;
  end: Date;
}

/** The period's ISO weeks, the first and last clipped to it. */
function weeksOf(start: Date, end: Date): Week[] {
  const weeks: Week[] = [];
  for (let monday = mondayOf(start); monday < end; monday = new Date(monday.getTime() + 7 * DAY_MS)) {
    const next = new Date(monday.getTime() + 7 * DAY_MS);
    weeks.push({ monday, start: monday < start ? start : monday, end: next > end ? end : next });
  }
  return weeks;
}

/**
 * Counts per week of one board date, with the board's own filter over the period, put into the weeks'
 * buckets from an index's keys (one command; no booking read).
 */
async function perWeek(on: BoardDate, weeks: Week[]): Promise<number[]> {
  const field = BOARD_DATE_FIELD[on];
  const boundaries = [...weeks.map((w) => w.start), weeks.at(-1)!.end];
  const rows = await Booking.aggregate<{ _id: Date; n: number; }>([
    { $match: datedFilter(on, inRange(boundaries[0], boundaries.at(-1)!)) },
    { $bucket: { groupBy: `$${field}`, boundaries, output: { n: { $sum: 1 } } } },
  ]);
  const byStart = new Map(rows.map((r) => [r._id.getTime(), r.n]));
  return weeks.map((w) => byStart.get(w.start.getTime()) ?? 0);
}

/**
 * The period's waits for a cleaner in hours, sorted: counted per minute from the keys of
 * `accepted_at_-1_accept_wait_min_1`; the few bookings whose minutes are not stored yet are read.
 */
async function acceptWaits(range: { $gte: Date; $lt: Date; }): Promise<number[]> {
  const groups = await Booking.aggregate<{ _id: number | null; n: number; }>([{ $match: datedFilter('accepted', range) }, {
    $group: { _id: '$accept_wait_min', n: { $sum: 1 } },
  }]);
  const minutes: number[] = [];
  for (const g of groups) if (g._id !== null) { for (let i = 0; i < g.n; i++) minutes.push(g._id); }
  if (groups.some((g) => g._id === null)) {
    const rows = await Booking.find({ ...datedFilter('accepted', range), accept_wait_min: null }, { created_at: 1, accepted_at: 1 }).lean<
      Array<{ _id: unknown; created_at: Date; accepted_at: Date; }>
    >();
    for (const r of rows) minutes.push(waitMinutes(r.created_at, r.accepted_at));
    // Stored as found (an accept cut off before its wait was written leaves none): this read scans the
    // period's accepted bookings (seconds at 10k/100k), so it is done once, not at every count.
    await Promise.all(rows.map((r) => recordAcceptWait(r)));
  }
  return minutes.sort((a, b) => a - b).map((m) => (m * 60_000) / HOUR_MS);
}

/** Hours approved and their submissions, from the submissions' keys grouped by state and hours. */
async function approvedHours(range: { $gte: Date; $lt: Date; }): Promise<{ hours: number; submissions: number; }> {
  const groups = await Booking.aggregate<{ _id: { s: string | null; h: number | null; }; n: number; }>([
    { $match: datedFilter('completed', range) },
    { $group: { _id: { s: '$timesheet_status', h: '$submitted_work_hours' }, n: { $sum: 1 } } },
  ]);
  let hours = 0;
  let submissions = 0;
  for (const g of groups) {
    if (g._id.s === 'approved') {
      hours += (g._id.h ?? 0) * g.n;
      submissions += g.n;
    }
  }
  return { hours, submissions };
}

/** How long figures are kept at most even when no booking write was seen (writes that bypass the model). */
export const FIGURES_MAX_AGE_MS = 5 * 60_000;

type Counted = Omit<CompanyStats, 'waiting_over_24h' | 'inbox_new'>;
const kept = new Map<string, { version: number; at: number; counted: Counted; }>();
const inflight = new Map<string, Promise<unknown>>();

/**
 * The figures of a period are counted from index keys (a year of a large company's bookings is
 * hundreds of thousands of keys: seconds of the engine's time at 10k/100k), so they are counted once
 * per bookings write version (models/write-version.ts) and kept: reloading the office home then costs
 * one point read, plus the two live figures (requests waiting now, new inbox items), which an index
 * decides. Offices asking while the same version is being counted share that one count; a write
 * finished before a request read the version moves it, so every answer sees every write made before it.
 */
export async function companyStats(from: string | undefined, to: string | undefined, now: Date): Promise<CompanyStats> {
  const period = statsPeriod(from, to, now);
  const versions = await writeVersions('bookings', 'inbox');
  const key = `${period.from}|${period.to}`;
  const hit = kept.get(key);
  const fresh = hit && hit.version === versions.bookings && Math.abs(now.getTime() - hit.at) < FIGURES_MAX_AGE_MS;
  const [counted, live] = await Promise.all([
    fresh ? hit.counted : countOnce(`${key}|${versions.bookings}`, () => countPeriod(period)).then((c) => (keep(key, versions.bookings, now, c), c)),
    liveFigures(now, versions),
  ]);
  return { ...counted, waiting_over_24h: live.waiting, inbox_new: live.inbox };
}

/** Keeps a count unless one of a later version was kept meanwhile (counts finish out of their order). */
function keep(key: string, version: number, now: Date, counted: Counted): void {
  if ((kept.get(key)?.version ?? -1) <= version) kept.set(key, { version, at: now.getTime(), counted });
}

/**
 * The figures of "now": requests waiting over 24 h and the new inbox items. The count of waiting requests
 * holds between two instants (from the newest counted request's 24 h to the oldest uncounted one's) while
 * no booking changes; the inbox's while no inbox record changes. Each is kept with what it holds for, so
 * requests answered out of their order (a reload started earlier finishing later) still find it.
 */
let waitingKept: { bookings: number; from: number; until: number; n: number; } | undefined;
let inboxKept: { version: number; counts: InboxCounts; } | undefined;
async function liveFigures(now: Date, versions: { bookings: number; inbox: number; }): Promise<{ waiting: number; inbox: InboxCounts; }> {
  const t = now.getTime();
  const holds = (w: typeof waitingKept) => w && w.bookings === versions.bookings && w.from <= t && t <= w.until;
  const waiting = async () => {
    if (holds(waitingKept)) return waitingKept!.n;
    // Reloads missing at once share a count; one that does not hold at this request's instant is redone.
    let w = { bookings: versions.bookings, ...(await countOnce(`waiting|${versions.bookings}`, () => waitingOver24h(now))) };
    if (!holds(w)) w = { bookings: versions.bookings, ...(await waitingOver24h(now)) };
    if (!waitingKept || waitingKept.bookings <= w.bookings) waitingKept = w;
    return w.n;
  };
  const inbox = async () => {
    if (inboxKept && inboxKept.version === versions.inbox) return inboxKept.counts;
    const counts = await countOnce(`inbox|${versions.inbox}`, inboxCounts);
    if (!inboxKept || inboxKept.version <= versions.inbox) inboxKept = { version: versions.inbox, counts };
    return counts;
  };
  const [n, counts] = await Promise.all([waiting(), inbox()]);
  return { waiting: n, inbox: counts };
}

/**
 * The count at `now`, and the instants it holds between: from when the newest request counted reached
 * 24 h until the oldest request not counted reaches it.
 */
async function waitingOver24h(now: Date): Promise<{ n: number; from: number; until: number; }> {
  const open = { status: 'pending' as const, accepted_by: null };
  const cut = new Date(now.getTime() - BOARD_WAITING_MS);
  const at = { created_at: 1, _id: 0 };
  const [n, last, next] = await Promise.all([
    Booking.countDocuments({ ...open, created_at: { $lt: cut } }),
    Booking.findOne({ ...open, created_at: { $lt: cut } }, at).sort({ created_at: -1 }).lean<{ created_at: Date; }>(),
    Booking.findOne({ ...open, created_at: { $gte: cut } }, at).sort({ created_at: 1 }).lean<{ created_at: Date; }>(),
  ]);
  return {
    n,
    from: last ? last.created_at.getTime() + BOARD_WAITING_MS + 1 : -Infinity,
    until: next ? next.created_at.getTime() + BOARD_WAITING_MS : Infinity,
  };
}

function countOnce<T>(key: string, count: () => Promise<T>): Promise<T> {
  let run = inflight.get(key) as Promise<T> | undefined;
  if (!run) {
    run = count().finally(() => inflight.delete(key));
    inflight.set(key, run);
  }
  return run;
}

async function countPeriod(period: ReturnType<typeof statsPeriod>): Promise<Counted> {
  const { start, end } = period;
  const range = inRange(start, end);
  const weeks = weeksOf(start, end);
  const [created, accepted, completed, cancelled, ended, hoursToAccept, approved] = await Promise.all([
    // The board's own filters (?on=…&from=&to=), so each figure's link lists exactly what it counts.
    perWeek('created', weeks),
    perWeek('accepted', weeks),
    perWeek('completed', weeks),
    perWeek('cancelled', weeks),
    perWeek('ended', weeks),
    acceptWaits(range),
    approvedHours(range),
  ]);
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    from: period.from,
    to: period.to,
    weeks: weeks.map((w, i): WeekFigures => ({
      week: isoDay(w.monday),
      from: isoDay(w.start),
      to: isoDay(new Date(w.end.getTime() - DAY_MS)),
      created: created[i],
      accepted: accepted[i],
      completed: completed[i],
      cancelled: cancelled[i],
      ended: ended[i],
    })),
    totals: { created: sum(created), accepted: sum(accepted), completed: sum(completed), cancelled: sum(cancelled), ended: sum(ended) },
    acceptance: { count: hoursToAccept.length, median_hours: percentile(hoursToAccept, 50), p90_hours: percentile(hoursToAccept, 90) },
    hours_approved: approved.hours,
    approved_submissions: approved.submissions,
  };
}
