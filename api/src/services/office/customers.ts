// The office's customer records: search and page through customers, see one with their bookings and
// counts, and block or unblock an account (a block ends its sessions at once: every customer request
// loads the account and refuses a blocked one).
import mongoose from 'mongoose';
import { BOOKING_STATUSES } from '@shared/constants';
import { OFFICE_MSG } from '@shared/messages-office';
import type { AuditEntry, BoardBooking, CustomerDetail, CustomerSummary } from '@shared/schemas/office';
import { notFound } from '../../lib/errors';
import { Booking, type BookingDoc } from '../../models/Booking';
import { User, type UserDoc } from '../../models/User';
import { customerSearch } from './customer-search';
import { cappedTotal, type PageTotal } from './page-total';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { auditOf, recordAudit, type AuditActor } from './audit';
import { boardBooking } from './board-list';
import { planSummaries } from '../plans/plan-summaries';

/** The newest bookings shown on a customer's record; the board has them all, filtered by the customer. */
const DETAIL_BOOKINGS = 20;

function summary(u: UserDoc, bookings: number): CustomerSummary {
  return {
    id: String(u._id),
    name: u.name,
    email: u.email,
    phone: u.phone ?? undefined,
    blocked: Boolean(u.blocked),
    created_at: u.created_at.toISOString(),
    bookings,
  };
}

async function bookingCounts(ids: mongoose.Types.ObjectId[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  // One aggregate for the page (a count per customer costs a round trip each: 20 of them cost ~10x more).
  const rows = await Booking.aggregate<{ _id: mongoose.Types.ObjectId; n: number; }>([{ $match: { user: { $in: ids } } }, {
    $group: { _id: '$user', n: { $sum: 1 } },
  }]);
  return new Map(rows.map((r) => [String(r._id), r.n]));
}

/** What a customer row shows: not the password hash, nor the search words. */
const LIST_FIELDS = { passwordHash: 0, search_keys: 0 } as const;

export async function listCustomers(
  q: { page: number; limit: number; q?: string; blocked?: 'true' | 'false'; },
): Promise<{ customers: CustomerSummary[]; } & PageTotal> {
  const filter: Record<string, unknown> = {};
  if (q.q) {
    const search = await customerSearch(q.q);
    if (search.none) return { customers: [], total: 0 };
    Object.assign(filter, search.filter);
  }
  if (q.blocked === 'true') filter.blocked = true;
  if (q.blocked === 'false') filter.blocked = { $ne: true };
  // A search is counted up to a cap (page-total.ts). Not blocked, without search: every customer less
  // the blocked ones, two counts an index decides (`$ne: true` alone would read every customer).
  const count: Promise<PageTotal> = q.q
    ? cappedTotal(User as never, filter)
    : q.blocked === 'false'
    ? Promise.all([User.countDocuments({}), User.countDocuments({ blocked: true })]).then(([all, blocked]) => ({ total: all - blocked }))
    : User.countDocuments(filter).then((total) => ({ total }));
  const [rows, total] = await Promise.all([
    User.find(filter, LIST_FIELDS).sort({ created_at: -1, _id: -1 }).skip((q.page - 1) * q.limit).limit(q.limit).lean<UserDoc[]>(),
    count,
  ]);
  const counts = await bookingCounts(rows.map((r) => r._id));
  return { customers: rows.map((u) => summary(u, counts.get(String(u._id)) ?? 0)), ...total };
}

async function load(id: string): Promise<UserDoc> {
  const u = await User.findById(id, { passwordHash: 0 }).lean<UserDoc>();
  if (!u) throw notFound(OFFICE_MSG.customerNotFound);
  return u;
}

/** `now`: the server's clock (the bookings' waiting flag). */
export async function getCustomer(id: string, now: number): Promise<{ customer: CustomerDetail; bookings: BoardBooking[]; audit: AuditEntry[]; }> {
  const u = await load(id);
  const mine = { user: u._id };
  const [rows, byStatus, audit] = await Promise.all([
    Booking.find(mine).sort({ created_at: -1, _id: -1 }).limit(DETAIL_BOOKINGS).lean<BookingDoc[]>(),
    Promise.all(BOOKING_STATUSES.map(async (s) => [s, await Booking.countDocuments({ ...mine, status: s })] as const)),
    auditOf('customer', id),
  ]);
  const counts: Record<string, number> = Object.fromEntries(byStatus);
  const total = byStatus.reduce((n, [, c]) => n + c, 0);
  counts.total = total;
  const empIds = [...new Set(rows.filter((b) => b.accepted_by).map((b) => String(b.accepted_by)))];
  const [emps, plans] = await Promise.all([
    empIds.length ? Employee.find({ _id: { $in: empIds } }, { name: 1, email: 1 }).lean<EmployeeDoc[]>() : [],
    planSummaries(rows.map((b) => b._id), new Date(now)),
  ]);
  const people = { customers: new Map([[String(u._id), u]]), employees: new Map(emps.map((e) => [String(e._id), e])) };
  return {
    customer: { ...summary(u, total), address: u.address ?? undefined, google: Boolean(u.googleId), counts },
    bookings: rows.map((b) => boardBooking(b, people, now, plans.get(String(b._id)))),
    audit,
  };
}

export async function setBlocked(actor: AuditActor, id: string, blocked: boolean): Promise<CustomerSummary> {
  const before = await load(id);
  // A block also moves the token version on: every session of the account ends at once (401).
  const update = blocked && !before.blocked ? { $set: { blocked }, $inc: { tokenVersion: 1 } } : { $set: { blocked } };
  const updated = await User.findOneAndUpdate({ _id: before._id }, update, { returnDocument: 'after', projection: { passwordHash: 0 } }).lean<UserDoc>();
  if (!updated) throw notFound(OFFICE_MSG.customerNotFound);
  if (Boolean(before.blocked) !== blocked) {
    await recordAudit({
      actor,
      action: blocked ? 'customer.block' : 'customer.unblock',
      target: { type: 'customer', id, label: updated.name },
      before: { blocked: Boolean(before.blocked) },
      after: { blocked },
    });
  }
  return summary(updated, await Booking.countDocuments({ user: updated._id }));
}
