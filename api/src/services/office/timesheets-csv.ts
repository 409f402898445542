// The payroll export: one CSV row per work submission of the period, then each employee's totals.
// csv-stringify writes RFC 4180 (header row, CRLF, quotes doubled, fields with , " or line breaks
// quoted); rows are streamed from a database cursor, so a long period is never held whole.
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { Booking, type BookingDoc } from '../../models/Booking';
import { periodOf, timesheetFilter, timesheetStatusOf, timesheetTotals, type TimesheetFilter } from './timesheets';
// Plans and visits: each visit's submission is a line too (visit-timesheets.ts).
import { visitRowsCursor, withVisitTotals } from './visit-timesheets';
import type { VisitDoc } from '../../models/Visit';

export const CSV_COLUMNS = ['date', 'employee', 'email', 'booking_id', 'postcode', 'hours', 'status'] as const;
export const TOTAL_APPROVED = 'total approved';
export const TOTAL_AWAITING = 'total awaiting approval';

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a leading tab / carriage return) gets a
 * leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

export async function timesheetsCsv(f: TimesheetFilter, now = new Date()): Promise<{ stream: Readable; filename: string }> {
  const { from, to } = periodOf(f.from, f.to, now);
  const totals = await withVisitTotals(await timesheetTotals(f, now), f, now); // + visits' hours
  const people = new Map(totals.map((t) => [t.employee.id, t.employee]));
  const csv = stringify({ header: true, columns: [...CSV_COLUMNS], record_delimiter: 'windows', cast: { string: neutralise } });
  const cursor = Booking.find(timesheetFilter(f, now), { submitted_at: 1, accepted_by: 1, postcode: 1, submitted_work_hours: 1, timesheet_status: 1 })
    .sort({ submitted_at: 1, _id: 1 })
    .lean<BookingDoc[]>()
    // Small batches: each is decoded on the app's thread in one go, so other requests wait at most one
    // batch's worth (the engine's default would send the rest of a year in one).
    .cursor({ batchSize: 500 });
  // A client that hangs up closes the stream: stop reading the cursor there.
  const closed = once(csv, 'close');
  closed.catch(() => undefined);
  const write = async (row: Record<string, string | number>) => {
    if (csv.destroyed) throw new Error('export stream closed');
    if (!csv.write(row)) await Promise.race([once(csv, 'drain'), closed]);
  };
  (async () => {
    for await (const b of cursor as AsyncIterable<BookingDoc>) {
      const who = people.get(String(b.accepted_by));
      await write({ date: (b.submitted_at ?? b.updated_at).toISOString().slice(0, 10), employee: who?.name ?? '', email: who?.email ?? '', booking_id: String(b._id), postcode: b.postcode, hours: b.submitted_work_hours ?? 0, status: timesheetStatusOf(b) });
    }
    // --- plans and visits: one line per visit's submission (booking_id: the plan's booking) ---
    const postcodes = new Map<string, string>();
    for await (const v of visitRowsCursor(f, now) as AsyncIterable<VisitDoc>) {
      const who = people.get(String(v.employee));
      if (!postcodes.has(String(v.plan))) postcodes.set(String(v.plan), (await Booking.findById(v.plan, { postcode: 1 }).lean())?.postcode ?? '');
      await write({ date: (v.submitted_at ?? v.updated_at).toISOString().slice(0, 10), employee: who?.name ?? '', email: who?.email ?? '', booking_id: String(v.plan), postcode: postcodes.get(String(v.plan)) ?? '', hours: v.submitted_work_hours ?? 0, status: v.timesheet_status ?? 'submitted' });
    }
    // --- end plans and visits ---
    for (const t of totals) {
      const base = { date: '', employee: t.employee.name, email: t.employee.email, booking_id: '', postcode: '' };
      await write({ ...base, hours: t.approved_hours, status: TOTAL_APPROVED });
      if (t.hours !== t.approved_hours) await write({ ...base, hours: t.hours - t.approved_hours, status: TOTAL_AWAITING });
    }
    csv.end();
  })().catch((err: Error) => {
    void cursor.close();
    if (!csv.destroyed) csv.destroy(err);
  });
  return { stream: csv, filename: `timesheets-${from}-to-${to}.csv` };
}
