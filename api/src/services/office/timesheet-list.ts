// The office's timesheets list: one row per work submission, the bookings' and the visits' (README
// "Plans and visits"), merged newest first and paged, with the period's count and totals per cleaner
// from the running totals (timesheet-totals.ts), so a page costs its own rows whatever the period.
import type { Timesheet } from '@shared/schemas/timesheets';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Visit, type VisitDoc } from '../../models/Visit';
import { sheetTotalsReady } from './timesheet-totals';
import { bookingTimesheets, periodOf, periodTotals, timesheetFilter, type TimesheetFilter } from './timesheets';
import { visitTimesheetFilter, visitTimesheets } from './visit-timesheets';

interface Key {
  id: string;
  at: number;
  doc?: BookingDoc | VisitDoc;
}
const NEWEST_FIRST = { submitted_at: -1, _id: -1 } as const;
const newestFirst = (a: Key, b: Key) => b.at - a.at || (b.id < a.id ? -1 : b.id > a.id ? 1 : 0);
const keyOf = (doc: { _id: unknown; submitted_at?: Date | null }, full: boolean): Key => ({ id: String(doc._id), at: doc.submitted_at?.getTime() ?? 0, ...(full ? { doc: doc as BookingDoc } : {}) });

/**
 * Rows skip..skip+limit of both lists merged. Each list is read in its index's order up to that point:
 * the first page whole, a later one as ids and times only, its own rows then read by id.
 */
async function pageRows(bookingFilter: object, visitFilter: object, skip: number, limit: number): Promise<Timesheet[]> {
  const full = skip === 0;
  const fields = full ? {} : { submitted_at: 1 };
  const [bookings, visits] = await Promise.all([
    Booking.find(bookingFilter, fields).sort(NEWEST_FIRST).limit(skip + limit).lean<BookingDoc[]>(),
    Visit.find(visitFilter, fields).sort(NEWEST_FIRST).limit(skip + limit).lean<VisitDoc[]>(),
  ]);
  const visitIds = new Set(visits.map((v) => String(v._id)));
  const page = [...bookings.map((b) => keyOf(b, full)), ...visits.map((v) => keyOf(v, full))].sort(newestFirst).slice(skip, skip + limit);
  const isVisit = (k: Key) => visitIds.has(k.id);
  const read = async <T,>(keys: Key[], find: (ids: string[]) => Promise<T[]>): Promise<T[]> => (full ? keys.map((k) => k.doc as T) : keys.length ? find(keys.map((k) => k.id)) : []);
  const [bookingDocs, visitDocs] = await Promise.all([
    read(
      page.filter((k) => !isVisit(k)),
      (ids) => Booking.find({ _id: { $in: ids } }).lean<BookingDoc[]>(),
    ),
    read(
      page.filter(isVisit),
      (ids) => Visit.find({ _id: { $in: ids } }).lean<VisitDoc[]>(),
    ),
  ]);
  const [bookingRows, visitRows] = await Promise.all([bookingTimesheets(bookingDocs), visitTimesheets(visitDocs)]);
  const byId = new Map<string, Timesheet>([...bookingRows.map((t): [string, Timesheet] => [t.booking_id, t]), ...visitRows.map((t): [string, Timesheet] => [t.visit_id!, t])]);
  // A row changed between the two reads (reviewed, or removed by retention) is shown as it is now, or left out.
  return page.flatMap((k) => byId.get(k.id) ?? []);
}

export async function listTimesheets(f: TimesheetFilter & { page: number; limit: number }, now: Date) {
  const stored = await sheetTotalsReady();
  const totals = await periodTotals(f, now);
  const total = totals.reduce((n, t) => n + t.submissions, 0);
  const skip = (f.page - 1) * f.limit;
  const { from, to } = periodOf(f.from, f.to, now);
  const timesheets = skip >= total ? [] : await pageRows(timesheetFilter(f, now, stored), visitTimesheetFilter(f, now, stored), skip, f.limit);
  return { timesheets, total, totals, from, to };
}
