// The office's bookings board, read side: every booking, filtered and paged on the server, and one
// booking's detail with its history. The office's moves on a booking live in board-actions.ts.
import { agreementView } from '../../models/booking-agreement-view';
import mongoose from 'mongoose';
import { cleanPostcode } from '@shared/postcode';
import { API_MSG } from '@shared/messages-api';
import {
  BOARD_WAITING_MS,
  type AuditEntry,
  type BoardDate,
  type BoardBooking,
  type BoardBookingDetail,
  type BoardQuery,
  type HistoryEvent,
} from '@shared/schemas/office';
import { notFound } from '../../lib/errors';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { User, type UserDoc } from '../../models/User';
import { auditOf } from './audit';
import { customerSearch } from './customer-search';
import { cappedTotal, type PageTotal } from './page-total';
import { stateView, type PlanSummary } from '../bookings/state-view';
import { planSummaries } from '../plans/plan-summaries';

type Id = mongoose.Types.ObjectId;
const oid = (id: string): Id => new mongoose.Types.ObjectId(id);
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** At most this many matching customers widen a text search (the page itself stays bounded). */
const SEARCH_CUSTOMERS_MAX = 500;

type People = { customers: Map<string, UserDoc>; employees: Map<string, EmployeeDoc>; };

async function peopleOf(rows: BookingDoc[]): Promise<People> {
  const userIds = [...new Set(rows.map((b) => String(b.user)))];
  const empIds = [...new Set(rows.filter((b) => b.accepted_by).map((b) => String(b.accepted_by)))];
  const [users, emps] = await Promise.all([
    userIds.length ? User.find({ _id: { $in: userIds } }, { name: 1, email: 1, phone: 1, blocked: 1 }).lean<UserDoc[]>() : [],
    empIds.length ? Employee.find({ _id: { $in: empIds } }, { name: 1, email: 1 }).lean<EmployeeDoc[]>() : [],
  ]);
  return { customers: new Map(users.map((u) => [String(u._id), u])), employees: new Map(emps.map((e) => [String(e._id), e])) };
}

export const referenceOf = (b: BookingDoc): string | undefined => (b as { reference?: string; }).reference ?? undefined;

export function boardBooking(b: BookingDoc, p: People, now: number, plan: PlanSummary | undefined): BoardBooking {
  const c = p.customers.get(String(b.user));
  const e = b.accepted_by ? p.employees.get(String(b.accepted_by)) : undefined;
  return {
    id: String(b._id),
    reference: referenceOf(b),
    status: b.status ?? 'pending',
    created_at: b.created_at.toISOString(),
    postcode: b.postcode,
    address: b.address ?? undefined,
    propertyType: b.propertyType,
    cleaningType: b.cleaningType,
    frequency: b.frequency,
    bestDays: b.bestDays,
    scheduledAt: b.scheduledAt?.toISOString(),
    customer: { id: String(b.user), name: c?.name ?? '', email: c?.email ?? '', phone: c?.phone ?? undefined, blocked: Boolean(c?.blocked) },
    employee: e ? { id: String(e._id), name: e.name, email: e.email } : undefined,
    accepted_at: b.accepted_at?.toISOString(),
    work_submitted: Boolean(b.work_submitted),
    submitted_work_hours: b.submitted_work_hours ?? undefined,
    submitted_at: b.submitted_at?.toISOString(),
    cancelled_at: b.cancelled_at?.toISOString(),
    waiting: (b.status ?? 'pending') === 'pending' && !b.accepted_by && now - b.created_at.getTime() > BOARD_WAITING_MS,
    cancel_reason: b.cancel_reason ?? undefined,
    plan_ended_at: b.plan_ended_at?.toISOString(),
    ...stateView(b, plan, 'staff', now),
  };
}

/** A date-only "to" means the whole of that day. */
function endOf(to: string): Date {
  const d = new Date(to);
  return /^\d{4}-\d{2}-\d{2}$/.test(to) ? new Date(d.getTime() + 24 * 60 * 60 * 1000 - 1) : d;
}

/** The date field each board date reads (one single-field index each, so a range is read in order). */
export const BOARD_DATE_FIELD: Record<BoardDate, 'created_at' | 'accepted_at' | 'submitted_at' | 'cancelled_at' | 'plan_ended_at'> = {
  created: 'created_at',
  accepted: 'accepted_at',
  completed: 'submitted_at',
  cancelled: 'cancelled_at',
  ended: 'plan_ended_at',
};
/** Cancelled: by the office (a request declined or a plan it stopped), by the customer within 14 days, or withdrawn. */
const CANCELLED_STATUSES = ['rejected', 'cancelled', 'withdrawn'];

/**
 * The bookings with a board date in a range (or, with no range, that have the date at all). The
 * company's figures count with this very filter, so a figure and the list behind it cannot disagree.
 */
export function datedFilter(on: BoardDate, range: Record<string, Date> | null): Record<string, unknown> {
  const field = BOARD_DATE_FIELD[on];
  const when = range ?? (on === 'created' ? null : { $ne: null });
  return {
    ...(when ? { [field]: when } : {}),
    ...(on === 'completed' ? { work_submitted: true } : {}),
    ...(on === 'cancelled' ? { status: { $in: CANCELLED_STATUSES } } : {}),
  };
}

/**
 * The board's search, by what the text looks like: a booking id; the start of a postcode ("EC1A",
 * "SW1A 1"); else words of the customer's name or e-mail (the customer search). Each is one range of an
 * index, where one `$or` of the three read every booking.
 */
async function searchFilter(text: string): Promise<Record<string, unknown>> {
  if (/^[a-f0-9]{24}$/i.test(text)) return { _id: oid(text) };
  const compact = cleanPostcode(text);
  if (/^[A-Z]{1,2}\d/.test(compact) && compact.length === text.replace(/\s+/g, '').length) return { postcode: new RegExp(`^${escapeRegex(compact)}`) };
  const search = await customerSearch(text);
  const users = search.none ? [] : await User.find(search.filter, { _id: 1 }).limit(SEARCH_CUSTOMERS_MAX).lean();
  return { user: { $in: users.map((u) => u._id) } };
}

async function boardFilter(q: BoardQuery, now: number): Promise<Record<string, unknown>> {
  const filter: Record<string, unknown> = {};
  const and: Record<string, unknown>[] = [];
  if (q.status === 'waiting') Object.assign(filter, { status: 'pending', accepted_by: null, created_at: { $lt: new Date(now - BOARD_WAITING_MS) } });
  else if (q.status) filter.status = q.status;
  const range: Record<string, Date> = {};
  if (q.from) range.$gte = new Date(q.from);
  if (q.to) range.$lte = endOf(q.to);
  // A condition on a field the status filter already holds is added beside it, never over it; the same
  // condition the status filter already decides (a cancelled status among the cancelled ones) once only,
  // so the index still decides it.
  for (const [k, v] of Object.entries(datedFilter(q.on, q.from || q.to ? range : null))) {
    if (!(k in filter)) filter[k] = v;
    else if (k === 'status' && typeof filter.status === 'string' && q.on === 'cancelled') {
      if (!CANCELLED_STATUSES.includes(filter.status)) and.push({ [k]: v });
    } else if (filter[k] !== v) and.push({ [k]: v });
  }
  if (and.length) filter.$and = and;
  if (q.employee) filter.accepted_by = oid(q.employee);
  if (q.q) Object.assign(filter, await searchFilter(q.q));
  return filter;
}

/**
 * Exact when the filter is only a status and/or a cleaner (a few keys of an index count it); a date
 * range or a search is counted up to the cap (page-total.ts), so a year of bookings is not counted key by key.
 */
function boardTotal(q: BoardQuery, filter: Record<string, unknown>): Promise<PageTotal> {
  const broad = q.q || q.from || q.to || q.on !== 'created' || q.status === 'waiting';
  return broad ? cappedTotal(Booking as never, filter) : Booking.countDocuments(filter).then((total) => ({ total }));
}

export async function listBoard(q: BoardQuery, now: number): Promise<{ bookings: BoardBooking[]; } & PageTotal> {
  const filter = await boardFilter(q, now);
  const dir = q.sort === 'oldest' ? 1 : -1;
  const [rows, total] = await Promise.all([
    Booking.find(filter).sort({ [BOARD_DATE_FIELD[q.on]]: dir, _id: dir }).skip((q.page - 1) * q.limit).limit(q.limit).lean<BookingDoc[]>(),
    boardTotal(q, filter),
  ]);
  const [people, plans] = await Promise.all([peopleOf(rows), planSummaries(rows.map((b) => b._id), new Date(now))]);
  return { bookings: rows.map((b) => boardBooking(b, people, now, plans.get(String(b._id)))), ...total };
}

/** What happened to a booking, oldest first: its own dates plus every office action on it. */
function historyOf(b: BookingDoc, detail: BoardBooking, audit: AuditEntry[]): HistoryEvent[] {
  const events: HistoryEvent[] = [{ at: b.created_at.toISOString(), what: 'Requested by the customer', by: detail.customer.name || undefined }];
  // An office assignment is told by its audit entry; only a cleaner's own accept needs its own line.
  const officeAssigned = audit.some((a) =>
    a.action === 'booking.assign' && a.after?.accepted_by === (b.accepted_by ? String(b.accepted_by) : null) && a.after?.accepted_by !== null
  );
  if (b.accepted_at && !officeAssigned) events.push({ at: b.accepted_at.toISOString(), what: 'Accepted', by: detail.employee?.name });
  if (b.submitted_at) events.push({ at: b.submitted_at.toISOString(), what: `Work submitted (${b.submitted_work_hours ?? 0} h)`, by: detail.employee?.name });
  for (const a of audit) events.push({ at: a.at, what: describe(a), by: a.actor.name });
  return events.sort((x, y) => x.at.localeCompare(y.at));
}

function describe(a: AuditEntry): string {
  const after = a.after ?? {};
  switch (a.action) {
    case 'booking.assign':
      return `Assigned to ${String(after.employee_name ?? '')} by the office${after.self_assigned ? ` (${String(a.note ?? '')})` : ''}`;
    case 'booking.unassign':
      return 'Returned to the available list by the office';
    case 'booking.release':
      return `Returned to the available list (${String(a.note ?? 'cleaner deactivated')})`;
    case 'booking.cancel':
      return `Cancelled by the office: ${String(after.cancel_reason ?? '')}`;
    case 'timesheet.approved':
      return `Hours approved by the office (${String(after.hours ?? 0)} h)`;
    case 'timesheet.queried':
      return `Hours queried by the office: ${String(a.note ?? '')}`;
    default:
      return a.action;
  }
}

export async function loadBooking(id: string): Promise<BookingDoc> {
  const b = await Booking.findById(id).lean<BookingDoc>();
  if (!b) throw notFound(API_MSG.bookingNotFound);
  return b;
}

/** `now`: the server's clock (the waiting flag). */
export async function getBoardBooking(id: string, now: number): Promise<BoardBookingDetail> {
  const b = await loadBooking(id);
  // The timesheet review of a booking's work is logged against the same id: it is this booking's history too.
  const [people, moves, reviews, plans] = await Promise.all([
    peopleOf([b]),
    auditOf('booking', id),
    auditOf('timesheet', id),
    planSummaries([b._id], new Date(now)),
  ]);
  const audit = [...moves, ...reviews].sort((x, y) => y.at.localeCompare(x.at) || y.id.localeCompare(x.id));
  const base = boardBooking(b, people, now, plans.get(String(b._id)));
  return {
    ...base,
    bedrooms: b.bedrooms,
    bathrooms: b.bathrooms,
    receptions: b.receptions,
    supplies: b.supplies,
    hasCleaner: b.hasCleaner,
    hiringLikelihood: b.hiringLikelihood,
    completion_notes: b.completion_notes ?? undefined,
    submitted_at: b.submitted_at?.toISOString(),
    history: historyOf(b, base, audit),
    audit,
    ...agreementView(b),
  };
}
