// The office's schedule of a window (≤ 14 days): the cleaners, their visits with estimated hours, and
// what to look at — clashes, needs cover, bank holidays at the visit's postcode, closed days, time off.
// One answer covers whole rows (the Unassigned lane, then the cleaners by name) until about
// SCHEDULE_PAGE_VISITS visits, so its work and size stay bounded however busy the week (3 300 visits a
// week at bench:scale's 10k step); `next_row` says where the next answer starts. Short keys; the plans'
// facts (hours, customer, postcode) come from a per-plan cache (schedule-facts.ts). A whole answer is
// kept per write version of what it reads (versioned-cache.ts): the office reloading a week costs a point read.
import mongoose from 'mongoose';
import { outwardCode, postcodeArea } from '@shared/bank-holidays';
import { clashingIds } from '@shared/schedule';
import { SCHEDULE_PAGE_VISITS, type ScheduleAnswer, type ScheduleQuery, type ScheduleVisit, type TimeOffState } from '@shared/schemas/schedule';
import { addDays, londonDate, weekdayOf } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { Employee } from '../../models/Employee';
import { TimeOff } from '../../models/TimeOff';
import { Visit } from '../../models/Visit';
import { closedBetween, closedDates, holidayRegions, onHoliday, type Overrides } from './schedule-days';
import { holidaysBetween } from '@shared/bank-holidays';
import { BANK_HOLIDAYS } from './schedule-days';
import { planFacts } from './schedule-facts';
import { windowOf } from '../plans/visits-view';
import { versionedCache, type Source } from '../../lib/versioned-cache';

type Id = mongoose.Types.ObjectId;
const oid = (id: string) => new mongoose.Types.ObjectId(id);
const COUNTED = new Set(['scheduled', 'completed']);
const FIELDS = { plan: 1, employee: 1, start: 1, state: 1, needs_cover: 1, holiday_kept: 1, version: 1, lockout_at: 1, late_charge_pence: 1 } as const;
/** Rows asked for in the first read of a page, before the page's own density says how many more fit. */
const FIRST_ROWS = 6;
/** Rows one read may ask for at most; one read's visits at most (a runaway lane is cut, never the server). */
const MAX_ROWS_PER_READ = 12;
const MAX_VISITS_PER_READ = 2000;

/** The Monday of the week `date` is in. */
export const mondayOf = (date: string) => addDays(date, 1 - weekdayOf(date));

type Row = { employee: Id | null; };
type VisitRow = {
  _id: Id;
  plan: Id;
  employee?: Id | null;
  start: Date;
  state: string;
  needs_cover?: boolean | null;
  holiday_kept?: boolean | null;
  version?: number | null;
  lockout_at?: Date | null;
  late_charge_pence?: number | null;
};

/**
 * The visits of rows[from…], whole rows at a time, until about `budget` visits: each read asks for as
 * many rows as the visits per row seen so far say still fit (index employee + start: one interval per row).
 */
async function readRows(rows: Row[], from: number, window: { start: Date; end: Date; }, budget: number): Promise<{ visits: VisitRow[]; next: number; }> {
  const visits: VisitRow[] = [];
  let at = from;
  let take = Math.max(1, Math.min(FIRST_ROWS, Math.floor(budget / 50)));
  while (at < rows.length && visits.length < budget) {
    const ids = rows.slice(at, at + take).map((r) => r.employee);
    const found = await Visit.find({ employee: { $in: ids }, start: { $gte: window.start, $lt: window.end } }, FIELDS).limit(MAX_VISITS_PER_READ).lean<
      VisitRow[]
    >();
    visits.push(...found);
    at += ids.length;
    const perRow = visits.length / (at - from);
    // At most twice the last read: rows seen empty so far say nothing of the next ones' density.
    take = Math.max(1, Math.min(MAX_ROWS_PER_READ, take * 2, Math.floor((budget - visits.length) / Math.max(perRow, 1))));
  }
  return { visits, next: at };
}

/** Every source the answer reads; the customers' names and postcodes come through the plans' facts. */
const weeks = versionedCache<ScheduleAnswer>(['visits', 'plans', 'bookings', 'users', 'employees', 'time_off', 'closed_days'], 200);

export function buildSchedule(q: ScheduleQuery, now: Date, overrides: Overrides, budget = SCHEDULE_PAGE_VISITS): Promise<ScheduleAnswer> {
  // "now" only picks the default week: the key holds the dates it resolved to.
  const from = q.from ?? mondayOf(londonDate(now));
  const to = q.to ?? addDays(from, 6);
  const key = JSON.stringify([from, to, q.employee ?? '', q.area ?? '', q.row ?? 0, budget, overrides]);
  return weeks.get(key, (versions) => composeSchedule({ ...q, from, to }, now, overrides, budget, versions), { end: windowOf({ from, to }, now).end, now });
}

async function composeSchedule(
  q: ScheduleQuery & { from: string; to: string; },
  now: Date,
  overrides: Overrides,
  budget: number,
  versions: Record<Source, number>,
): Promise<ScheduleAnswer> {
  const { from, to } = q;
  const window = windowOf({ from, to }, now);
  const first = q.row ?? 0;
  const staff = q.employee === 'none'
    ? []
    : await Employee.find(q.employee ? { _id: oid(q.employee) } : { is_active: true, role: 'employee' }, { name: 1 }).sort({ name: 1 }).limit(500).lean();
  // Row 0 is the Unassigned lane (none when one cleaner is asked for), then row 1 + i is staff[i].
  const rows: Row[] = [...(q.employee && q.employee !== 'none' ? [] : [{ employee: null }]), ...staff.map((s) => ({ employee: s._id }))];
  const offset = rows.length - staff.length;
  const page = await readRows(rows, first, window, budget);
  const cleaners = staff.map((e) => ({ id: String(e._id), name: e.name }));
  // After the last row: visits of someone no longer an active cleaner get a row of their own.
  if (page.next >= rows.length && !q.employee) {
    const gone = await Employee.find({ $or: [{ is_active: { $ne: true } }, { role: { $ne: 'employee' } }] }, { name: 1 }).limit(2000).lean();
    const theirs = gone.length
      ? await Visit.find({ employee: { $in: gone.map((e) => e._id) }, start: { $gte: window.start, $lt: window.end } }, FIELDS).limit(MAX_VISITS_PER_READ).lean<
        VisitRow[]
      >()
      : [];
    const withVisits = new Set(theirs.map((v) => String(v.employee)));
    cleaners.push(...gone.filter((e) => withVisits.has(String(e._id))).map((e) => ({ id: String(e._id), name: e.name })));
    page.visits.push(...theirs);
  }
  const index = new Map(cleaners.map((c, i) => [c.id, i]));
  const shownRows = new Set(page.visits.map((v) => (v.employee ? (index.get(String(v.employee)) ?? -1) : -1)));
  for (let r = Math.max(first, offset); r < page.next; r++) shownRows.add(r - offset);
  const [facts, closed, offRows] = await Promise.all([
    planFacts(page.visits.map((v) => String(v.plan)), `${versions.plans}.${versions.bookings}.${versions.users}`),
    closedBetween(from, to),
    TimeOff.find({
      employee: { $in: cleaners.filter((_, i) => shownRows.has(i)).map((c) => oid(c.id)) },
      state: { $in: ['requested', 'approved'] },
      to: { $gte: from },
      from: { $lte: to },
    }).limit(1000).lean(),
  ]);
  const timeOff = offRows.map((t) => ({ id: String(t._id), c: index.get(String(t.employee)) ?? -1, from: t.from, to: t.to, state: t.state as TimeOffState }));
  const holidays = holidayRegions(from, to);
  const closedSet = closedDates(closed, from, to);

  const visits = page.visits
    .sort((a, b) => a.start.getTime() - b.start.getTime())
    .map((v) => {
      const f = facts.get(String(v.plan));
      const wall = londonDateAndTime(v.start)!;
      const c = v.employee ? (index.get(String(v.employee)) ?? -1) : -1;
      const postcode = f?.postcode ?? '';
      const out: ScheduleVisit = {
        id: String(v._id),
        plan: String(v.plan),
        cleaner: c,
        date: wall.date,
        time: wall.time,
        hours: f?.h ?? 2,
        customer: f?.name ?? '',
        outward_code: outwardCode(postcode),
        state: v.state as ScheduleVisit['state'],
        version: v.version ?? 0,
      };
      if (f?.set) out.hours_set = true;
      const open = v.state === 'scheduled';
      if (open && v.needs_cover && c === -1) out.needs_cover = true;
      if (open && !v.holiday_kept && onHoliday(holidays, wall.date, postcode, overrides)) out.bank_holiday = true;
      if (open && !v.holiday_kept && closedSet.has(wall.date)) out.closed_day = true;
      if (open && c !== -1 && timeOff.some((t) => t.c === c && t.state === 'approved' && t.from <= wall.date && wall.date <= t.to)) out.time_off = true;
      if (f?.once) out.one_time = true;
      if (v.lockout_at) out.locked_out = true;
      if (v.late_charge_pence != null) out.late_charge_pence = v.late_charge_pence;
      return { out, postcode };
    });
  // Clashes count every visit of the cleaner in the window (a page holds whole rows), before the area filter.
  const clashes = clashingIds(
    visits.filter(({ out: v }) => COUNTED.has(v.state)).map(({ out: v }) => ({ id: v.id, cleaner: v.cleaner, d: v.date, t: v.time, h: v.hours })),
  );
  return {
    from,
    to,
    next_row: page.next < rows.length ? page.next : null,
    cleaners,
    visits: visits.filter(({ postcode }) => !q.area || postcodeArea(postcode) === q.area).map((
      { out },
    ) => (clashes.has(out.id) ? { ...out, clash: true as const } : out)),
    holidays: holidaysBetween(BANK_HOLIDAYS, from, to),
    closed,
    time_off: timeOff,
  };
}
