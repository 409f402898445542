// The office's moves on a booking (assign, unassign, cancel, release a deactivated cleaner's work). Each
// move is one conditional update on the state the office saw, the same kind of update a cleaner's accept
// is, so when both happen at once exactly one wins. Each returns what it changed; the service that
// called it (plans/board-moves.ts) changes the plan and tells the people it affects (plans/changes.ts).
import mongoose from 'mongoose';
import { OFFICE_MSG } from '@shared/messages-office';
import type { BoardBookingDetail } from '@shared/schemas/office';
import type { Deps } from '../../deps';
import { conflict } from '../../lib/errors';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { recordAcceptWait } from './accept-wait';
import { recordAudit, type AuditActor } from './audit';
import { getBoardBooking, loadBooking, referenceOf } from './board-list';

type MailDeps = Pick<Deps, 'clock'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

const label = (b: BookingDoc) => referenceOf(b) ?? String(b._id);
const state = (b: BookingDoc) => ({ status: b.status ?? 'pending', accepted_by: b.accepted_by ? String(b.accepted_by) : null });

export interface Assigned {
  /** `self_assigned`: the office member gave the booking to themselves (also flagged in the audit entry). */
  booking: BoardBookingDetail & { self_assigned?: true; };
  updated: BookingDoc;
  employee: EmployeeDoc;
  self: boolean;
}

export async function assignBooking(deps: MailDeps, actor: AuditActor, id: string, employeeId: string): Promise<Assigned> {
  const employee = await Employee.findOne({ _id: oid(employeeId), is_active: true }, { name: 1, email: 1 }).lean<EmployeeDoc>();
  if (!employee) throw conflict(OFFICE_MSG.employeeNotAssignable);
  const before = await loadBooking(id);
  const self = String(employee._id) === actor.id;
  const now = deps.clock.now();
  // The very condition a cleaner's accept uses: whichever update lands first wins, the other matches nothing.
  const updated = await Booking.findOneAndUpdate(
    { _id: before._id, status: 'pending', accepted_by: null },
    { $set: { status: 'accepted', accepted_by: employee._id, accepted_at: now }, $pull: { declined_by: employee._id } },
    { returnDocument: 'after' },
  ).lean<BookingDoc>();
  if (!updated) {
    const current = await loadBooking(id);
    throw conflict(current.accepted_by ? OFFICE_MSG.assignTaken : OFFICE_MSG.assignNotPending);
  }
  await recordAcceptWait(updated);
  await recordAudit({
    actor,
    action: 'booking.assign',
    target: { type: 'booking', id, label: label(updated) },
    before: state(before),
    after: { ...state(updated), employee_name: employee.name, ...(self ? { self_assigned: true } : {}) },
    note: self ? OFFICE_MSG.selfAssignedNote : undefined,
  });
  const detail = await getBoardBooking(id, deps.clock.now().getTime());
  return { booking: self ? { ...detail, self_assigned: true } : detail, updated, employee, self };
}

/** The cleaner a booking is accepted by now (null when none, or no such booking). */
export async function cleanerOf(id: string): Promise<string | null> {
  const b = await Booking.findById(oid(id), { accepted_by: 1 }).lean<Pick<BookingDoc, 'accepted_by'>>();
  return b?.accepted_by ? String(b.accepted_by) : null;
}

/** Back to the available list (the customer and the cleaner told by board-moves.ts). */
export async function unassignBooking(deps: MailDeps, actor: AuditActor, id: string): Promise<{ booking: BoardBookingDetail; updated: BookingDoc; }> {
  const before = await loadBooking(id);
  if (before.status !== 'accepted' || before.work_submitted || !before.accepted_by) throw conflict(OFFICE_MSG.unassignNotAccepted);
  const updated = await Booking.findOneAndUpdate(
    { _id: before._id, status: 'accepted', accepted_by: before.accepted_by, work_submitted: { $ne: true } },
    { $set: { status: 'pending', released_from: before.accepted_by }, $unset: { accepted_by: 1, accepted_at: 1, accept_wait_min: 1 } },
    { returnDocument: 'after' },
  ).lean<BookingDoc>();
  if (!updated) throw conflict(OFFICE_MSG.changedMeanwhile);
  await recordAudit({
    actor,
    action: 'booking.unassign',
    target: { type: 'booking', id, label: label(updated) },
    before: state(before),
    after: state(updated),
  });
  return { booking: await getBoardBooking(id, deps.clock.now().getTime()), updated };
}

/** `seen`: the cleaner (or null) the office saw on the booking; undefined when the caller did not say. */
export async function cancelBooking(
  deps: MailDeps,
  actor: AuditActor,
  id: string,
  reason: string,
  seen?: string | null,
): Promise<{ booking: BoardBookingDetail; updated: BookingDoc; cleaner: string | null; }> {
  const before = await loadBooking(id);
  const open = (before.status === 'pending' || before.status === 'accepted') && !before.work_submitted;
  if (!open) throw conflict(OFFICE_MSG.cancelNotOpen);
  if (seen !== undefined && (before.accepted_by ? String(before.accepted_by) : null) !== seen) {
    throw conflict(before.accepted_by ? OFFICE_MSG.cancelTaken : OFFICE_MSG.changedMeanwhile);
  }
  // Conditional on the state the office saw: a cleaner accepting meanwhile makes this one lose.
  const updated = await Booking.findOneAndUpdate(
    { _id: before._id, status: before.status, accepted_by: before.accepted_by ?? null, work_submitted: { $ne: true } },
    { $set: { status: 'rejected', cancel_reason: reason, cancelled_at: deps.clock.now(), cancelled_by: 'office' } },
    { returnDocument: 'after' },
  ).lean<BookingDoc>();
  if (!updated) {
    const current = await loadBooking(id);
    throw conflict(!before.accepted_by && current.accepted_by ? OFFICE_MSG.cancelTaken : OFFICE_MSG.changedMeanwhile);
  }
  await recordAudit({
    actor,
    action: 'booking.cancel',
    target: { type: 'booking', id, label: label(updated) },
    before: state(before),
    after: { ...state(updated), cancel_reason: reason },
  });
  return { booking: await getBoardBooking(id, deps.clock.now().getTime()), updated, cleaner: before.accepted_by ? String(before.accepted_by) : null };
}

export interface ReleasedBooking {
  id: string;
  reference?: string;
  postcode: string;
}

/**
 * A deactivated cleaner's accepted, unsubmitted bookings go back to the available list; each customer
 * is told by board-moves.ts (the cleaner, whose account just ended, is not mailed about each job).
 */
export async function releaseBookingsOf(actor: AuditActor, employeeId: string): Promise<ReleasedBooking[]> {
  const mine = { accepted_by: oid(employeeId), status: 'accepted' as const, work_submitted: { $ne: true } };
  const rows = await Booking.find(mine).lean<BookingDoc[]>();
  const released: ReleasedBooking[] = [];
  for (const b of rows) {
    const res = await Booking.updateOne({ _id: b._id, ...mine }, {
      $set: { status: 'pending', released_from: b.accepted_by },
      $unset: { accepted_by: 1, accepted_at: 1, accept_wait_min: 1 },
    });
    if (res.modifiedCount !== 1) continue;
    released.push({ id: String(b._id), reference: referenceOf(b), postcode: b.postcode });
    await recordAudit({
      actor,
      action: 'booking.release',
      target: { type: 'booking', id: String(b._id), label: label(b) },
      before: state(b),
      after: { status: 'pending', accepted_by: null },
      note: 'cleaner deactivated',
    });
  }
  return released;
}
