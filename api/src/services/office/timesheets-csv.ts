// The payroll export: one CSV row per work submission of the period; each employee's totals are a
// file of their own (`?part=totals`), so an import of the rows never meets a totals line.
// csv-stringify writes RFC 4180 (header row, CRLF, quotes doubled, fields with , " or line breaks
// quoted); rows are streamed from a database cursor, so a long period is never held whole.
import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatPostcode } from '@shared/postcode';
import { londonDate } from '@shared/visits';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { periodOf, timesheetFilter, timesheetStatusOf, timesheetTotals, type TimesheetFilter } from './timesheets';
// Plans and visits: each visit's submission is a line too (visit-timesheets.ts).
import { visitRowsCursor, withVisitTotals } from './visit-timesheets';
import type { VisitDoc } from '../../models/Visit';
// Late-change and lockout charges: the cleaner's share is a pay line too (charge-pay-lines.ts).
import { chargeLinesCursor, chargeShareTotals, payLineOf } from './charge-pay-lines';
import { employeesById } from './timesheets';

/**
 * The rows file: one line per work submission (a booking's or a visit's), then one per cleaner's share
 * of a late-change or lockout charge (status `late_change_share` / `lockout_share`, 0 hours, pay_pence
 * the share), so a spreadsheet import reads pay lines only. Pay is integer pence: the hours × the
 * cleaner's rate, rounded; empty when the office has not set a rate.
 */
export const CSV_COLUMNS = ['reference', 'clean_date', 'submitted_date', 'employee', 'email', 'postcode', 'hours', 'status', 'pay_rate_pence_per_hour', 'pay_pence', 'booking_id'] as const;
/** The totals file (`?part=totals`): one line per employee. */
export const TOTAL_COLUMNS = ['employee', 'email', 'submissions', 'hours', 'approved_hours', 'awaiting_hours', 'pay_rate_pence_per_hour', 'pay_pence', 'approved_pay_pence', 'charge_share_pence'] as const;

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a leading tab / carriage return) gets a
 * leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const payOf = (hours: number, rate: number | null | undefined): number | '' => (rate == null ? '' : Math.round(hours * rate));
const londonDay = (d: Date | null | undefined) => (d ? londonDate(d) : '');

export async function timesheetsCsv(f: TimesheetFilter & { part?: 'rows' | 'totals' }, now = new Date()): Promise<{ stream: Readable; filename: string }> {
  const { from, to } = periodOf(f.from, f.to, now);
  const totals = await withVisitTotals(await timesheetTotals(f, now), f, now); // + visits' hours
  const shares = await chargeShareTotals(f, now);
  // A cleaner whose only pay in the period is a charge share still has a totals line.
  const sharers = await employeesById([...shares.keys()].filter((id) => !totals.some((t) => t.employee.id === id)));
  for (const person of sharers.values()) totals.push({ employee: person, submissions: 0, hours: 0, approved_hours: 0 });
  totals.sort((a, b) => a.employee.name.localeCompare(b.employee.name) || a.employee.id.localeCompare(b.employee.id));
  const people = new Map(totals.map((t) => [t.employee.id, t.employee]));
  const rates = new Map((await Employee.find({ _id: { $in: [...people.keys()] } }, { pay_rate_pence: 1 }).lean()).map((e) => [String(e._id), e.pay_rate_pence ?? null]));
  const totalsPart = f.part === 'totals';
  const csv = stringify({ header: true, columns: [...(totalsPart ? TOTAL_COLUMNS : CSV_COLUMNS)], record_delimiter: 'windows', cast: { string: neutralise } });
  const filename = totalsPart ? `timesheets-totals-${from}-to-${to}.csv` : `timesheets-${from}-to-${to}.csv`;
  if (totalsPart) {
    for (const t of totals) {
      const rate = rates.get(t.employee.id);
      csv.write({ employee: t.employee.name, email: t.employee.email, submissions: t.submissions, hours: t.hours, approved_hours: t.approved_hours, awaiting_hours: t.hours - t.approved_hours, pay_rate_pence_per_hour: rate ?? '', pay_pence: payOf(t.hours, rate), approved_pay_pence: payOf(t.approved_hours, rate), charge_share_pence: shares.get(t.employee.id) ?? 0 });
    }
    csv.end();
    return { stream: csv, filename };
  }
  const cursor = Booking.find(timesheetFilter(f, now), { submitted_at: 1, accepted_by: 1, postcode: 1, submitted_work_hours: 1, timesheet_status: 1, reference: 1, scheduledAt: 1 })
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
  const line = (who: string, hours: number, rest: { reference: string; clean_date: string; submitted_date: string; postcode: string; status: string; booking_id: string }) => {
    const person = people.get(who);
    const rate = rates.get(who);
    return { ...rest, employee: person?.name ?? '', email: person?.email ?? '', postcode: formatPostcode(rest.postcode), hours, pay_rate_pence_per_hour: rate ?? '', pay_pence: payOf(hours, rate) };
  };
  (async () => {
    for await (const b of cursor as AsyncIterable<BookingDoc>) {
      const hours = b.submitted_work_hours ?? 0;
      await write(line(String(b.accepted_by), hours, { reference: b.reference ?? '', clean_date: londonDay(b.scheduledAt), submitted_date: londonDay(b.submitted_at ?? b.updated_at), postcode: b.postcode, status: timesheetStatusOf(b), booking_id: String(b._id) }));
    }
    // --- plans and visits: one line per visit's submission (booking_id: the plan's booking) ---
    const postcodes = new Map<string, string>();
    for await (const v of visitRowsCursor(f, now) as AsyncIterable<VisitDoc>) {
      if (!postcodes.has(String(v.plan))) postcodes.set(String(v.plan), (await Booking.findById(v.plan, { postcode: 1 }).lean())?.postcode ?? '');
      const hours = v.submitted_work_hours ?? 0;
      await write(line(String(v.employee), hours, { reference: v.reference ?? '', clean_date: v.day, submitted_date: londonDay(v.submitted_at ?? v.updated_at), postcode: postcodes.get(String(v.plan)) ?? '', status: v.timesheet_status ?? 'submitted', booking_id: String(v.plan) }));
    }
    // --- end plans and visits ---
    for await (const v of chargeLinesCursor(f, now) as AsyncIterable<VisitDoc>) {
      if (!postcodes.has(String(v.plan))) postcodes.set(String(v.plan), (await Booking.findById(v.plan, { postcode: 1 }).lean())?.postcode ?? '');
      const who = String(v.employee);
      await write({ ...line(who, 0, { reference: v.reference ?? '', clean_date: v.day, submitted_date: londonDay(v.late_charge_at), postcode: postcodes.get(String(v.plan)) ?? '', status: payLineOf(v), booking_id: String(v.plan) }), pay_rate_pence_per_hour: '', pay_pence: v.late_charge_cleaner_pence ?? 0 });
    }
    csv.end();
  })().catch((err: Error) => {
    void cursor.close();
    if (!csv.destroyed) csv.destroy(err);
  });
  return { stream: csv, filename };
}
