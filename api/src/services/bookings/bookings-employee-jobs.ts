// The employee side of bookings, finding work: the available list, atomic accept, decline, my bookings.
// Every state change is one conditional update, so two employees (or two tabs) can never both win.
import { homeHours } from '@shared/duration';
import mongoose from 'mongoose';
import { EMPLOYEE_TYPE_TO_CLEANING, type BookingStatus } from '@shared/constants';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import type { EmployeeBooking, OfficeQuery } from '@shared/schemas/employee';
import { pageInfo, skipOf, type AvailableQuery, type MyBookingsQuery, type PageInfo } from '@shared/schemas/paging';
import { recordAcceptWait, waitMinutes } from '../office/accept-wait';
import { planSummaries } from '../plans/plan-summaries';
import { stateView } from './state-view';
import { contactForCleaners } from './cleaner-view';
import { Booking, type BookingDoc } from '../../models/Booking';
import { User } from '../../models/User';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { londonDateAndTime, londonWallTime } from '@shared/when';

type Id = mongoose.Types.ObjectId;
/** Statuses of a booking an employee has taken on. */
export const WORKED: BookingStatus[] = ['accepted', 'completed'];
export const oid = (id: string): Id => new mongoose.Types.ObjectId(id);

export interface Customer {
  name?: string;
  email?: string;
  phone?: string | null;
  address?: string | null;
}

export interface WorkSubmission {
  id: string;
  booking_id: string;
  work_hours: number;
  completion_notes: string;
  submitted_at: string;
  customer_name: string;
  postcode: string;
  timesheet_status: 'submitted' | 'queried' | 'approved';
  office_query?: OfficeQuery;
}

/**
 * A booking as an employee sees it. Phone and address are the booking's
 * own (given with it); bookings made before it kept them fall back to the customer's profile.
 */
export function employeeBooking(b: BookingDoc, c: Customer | undefined): EmployeeBooking {
  const contact = contactForCleaners(Boolean(b.accepted_by), {
    email: c?.email ?? '',
    phone: b.phone || c?.phone || undefined,
    address: b.address || c?.address || undefined,
  });
  return {
    id: String(b._id),
    reference: b.reference ?? '',
    scheduledAt: b.scheduledAt ? b.scheduledAt.toISOString() : null,
    workOpensAt: workOpensAt(b)?.toISOString() ?? null,
    customer_name: c?.name ?? '',
    customer_email: contact.email ?? '',
    customer_phone: contact.phone,
    customer_address: contact.address,
    propertyType: b.propertyType,
    cleaningType: b.cleaningType,
    frequency: b.frequency,
    postcode: b.postcode,
    bedrooms: b.bedrooms,
    bathrooms: b.bathrooms,
    receptions: b.receptions,
    bestDays: b.bestDays,
    supplies: b.supplies,
    // The hours the price is made of (duration.ts): what the card shows and the pay is counted on.
    expected_hours: homeHours(b),
    // Approved hours show as the employee side's `verified`; the customer still sees `completed`.
    status: b.timesheet_status === 'approved' ? 'verified' : (b.status ?? 'pending'),
    created_at: b.created_at.toISOString(),
    accepted_at: b.accepted_at?.toISOString(),
    work_submitted: Boolean(b.work_submitted),
    submitted_work_hours: b.submitted_work_hours ?? undefined,
    completion_notes: b.completion_notes ?? undefined,
    submitted_at: b.submitted_at?.toISOString(),
    ...(b.work_submitted ? { timesheet_status: b.timesheet_status ?? 'submitted' } : {}),
    ...(b.timesheet_query ? { office_query: officeQuery(b.timesheet_query) } : {}),
  };
}

/**
 * Work can be submitted once the booked time has come; for a free-text time ("Mondays at 09:00"),
 * from the day the booking was accepted. Null while nobody has accepted it.
 */
export function workOpensAt(b: Pick<BookingDoc, 'scheduledAt' | 'accepted_at'>): Date | null {
  if (b.scheduledAt) return b.scheduledAt;
  if (!b.accepted_at) return null;
  const day = new Date(b.accepted_at);
  const { date } = londonDateAndTime(day) ?? { date: '' };
  const start = londonWallTime(date, '00:00');
  return start === null ? day : new Date(start);
}

/** A page of a list and its paging fields. */
export interface Page<T> {
  items: T[];
  info: PageInfo;
}
export type Paging = { page: number; limit: number; };

/** The office's question about a submission, as the cleaner sees it on that booking. */
export function officeQuery(q: NonNullable<BookingDoc['timesheet_query']>): OfficeQuery {
  return { message: q.message, at: q.at.toISOString(), answered_at: q.answered_at?.toISOString() };
}

/** One query for all the customers of a page of bookings (so its cost follows the page, not the list). */
export async function customersOf(bookings: BookingDoc[]): Promise<Map<string, Customer>> {
  const ids = [...new Set(bookings.map((b) => String(b.user)))];
  if (!ids.length) return new Map();
  const users = await User.find({ _id: { $in: ids } }, { name: 1, email: 1, phone: 1, address: 1 }).lean();
  return new Map(users.map((u) => [String(u._id), u]));
}

export async function withCustomers(bookings: BookingDoc[]): Promise<EmployeeBooking[]> {
  const customers = await customersOf(bookings);
  return bookings.map((b) => employeeBooking(b, customers.get(String(b.user))));
}

/** Pending, not accepted by anyone, and not declined by this employee. */
const availableFilter = (employeeId: string) => ({
  status: 'pending' as const,
  accepted_by: null,
  declined_by: { $ne: oid(employeeId) },
});

/** How many documents match the list's filter and `extra` (a condition on the booked time, or none). */
type Counter = (extra: Record<string, unknown>) => Promise<number>;

/**
 * Available bookings counted as all open ones less those this employee declined: each of the two is
 * decided by an index alone (`declined_by: {$ne}` is not: it would read every open booking).
 */
export function availableCounter(employeeId: string, cleaningType?: string): Counter {
  const open = { status: 'pending' as const, accepted_by: null, ...(cleaningType ? { cleaningType } : {}) };
  const declined = (extra: Record<string, unknown>) => Booking.countDocuments({ ...open, declined_by: oid(employeeId), ...extra }).exec();
  return async (extra) => {
    // The whole list: both at once. A part of it (the undated) is often empty: then one query, not two.
    const narrowed = Object.keys(extra).length > 0;
    const [all, off] = await Promise.all([Booking.countDocuments({ ...open, ...extra }).exec(), narrowed ? undefined : declined(extra)]);
    if (all === 0) return 0;
    // Two reads: a booking declined between them must not make the count negative.
    return Math.max(0, all - (off ?? (await declined(extra))));
  };
}

/** Soonest booked time first, so the next job leads; ties newest request first. */
const DATED_ORDER = { scheduledAt: 1, created_at: -1, _id: -1 } as const;
/** A free-text time ("Mondays at 09:00") names no date: those come after every dated booking. */
const UNDATED_ORDER = { created_at: -1, _id: -1 } as const;

/**
 * A page of bookings matching `filter` by booked time, nulls last, with their customers and the count
 * of all that match. The dated and the undated are two index-ordered runs read one after the other, so
 * the order is decided by the database and pages never overlap. `total` (all that match) comes from the
 * caller when it has it; the dated are the total less the undated (a few exact index keys).
 */
async function bookingPage(filter: Record<string, unknown>, paging: Paging, count: Counter, total?: Promise<number>): Promise<Page<EmployeeBooking>> {
  const dated = { ...filter, scheduledAt: { $ne: null } };
  const undated = { ...filter, scheduledAt: null };
  const [all, undatedCount] = await Promise.all([total ?? count({}), count({ scheduledAt: null })]);
  const datedCount = Math.max(0, all - undatedCount);
  const skip = skipOf(paging);
  const rows: BookingDoc[] = skip < datedCount ? await Booking.find(dated).sort(DATED_ORDER).skip(skip).limit(paging.limit).lean<BookingDoc[]>() : [];
  const left = paging.limit - rows.length;
  if (left > 0 && undatedCount > 0) {
    rows.push(...(await Booking.find(undated).sort(UNDATED_ORDER).skip(Math.max(0, skip - datedCount)).limit(left).lean<BookingDoc[]>()));
  }
  return { items: await withCustomers(rows), info: pageInfo(paging.page, paging.limit, datedCount + undatedCount) };
}

/** Available bookings of one type (regular ↔ Standard, deep ↔ Deep, move ↔ Move-out), a page at a time. */
export async function availableBookings(employeeId: string, query: Paging & { type: AvailableQuery['type']; }): Promise<Page<EmployeeBooking>> {
  const cleaningType = query.type === 'all' ? undefined : EMPLOYEE_TYPE_TO_CLEANING[query.type];
  const filter = cleaningType ? { ...availableFilter(employeeId), cleaningType } : availableFilter(employeeId);
  return bookingPage(filter, query, availableCounter(employeeId, cleaningType));
}

/** Says why a conditional update matched nothing: missing → 404, otherwise the caller's reason. */
export async function explainMiss(bookingId: string, reason: (b: BookingDoc) => HttpError): Promise<HttpError> {
  const b = (await Booking.findById(bookingId).lean()) as BookingDoc | null;
  return b ? reason(b) : notFound(API_MSG.bookingNotFound);
}

/** `createdAt`: when the booking was made, as the caller read it: its wait is then stored with the accept itself. */
export async function acceptBooking(
  employeeId: string,
  bookingId: string,
  now: Date,
  createdAt?: Date,
): Promise<{ booking: EmployeeBooking; doc: BookingDoc; }> {
  const me = oid(employeeId);
  const wait = createdAt ? { accept_wait_min: waitMinutes(createdAt, now) } : {};
  const updated = (await Booking.findOneAndUpdate(
    { _id: oid(bookingId), status: 'pending', accepted_by: null },
    { $set: { status: 'accepted', accepted_by: me, accepted_at: now, ...wait }, $pull: { declined_by: me } },
    { returnDocument: 'after' },
  ).lean()) as BookingDoc | null;
  if (!updated) {
    throw await explainMiss(bookingId, (b) => {
      if (String(b.accepted_by) === employeeId) return conflict(API_MSG.bookingAlreadyYours);
      // Free again by now: the office took it back from someone between the two reads.
      if (!b.accepted_by && (b.status ?? 'pending') === 'pending') return conflict(OFFICE_MSG.changedMeanwhile);
      return conflict(b.accepted_by ? API_MSG.bookingTaken : API_MSG.bookingNotAvailable);
    });
  }
  if (!createdAt) await recordAcceptWait(updated);
  return { booking: (await withCustomers([updated]))[0], doc: updated };
}

export async function declineBooking(employeeId: string, bookingId: string): Promise<void> {
  const res = await Booking.updateOne(
    { _id: oid(bookingId), status: 'pending', accepted_by: null },
    { $addToSet: { declined_by: oid(employeeId) } },
  );
  if (res.matchedCount === 0) throw await explainMiss(bookingId, () => conflict(API_MSG.bookingNotAvailable));
}

/** The count behind each my-bookings filter tab. */
export type MyBookingCounts = Record<MyBookingsQuery['status'], number>;

/** A page of the employee's accepted and completed bookings (or one of the two), with every tab's count. */
/** The cleaner's bookings, each with its state in staff's words (as the office board and the customer see it). */
export async function myBookings(
  employeeId: string,
  query: Paging & { status: MyBookingsQuery['status']; },
  now: Date,
): Promise<Page<EmployeeBooking> & { counts: MyBookingCounts; }> {
  const me = oid(employeeId);
  const filter = { accepted_by: me, status: query.status === 'all' ? { $in: WORKED } : query.status };
  // exec(): each count runs once, though awaited both here and for the list's total.
  const accepted = Booking.countDocuments({ accepted_by: me, status: 'accepted' }).exec();
  const completed = Booking.countDocuments({ accepted_by: me, status: 'completed' }).exec();
  // The list's total is one of the tab counts (or their sum): not counted a second time.
  const total = query.status === 'accepted' ? accepted : query.status === 'completed' ? completed : Promise.all([accepted, completed]).then(([a, c]) => a + c);
  const [page, acceptedN, completedN] = await Promise.all([
    bookingPage(filter, query, (extra) => Booking.countDocuments({ ...filter, ...extra }), total),
    accepted,
    completed,
  ]);
  const plans = await planSummaries(page.items.map((b) => b.id), now);
  const items = page.items.map((b) => {
    const { state, state_text } = stateView(b, plans.get(b.id), 'staff', now.getTime());
    return { ...b, state, state_text };
  });
  return { items, info: page.info, counts: { all: acceptedN + completedN, accepted: acceptedN, completed: completedN } };
}
