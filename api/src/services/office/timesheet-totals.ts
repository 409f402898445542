// The timesheets' running totals (models/TimesheetTotal.ts): which documents cover a period, their sums
// per cleaner for a filter, and the recount that rebuilds them from the submissions themselves — once
// at the first start with them (in the background; until it is done the totals are counted from the
// rows), and on demand (`npm run office -- recount`) after a restore, a hand edit or a crash between a
// submission's write and its totals' update.
import { TIMESHEET_STATUSES, type TimesheetStatus } from '@shared/schemas/timesheets';
import { Booking } from '../../models/Booking';
import { Visit } from '../../models/Visit';
import { STATUS_KEY, TimesheetTotal, cellsOf, dayCell, monthCell, tenCell, type SheetCounts, type TimesheetTotalDoc } from '../../models/TimesheetTotal';
import { bumpWriteVersion } from '../../models/write-version';
import { markMigrationDone, migrationDone } from '../../models/migrations';

export const SHEET_TOTALS_MARKER = 'timesheet-totals';
const DAY_MS = 86_400_000;

let ready = false;
/**
 * Whether the totals are complete (built once, kept on every write since) and every submission has its
 * review state and `on_booking` stored, so lists can match them by equality along an index.
 */
export async function sheetTotalsReady(): Promise<boolean> {
  if (!ready) ready = await migrationDone(SHEET_TOTALS_MARKER);
  return ready;
}

let backfilled = false;
/**
 * Whether every submission has its review state and `on_booking` stored: true as soon as the first
 * start's backfill is done (seconds), before the totals are built, so lists and the rows' count
 * match by equality along an index meanwhile.
 */
export const sheetFieldsStored = async (): Promise<boolean> => backfilled || (await sheetTotalsReady());

/**
 * The documents covering the UTC days from..to (both included): a whole month by its month's, whole
 * tens of days by theirs, the rest day by day (a year: at most 11 months and 2 × (2 tens + 9 days)).
 */
export function periodCells(from: string, to: string): string[] {
  const cells: string[] = [];
  const end = Date.parse(`${to}T00:00:00Z`);
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= end;) {
    const d = new Date(t);
    const date = d.getUTCDate();
    const nextMonth = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
    const nextTen = date === 21 ? nextMonth : t + 10 * DAY_MS;
    if (date === 1 && nextMonth - DAY_MS <= end) {
      cells.push(monthCell(d));
      t = nextMonth;
    } else if ((date === 1 || date === 11 || date === 21) && nextTen - DAY_MS <= end) {
      cells.push(tenCell(d));
      t = nextTen;
    } else {
      cells.push(dayCell(d));
      t += DAY_MS;
    }
  }
  return cells;
}

export interface CleanerSums {
  id: string;
  submissions: number;
  hours: number;
  approved_hours: number;
}
// Hours are halves, exact in binary; the rounding only keeps any other value's sum tidy.
const tidy = (x: number) => Math.round(x * 1e6) / 1e6;

/** Per cleaner, the submissions and hours of the documents for a cleaner and review state (or all). */
export function sumsOf(docs: Pick<TimesheetTotalDoc, 'e'>[], f: { employee?: string; status?: TimesheetStatus; }): CleanerSums[] {
  const statuses = f.status ? [f.status] : TIMESHEET_STATUSES;
  const by = new Map<string, CleanerSums>();
  for (const doc of docs) {
    for (const [key, c] of Object.entries(doc.e ?? {})) {
      const id = key.slice(1);
      if (f.employee && id !== f.employee) continue;
      const t = by.get(id) ?? { id, submissions: 0, hours: 0, approved_hours: 0 };
      for (const s of statuses) {
        const k = STATUS_KEY[s];
        t.submissions += c[`${k}n`] ?? 0;
        t.hours += c[`${k}h`] ?? 0;
      }
      if (statuses.includes('approved')) t.approved_hours += c.ah ?? 0;
      by.set(id, t);
    }
  }
  return [...by.values()].filter((t) => t.submissions > 0).map((t) => ({ ...t, hours: tidy(t.hours), approved_hours: tidy(t.approved_hours) }));
}

type Cells = Map<string, Record<string, SheetCounts>>;
interface Group {
  _id: { e: unknown; s: TimesheetStatus | null; h: number | null; t: Date; };
  n: number;
}

/**
 * The day, ten-day and month documents the submissions of [start, end) make. Grouped by cleaner, state, hours
 * and time, which the embedded engine counts from one index's keys without reading a submission.
 * Before the start-up backfill, a visit without `on_booking` is matched too (slower: read one by one).
 */
export async function countedCells(start: Date, end: Date, stored = true): Promise<Cells> {
  const match = { work_submitted: true, submitted_at: { $gte: start, $lt: end } };
  const group = (e: string) => ({ $group: { _id: { e, s: '$timesheet_status', h: '$submitted_work_hours', t: '$submitted_at' }, n: { $sum: 1 } } });
  const [bookings, visits] = await Promise.all([
    Booking.aggregate<Group>([{ $match: match }, group('$accepted_by')]),
    Visit.aggregate<Group>([{ $match: { ...match, on_booking: stored ? false : { $ne: true } } }, group('$employee')]),
  ]);
  const cells: Cells = new Map();
  for (const g of [...bookings, ...visits]) {
    const who = `x${String(g._id.e ?? null)}`;
    const k = STATUS_KEY[g._id.s ?? 'submitted'];
    for (const cell of cellsOf(g._id.t)) {
      const e = cells.get(cell) ?? {};
      const c = (e[who] ??= {});
      c[`${k}n`] = (c[`${k}n`] ?? 0) + g.n;
      c[`${k}h`] = (c[`${k}h`] ?? 0) + g.n * (g._id.h ?? 0);
      cells.set(cell, e);
    }
  }
  return cells;
}

/** Whether two documents' counts agree (a count of zero and no count are the same). */
function sameCounts(a: Record<string, SheetCounts> = {}, b: Record<string, SheetCounts> = {}): boolean {
  const flat = (e: Record<string, SheetCounts>) => {
    const out = new Map<string, number>();
    for (const [who, c] of Object.entries(e)) for (const [k, n] of Object.entries(c)) if (Math.abs(n ?? 0) > 1e-9) out.set(`${who}.${k}`, n!);
    return out;
  };
  const x = flat(a);
  const y = flat(b);
  return x.size === y.size && [...x].every(([k, n]) => Math.abs(n - (y.get(k) ?? NaN)) < 1e-6);
}

const monthDays = (month: string): string[] => {
  const start = Date.parse(`${month}-01T00:00:00Z`);
  const days: string[] = [];
  for (let t = start; new Date(t).toISOString().startsWith(month); t += DAY_MS) days.push(dayCell(new Date(t)));
  return days;
};

/**
 * Recounts one month's documents from its submissions; with `write`, replaces those that differ. A
 * document is replaced only if no live write changed it since it was read (its `v`): that write's
 * change is then kept, and a second recount settles it.
 */
async function recountMonth(month: string, write: boolean): Promise<string[]> {
  const ids = [`m:${month}`, `t:${month}-1`, `t:${month}-2`, `t:${month}-3`, ...monthDays(month)];
  const stored = new Map((await TimesheetTotal.find({ _id: { $in: ids } }).lean<TimesheetTotalDoc[]>()).map((d) => [d._id, d]));
  const start = new Date(`${month}-01T00:00:00Z`);
  const counted = await countedCells(start, new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, 1)));
  const wrong = ids.filter((id) => !sameCounts(stored.get(id)?.e, counted.get(id)));
  if (!write) return wrong;
  const coll = TimesheetTotal.collection;
  for (const id of wrong) {
    const have = stored.get(id);
    const want = counted.get(id);
    // A live write that created it meanwhile wins (unique _id); a second recount settles it.
    if (!have) {
      await coll.insertOne({ _id: id, e: want, v: 0 } as never).catch((err: { code?: number; }) => {
        if (err.code !== 11000) throw err;
      });
    } else if (!want) await coll.deleteOne({ _id: id, v: have.v } as never);
    else await coll.replaceOne({ _id: id, v: have.v } as never, { e: want, v: have.v + 1 });
  }
  return wrong;
}

const monthOf = (d: Date) => d.toISOString().slice(0, 7);
function monthsBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = new Date(`${first}-01T00:00:00Z`); monthOf(d) <= last; d = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1))) out.push(monthOf(d));
  return out;
}

/** Submissions stored before the review state (or a visit's `on_booking`) existed get them, once. */
async function backfillWorkFields(): Promise<void> {
  const opts = { timestamps: false };
  await Booking.updateMany({ work_submitted: true, timesheet_status: null }, { $set: { timesheet_status: 'submitted' } }, opts);
  await Visit.updateMany({ work_submitted: true, on_booking: null }, { $set: { on_booking: false } }, opts);
  await Visit.updateMany({ work_submitted: true, timesheet_status: null }, { $set: { timesheet_status: 'submitted' } }, opts);
  backfilled = true;
}

/**
 * Recounts every month that has submissions or documents (up to the month of `through`, when given) and,
 * unless `check`, corrects what differs. Returns the documents that differed.
 */
export async function recountSheetTotals(opts: { through?: Date; check?: boolean; } = {}): Promise<string[]> {
  if (!opts.check) await backfillWorkFields();
  const since = { work_submitted: true, submitted_at: { $gt: new Date(0) } };
  const [b0, b1, v0, v1, cells] = await Promise.all([
    Booking.findOne(since, { submitted_at: 1 }).sort({ submitted_at: 1 }).lean(),
    Booking.findOne(since, { submitted_at: 1 }).sort({ submitted_at: -1 }).lean(),
    Visit.findOne({ ...since, on_booking: false }, { submitted_at: 1 }).sort({ submitted_at: 1 }).lean(),
    Visit.findOne({ ...since, on_booking: false }, { submitted_at: 1 }).sort({ submitted_at: -1 }).lean(),
    TimesheetTotal.find({}, { _id: 1 }).lean<{ _id: string; }[]>(),
  ]);
  const months = [b0, b1, v0, v1].flatMap((r) => (r?.submitted_at ? [monthOf(r.submitted_at)] : [])).concat(cells.map((c) => c._id.slice(2, 9)));
  if (!months.length) return [];
  months.sort();
  const last = opts.through && monthOf(opts.through) < months.at(-1)! ? monthOf(opts.through) : months.at(-1)!;
  const wrong: string[] = [];
  for (const month of monthsBetween(months[0], last)) wrong.push(...(await recountMonth(month, !opts.check)));
  // The kept timesheets pages (kept-lists.ts) are rebuilt from the corrected totals.
  if (wrong.length && !opts.check) await bumpWriteVersion('timesheet_totals');
  return wrong;
}

/** At start, in the background: the totals are built once (then kept on write), and the lists told. */
export async function ensureSheetTotals(): Promise<number | undefined> {
  if (await sheetTotalsReady()) return undefined;
  const corrected = await recountSheetTotals();
  await markMigrationDone(SHEET_TOTALS_MARKER);
  ready = true;
  return corrected.length;
}
