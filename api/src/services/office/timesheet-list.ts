// The office's timesheets list: one row per work submission, the bookings' and the visits' (README
// "Plans and visits"), merged newest first and paged, with the period's count and totals per cleaner
// from the running totals (timesheet-totals.ts). A page costs its own rows whatever the period: two
// reads along an index (one per list) beside the totals, then one read each of the names and postcodes.
import type { Timesheet } from '@shared/schemas/timesheets';
import { Booking, type BookingDoc } from '../../models/Booking';
import { User } from '../../models/User';
import { Plan } from '../../models/Plan';
import { isOverExpected, planHours } from '@shared/duration';
import { Visit, type VisitDoc } from '../../models/Visit';
import { sheetFieldsStored } from './timesheet-totals';
import { employeesById, namedTotals, periodOf, periodSums, someone, timesheetFilter, toTimesheet, type TimesheetFilter } from './timesheets';
import { VISIT_SHEET_FIELDS, toVisitTimesheet, visitTimesheetFilter } from './visit-timesheets';

/** What a booking's row shows (the list reads no more of it). */
const BOOKING_SHEET_FIELDS = {
  submitted_at: 1,
  accepted_by: 1,
  user: 1,
  postcode: 1,
  reference: 1,
  submitted_work_hours: 1,
  completion_notes: 1,
  timesheet_status: 1,
  timesheet_query: 1,
  approved_at: 1,
  updated_at: 1,
} as const;
const NEWEST_FIRST = { submitted_at: -1, _id: -1 } as const;

type Row = { visit: false; doc: BookingDoc; } | { visit: true; doc: VisitDoc; };
const newestFirst = (a: Row, b: Row) =>
  (b.doc.submitted_at?.getTime() ?? 0) - (a.doc.submitted_at?.getTime() ?? 0) || (String(b.doc._id) < String(a.doc._id) ? -1 : 1);

/**
 * Rows skip..skip+limit of both lists merged. Each list is read in its index's order up to that point:
 * the first page with the fields shown, a later one as times and ids, its own rows then read by id.
 */
async function pageRows(bookingFilter: object, visitFilter: object, skip: number, limit: number): Promise<Row[]> {
  const first = skip === 0;
  const [bookings, visits] = await Promise.all([
    Booking.find(bookingFilter, first ? BOOKING_SHEET_FIELDS : { submitted_at: 1 })
      .sort(NEWEST_FIRST)
      .limit(skip + limit)
      .lean<BookingDoc[]>(),
    Visit.find(visitFilter, first ? VISIT_SHEET_FIELDS : { submitted_at: 1 })
      .sort(NEWEST_FIRST)
      .limit(skip + limit)
      .lean<VisitDoc[]>(),
  ]);
  const page = [...bookings.map((doc): Row => ({ visit: false, doc })), ...visits.map((doc): Row => ({ visit: true, doc }))].sort(newestFirst).slice(
    skip,
    skip + limit,
  );
  if (first) return page;
  const ids = (visit: boolean) => page.filter((r) => r.visit === visit).map((r) => r.doc._id);
  const [b, v] = await Promise.all([
    Booking.find({ _id: { $in: ids(false) } }, BOOKING_SHEET_FIELDS).lean<BookingDoc[]>(),
    Visit.find({ _id: { $in: ids(true) } }, VISIT_SHEET_FIELDS).lean<VisitDoc[]>(),
  ]);
  const now = new Map<string, BookingDoc | VisitDoc>([...b, ...v].map((d) => [String(d._id), d]));
  // A row changed between the two reads is shown as it is now; one removed meanwhile is left out.
  return page.flatMap((r) => {
    const doc = now.get(String(r.doc._id));
    return doc ? [{ ...r, doc } as Row] : [];
  });
}

export async function listTimesheets(f: TimesheetFilter & { page: number; limit: number; }, now: Date) {
  const stored = await sheetFieldsStored();
  const skip = (f.page - 1) * f.limit;
  const rowsOf = () => pageRows(timesheetFilter(f, now, stored), visitTimesheetFilter(f, now, stored), skip, f.limit);
  // The first page is read beside the totals; a later one only when the period has that many rows.
  const [sums, first] = await Promise.all([periodSums(f, now), skip === 0 ? rowsOf() : undefined]);
  const total = sums.reduce((n, t) => n + t.submissions, 0);
  const rows = first ?? (skip < total ? await rowsOf() : []);
  const who = (r: Row) => String(r.visit ? r.doc.employee : r.doc.accepted_by);
  // Every row's plan (a booking's own id is its plan's): postcodes, and the expected hours beside the submitted.
  const plans = [...new Set(rows.map((r) => String(r.visit ? r.doc.plan : r.doc._id)))];
  const [people, users, postcodes, estimates] = await Promise.all([
    employeesById([...sums.map((t) => t.id), ...rows.map(who)]),
    rows.length ? User.find({ _id: { $in: [...new Set(rows.map((r) => String(r.doc.user)))] } }, { name: 1 }).lean() : [],
    plans.length ? Booking.find({ _id: { $in: plans } }, { postcode: 1, quote: 1, bedrooms: 1, bathrooms: 1 }).lean() : [],
    plans.length ? Plan.find({ _id: { $in: plans } }, { estimated_hours: 1 }).lean() : [],
  ]);
  const estimateOf = new Map(estimates.map((p) => [String(p._id), p.estimated_hours]));
  const expectedOf = new Map(
    postcodes.map((
      b,
    ) => [
      String(b._id),
      planHours({
        estimated_hours: estimateOf.get(String(b._id)),
        quote: b.quote as { hours?: number; } | undefined,
        bedrooms: b.bedrooms,
        bathrooms: b.bathrooms,
      }),
    ]),
  );
  const names = new Map(users.map((u) => [String(u._id), u.name]));
  const planPostcodes = new Map(postcodes.map((b) => [String(b._id), b.postcode]));
  const timesheets = rows.map((r): Timesheet => {
    const employee = people.get(who(r)) ?? someone(who(r));
    const customer = names.get(String(r.doc.user)) ?? '';
    const row = r.visit ? toVisitTimesheet(r.doc, employee, customer, planPostcodes.get(String(r.doc.plan)) ?? '') : toTimesheet(r.doc, employee, customer);
    const expected = expectedOf.get(String(r.visit ? r.doc.plan : r.doc._id));
    return expected === undefined ? row : { ...row, expected_hours: expected, over_expected: isOverExpected(row.work_hours, expected) };
  });
  const { from, to } = periodOf(f.from, f.to, now);
  return { timesheets, total, totals: namedTotals(sums, people), from, to };
}
