// Running totals of the timesheets: per UTC day, per ten days of a month (1–10, 11–20, 21–end) and per
// UTC month, per cleaner and review state, how many work submissions and how many hours. Every write that makes, corrects or reviews a submission
// adds its change here (`recordSheetChange`, one `$inc` per document), so the office's totals of a
// period read a few dozen small documents (a year: at most 33) instead of every submission. The ten-day
// and month documents only save reads: a day's document always exists beside them. `npm run office -- recount` rebuilds them
// from the submissions (services/office/timesheet-totals.ts).
import mongoose, { Schema } from 'mongoose';
import type { TimesheetStatus } from '@shared/schemas/timesheets';
import { bumpWriteVersion } from './write-version';

/**
 * `_id`: `d:YYYY-MM-DD`, `t:YYYY-MM-1` (to `-3`) or `m:YYYY-MM`. `e`: per cleaner (`x` + id, so no key looks like an array
 * index) `{ sn, sh, qn, qh, an, ah }`: submissions and hours submitted / queried / approved.
 * `v` counts the changes, so a recount replaces a document only if nothing changed it meanwhile.
 */
const totalSchema = new Schema({ _id: String, e: { type: Schema.Types.Mixed, default: {} }, v: { type: Number, default: 0 } }, {
  versionKey: false,
  minimize: false,
});

export const TimesheetTotal = mongoose.model('TimesheetTotal', totalSchema, 'timesheet_totals');

export type SheetCounts = Partial<Record<'sn' | 'sh' | 'qn' | 'qh' | 'an' | 'ah', number>>;
export interface TimesheetTotalDoc {
  _id: string;
  e: Record<string, SheetCounts>;
  v: number;
}

/** One timesheet row as the totals count it: whose, which UTC day, which review state, how long. */
export interface SheetRow {
  employee: string;
  at: Date;
  status: TimesheetStatus;
  hours: number;
}

export const STATUS_KEY: Record<TimesheetStatus, 's' | 'q' | 'a'> = { submitted: 's', queried: 'q', approved: 'a' };
export const dayCell = (at: Date) => `d:${at.toISOString().slice(0, 10)}`;
export const tenCell = (at: Date) => `t:${at.toISOString().slice(0, 7)}-${Math.min(3, Math.ceil(at.getUTCDate() / 10))}`;
export const monthCell = (at: Date) => `m:${at.toISOString().slice(0, 7)}`;
/** The documents a row at `at` counts in. */
export const cellsOf = (at: Date) => [dayCell(at), tenCell(at), monthCell(at)];

interface WorkRow {
  work_submitted?: boolean | null;
  submitted_at?: Date | null;
  timesheet_status?: string | null;
  submitted_work_hours?: number | null;
}

// A submission stored before the review existed has no state: it waits like `submitted`.
const rowOf = (w: WorkRow, employee: unknown): SheetRow | null =>
  w.work_submitted && w.submitted_at
    ? {
      employee: String(employee ?? null),
      at: w.submitted_at,
      status: (w.timesheet_status as TimesheetStatus | null) ?? 'submitted',
      hours: w.submitted_work_hours ?? 0,
    }
    : null;

/** A booking's timesheet row (its cleaner is `accepted_by`), or null when it holds no submission. */
export const bookingSheetRow = (b: WorkRow & { accepted_by?: unknown; }) => rowOf(b, b.accepted_by);
/** A visit's row, or null: none submitted, or the plan's first visit (its submission is the booking's row). */
export const visitSheetRow = (v: WorkRow & { employee?: unknown; on_booking?: boolean | null; }) => (v.on_booking ? null : rowOf(v, v.employee));

const same = (a: SheetRow, b: SheetRow) => a.employee === b.employee && a.at.getTime() === b.at.getTime() && a.status === b.status && a.hours === b.hours;

/** Adds one row's change (made, corrected, reviewed, removed) to its day's, ten days' and month's totals. */
export async function recordSheetChange(before: SheetRow | null, after: SheetRow | null): Promise<void> {
  if (before && after && same(before, after)) return;
  const incs = new Map<string, Record<string, number>>();
  const add = (r: SheetRow, sign: 1 | -1) => {
    const at = `e.x${r.employee}.${STATUS_KEY[r.status]}`;
    for (const cell of cellsOf(r.at)) {
      const inc = incs.get(cell) ?? {};
      inc[`${at}n`] = (inc[`${at}n`] ?? 0) + sign;
      inc[`${at}h`] = (inc[`${at}h`] ?? 0) + sign * r.hours;
      incs.set(cell, inc);
    }
  };
  if (before) add(before, -1);
  if (after) add(after, 1);
  let written = 0;
  await Promise.all(
    [...incs].map(async ([cell, inc]) => {
      const changes = Object.fromEntries(Object.entries(inc).filter(([, n]) => n !== 0));
      if (!Object.keys(changes).length) return;
      written++;
      const update = { $inc: { ...changes, v: 1 } };
      // Two first writes of one day at once: one creates the document, the other's upsert meets the
      // unique _id and is simply sent again (now an update).
      await TimesheetTotal.collection.updateOne({ _id: cell } as never, update, { upsert: true }).catch((err: { code?: number; }) => {
        if (err.code !== 11000) throw err;
        return TimesheetTotal.collection.updateOne({ _id: cell } as never, update);
      });
    }),
  );
  // Raw updates move no model hook: the office's kept timesheets page reads this version (only when a
  // total moved: a change that nets to nothing, or no row at all, is no write).
  if (written) await bumpWriteVersion('timesheet_totals');
}

/**
 * A row stored with its work already submitted (an import, a test's fixture) counts at once: `save` of
 * a new document and `insertMany` through the model. Every later change is recorded by the service
 * that makes it, with the state it changed from.
 */
export function countNewRows(schema: Schema, rowOf: (doc: never) => SheetRow | null): void {
  schema.pre('save', function() {
    this.$locals.newRow = this.isNew;
  });
  schema.post('save', async function(doc: mongoose.Document) {
    if (doc.$locals.newRow) await recordSheetChange(null, rowOf(doc as never));
  });
  // With `rawResult` the hook gets the driver's result, not the documents: those inserts (generated
  // visits) hold no submission.
  schema.post('insertMany', async function(docs: unknown) {
    if (Array.isArray(docs)) { for (const d of docs) await recordSheetChange(null, rowOf(d as never)); }
  });
}
