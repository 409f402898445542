// The payroll export: one CSV row per work submission of the period; each employee's totals are a
// file of their own (`?part=totals`), so an import of the rows never meets a totals line.
// csv-stringify writes RFC 4180 (header row, CRLF, quotes doubled, fields with , " or line breaks
// quoted); rows are read a page at a time and written as they come, so a long period is never held
// whole and other requests are answered between pages.
import { once } from 'node:events';
import { setImmediate } from 'node:timers/promises';
import mongoose from 'mongoose';
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { formatPostcode } from '@shared/postcode';
import { londonDate } from '@shared/visits';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { periodOf, periodTotals, timesheetFilter, timesheetStatusOf, type TimesheetFilter } from './timesheets';
import { sheetFieldsStored } from './timesheet-totals';
// Plans and visits: each visit's submission is a line too (visit-timesheets.ts).
import { VISIT_ROW_FIELDS, visitTimesheetFilter } from './visit-timesheets';
import { Visit, type VisitDoc } from '../../models/Visit';
// Late-change and lockout charges: the cleaner's share is a pay line too (charge-pay-lines.ts).
import { chargeLinesCursor, chargeShareTotals, payLineOf } from './charge-pay-lines';
import { employeesById } from './timesheets';

/**
 * The rows file: one line per work submission (a booking's or a visit's), then one per cleaner's share
 * of a late-change or lockout charge (status `late_change_share` / `lockout_share`, 0 hours, pay_pence
 * the share), so a spreadsheet import reads pay lines only. Pay is integer pence: the hours × the
 * cleaner's rate, rounded; empty when the office has not set a rate.
 */
export const CSV_COLUMNS = [
  'reference',
  'clean_date',
  'submitted_date',
  'employee',
  'email',
  'postcode',
  'hours',
  'status',
  'pay_rate_pence_per_hour',
  'pay_pence',
  'booking_id',
] as const;
/** The totals file (`?part=totals`): one line per employee. */
export const TOTAL_COLUMNS = [
  'employee',
  'email',
  'submissions',
  'hours',
  'approved_hours',
  'awaiting_hours',
  'pay_rate_pence_per_hour',
  'pay_pence',
  'approved_pay_pence',
  'charge_share_pence',
] as const;

/**
 * A text cell a spreadsheet would run as a formula (= + - @, or a leading tab / carriage return) gets a
 * leading apostrophe, so it is shown as text (OWASP "CSV injection").
 */
export function neutralise(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

const payOf = (hours: number, rate: number | null | undefined): number | '' => (rate == null ? '' : Math.round(hours * rate));
// London's offset from UTC changes only on the hour: one date per UTC hour, worked out once (a year's
// export asks for it 300 000 times).
const londonDays = new Map<number, string>();
const londonDay = (d: Date | null | undefined) => {
  if (!d) return '';
  const hour = Math.floor(d.getTime() / 3_600_000);
  let day = londonDays.get(hour);
  if (day === undefined) {
    if (londonDays.size > 100_000) londonDays.clear();
    londonDays.set(hour, day = londonDate(d));
  }
  return day;
};

type Row = { _id: unknown; submitted_at?: Date | null; };
/** Rows per read: each is decoded on the app's thread in one go, so other requests wait at most one page. */
const PAGE = 200;
const OLDEST_FIRST = { submitted_at: 1, _id: 1 } as const;

/**
 * A filter's rows oldest first, a page at a time: each page starts at the time of the last row read,
 * past the rows of that time already read (ties are ordered by id). Every read is a range along the
 * index that stops at its page, one query per page, and other requests are served between pages.
 */
async function* pagesOf<T extends Row>(filter: Record<string, unknown>, find: (q: Record<string, unknown>, skip: number) => Promise<T[]>): AsyncGenerator<T[]> {
  const end = (filter.submitted_at as { $lt: Date; }).$lt;
  let q = filter;
  let seen = 0;
  for (let at: number | undefined;;) {
    const rows = await find(q, seen);
    if (rows.length) yield rows;
    if (rows.length < PAGE) return;
    const last = rows.at(-1)!.submitted_at!;
    if (last.getTime() !== at) seen = 0;
    at = last.getTime();
    seen += rows.filter((r) => r.submitted_at!.getTime() === at).length;
    q = { ...filter, submitted_at: { $gte: last, $lt: end } };
    await setImmediate();
  }
}

/** Names, e-mails and pay rates of the cleaners a page names, each read once per export. */
function cleaners() {
  const known = new Map<string, { name: string; email: string; rate: number | null; }>();
  return async (ids: string[]) => {
    const missing = [...new Set(ids)].filter((id) => !known.has(id) && mongoose.isValidObjectId(id));
    if (missing.length) {
      for (const e of await Employee.find({ _id: { $in: missing } }, { name: 1, email: 1, pay_rate_pence: 1 }).lean()) {
        known.set(String(e._id), { name: e.name, email: e.email, rate: e.pay_rate_pence ?? null });
      }
    }
    return known;
  };
}

export async function timesheetsCsv(f: TimesheetFilter & { part?: 'rows' | 'totals'; }, now: Date): Promise<{ stream: Readable; filename: string; }> {
  const { from, to } = periodOf(f.from, f.to, now);
  const totalsPart = f.part === 'totals';
  const csv = stringify({ header: true, columns: [...(totalsPart ? TOTAL_COLUMNS : CSV_COLUMNS)], record_delimiter: 'windows', cast: { string: neutralise } });
  const filename = totalsPart ? `timesheets-totals-${from}-to-${to}.csv` : `timesheets-${from}-to-${to}.csv`;
  const people = cleaners();
  if (totalsPart) {
    const totals = await periodTotals(f, now); // bookings' and visits' rows alike
    const shares = await chargeShareTotals(f, now);
    // A cleaner whose only pay in the period is a charge share still has a totals line.
    const sharers = await employeesById([...shares.keys()].filter((id) => !totals.some((t) => t.employee.id === id)));
    for (const person of sharers.values()) totals.push({ employee: person, submissions: 0, hours: 0, approved_hours: 0 });
    totals.sort((a, b) => a.employee.name.localeCompare(b.employee.name) || a.employee.id.localeCompare(b.employee.id));
    const rates = await people(totals.map((t) => t.employee.id));
    for (const t of totals) {
      const rate = rates.get(t.employee.id)?.rate;
      csv.write({
        employee: t.employee.name,
        email: t.employee.email,
        submissions: t.submissions,
        hours: t.hours,
        approved_hours: t.approved_hours,
        awaiting_hours: t.hours - t.approved_hours,
        pay_rate_pence_per_hour: rate ?? '',
        pay_pence: payOf(t.hours, rate),
        approved_pay_pence: payOf(t.approved_hours, rate),
        charge_share_pence: shares.get(t.employee.id) ?? 0,
      });
    }
    csv.end();
    return { stream: csv, filename };
  }
  const stored = await sheetFieldsStored();
  // A client that hangs up closes the stream: stop reading there.
  const closed = once(csv, 'close');
  closed.catch(() => undefined);
  const write = async (row: Record<string, string | number>) => {
    if (csv.destroyed) throw new Error('export stream closed');
    if (!csv.write(row)) await Promise.race([once(csv, 'drain'), closed]);
  };
  const line = (
    person: { name: string; email: string; rate: number | null; } | undefined,
    hours: number,
    rest: { reference: string; clean_date: string; submitted_date: string; postcode: string; status: string; booking_id: string; },
  ) => {
    const rate = person?.rate;
    return {
      ...rest,
      employee: person?.name ?? '',
      email: person?.email ?? '',
      postcode: formatPostcode(rest.postcode),
      hours,
      pay_rate_pence_per_hour: rate ?? '',
      pay_pence: payOf(hours, rate),
    };
  };
  (async () => {
    const bookings = timesheetFilter(f, now, stored);
    const bookingFields = { submitted_at: 1, accepted_by: 1, postcode: 1, submitted_work_hours: 1, timesheet_status: 1, reference: 1, scheduledAt: 1 };
    for await (const page of pagesOf(bookings, (q, skip) => Booking.find(q, bookingFields).sort(OLDEST_FIRST).skip(skip).limit(PAGE).lean<BookingDoc[]>())) {
      const known = await people(page.map((b) => String(b.accepted_by)));
      for (const b of page) {
        const hours = b.submitted_work_hours ?? 0;
        await write(
          line(known.get(String(b.accepted_by)), hours, {
            reference: b.reference ?? '',
            clean_date: londonDay(b.scheduledAt),
            submitted_date: londonDay(b.submitted_at ?? b.updated_at),
            postcode: b.postcode,
            status: timesheetStatusOf(b),
            booking_id: String(b._id),
          }),
        );
      }
    }
    // --- plans and visits: one line per visit's submission (booking_id: the plan's booking) ---
    const postcodes = new Map<string, string>();
    for await (
      const page of pagesOf(
        visitTimesheetFilter(f, now, stored),
        (q, skip) => Visit.find(q, VISIT_ROW_FIELDS).sort(OLDEST_FIRST).skip(skip).limit(PAGE).lean<VisitDoc[]>(),
      )
    ) {
      const [known, plans] = await Promise.all([
        people(page.map((v) => String(v.employee))),
        Booking.find({ _id: { $in: [...new Set(page.map((v) => String(v.plan)))].filter((id) => !postcodes.has(id)) } }, { postcode: 1 }).lean(),
      ]);
      for (const p of plans) postcodes.set(String(p._id), p.postcode);
      for (const v of page) {
        const hours = v.submitted_work_hours ?? 0;
        await write(
          line(known.get(String(v.employee)), hours, {
            reference: v.reference ?? '',
            clean_date: v.day,
            submitted_date: londonDay(v.submitted_at ?? v.updated_at),
            postcode: postcodes.get(String(v.plan)) ?? '',
            status: v.timesheet_status ?? 'submitted',
            booking_id: String(v.plan),
          }),
        );
      }
    }
    // --- end plans and visits ---
    for await (const v of chargeLinesCursor(f, now) as AsyncIterable<VisitDoc>) {
      if (!postcodes.has(String(v.plan))) postcodes.set(String(v.plan), (await Booking.findById(v.plan, { postcode: 1 }).lean())?.postcode ?? '');
      const who = (await people([String(v.employee)])).get(String(v.employee));
      await write({
        ...line(who, 0, {
          reference: v.reference ?? '',
          clean_date: v.day,
          submitted_date: londonDay(v.late_charge_at),
          postcode: postcodes.get(String(v.plan)) ?? '',
          status: payLineOf(v),
          booking_id: String(v.plan),
        }),
        pay_rate_pence_per_hour: '',
        pay_pence: v.late_charge_cleaner_pence ?? 0,
      });
    }
    csv.end();
  })().catch((err: Error) => {
    if (!csv.destroyed) csv.destroy(err);
  });
  return { stream: csv, filename };
}
