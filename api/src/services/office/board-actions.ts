// The office's moves on a booking (assign, unassign, cancel, release a deactivated cleaner's work). Each
// move is one conditional update on the state the office saw, the same kind of update a cleaner's accept
// is, so when both happen at once exactly one wins.
import mongoose from 'mongoose';
import { firstName } from '@shared/names';
import { OFFICE_MSG } from '@shared/messages-office';
import type { BoardBookingDetail } from '@shared/schemas/office';
import type { Deps } from '../../deps';
import { conflict } from '../../lib/errors';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { sendBookingAcceptedMail, sendBookingCancelledByOfficeMail, sendBookingReturnedMail } from '../bookings/booking-mail';
import { sendJobAssignedMail, sendJobCancelledMail, sendJobTakenBackMail } from '../plans/cleaner-mail';
import { recordAcceptWait } from './accept-wait';
import { recordAudit, type AuditActor } from './audit';
import { getBoardBooking, loadBooking, referenceOf } from './board-list';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'clock' | 'config' | 'push'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

const label = (b: BookingDoc) => referenceOf(b) ?? String(b._id);
const state = (b: BookingDoc) => ({ status: b.status ?? 'pending', accepted_by: b.accepted_by ? String(b.accepted_by) : null });

/** `self_assigned`: the office member gave the booking to themselves (also flagged in the audit entry). */
export async function assignBooking(
  deps: MailDeps,
  actor: AuditActor,
  id: string,
  employeeId: string,
): Promise<BoardBookingDetail & { self_assigned?: true; }> {
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
  void sendBookingAcceptedMail(deps, updated, employee);
  // The cleaner did not take it themselves: they are told it is theirs (not when they gave it to themselves).
  if (!self) void sendJobAssignedMail(deps, updated, employee);
  const detail = await getBoardBooking(id, deps.clock.now().getTime());
  return self ? { ...detail, self_assigned: true } : detail;
}

/** The cleaner a booking is accepted by now (null when none, or no such booking). */
export async function cleanerOf(id: string): Promise<string | null> {
  const b = await Booking.findById(oid(id), { accepted_by: 1 }).lean<Pick<BookingDoc, 'accepted_by'>>();
  return b?.accepted_by ? String(b.accepted_by) : null;
}

/** Back to the available list: the customer is told it is no longer confirmed, the cleaner that it is not theirs. */
export async function unassignBooking(deps: MailDeps, actor: AuditActor, id: string): Promise<BoardBookingDetail> {
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
  void tellReturned(deps, updated, String(before.accepted_by));
  return getBoardBooking(id, deps.clock.now().getTime());
}

/** `seen`: the cleaner (or null) the office saw on the booking; undefined when the caller did not say. */
export async function cancelBooking(deps: MailDeps, actor: AuditActor, id: string, reason: string, seen?: string | null): Promise<BoardBookingDetail> {
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
  void sendBookingCancelledByOfficeMail(deps, updated, reason);
  if (before.accepted_by) void sendJobCancelledMail(deps, updated, String(before.accepted_by), reason);
  return getBoardBooking(id, deps.clock.now().getTime());
}

export interface ReleasedBooking {
  id: string;
  reference?: string;
  postcode: string;
}

/** The customer of a booking taken back from `cleanerId` is told, with the cleaner's first name; the cleaner too. */
async function tellReturned(deps: MailDeps, booking: BookingDoc, cleanerId: string, tellCleaner = true): Promise<void> {
  const cleaner = await Employee.findById(cleanerId, { name: 1, email: 1 }).lean<EmployeeDoc>();
  void sendBookingReturnedMail(deps, booking, cleaner ? firstName(cleaner.name) : null);
  if (cleaner && tellCleaner) void sendJobTakenBackMail(deps, booking, cleaner);
}

/**
 * A deactivated cleaner's accepted, unsubmitted bookings go back to the available list; each customer
 * is told (the cleaner, whose account just ended, is not mailed about each job).
 */
export async function releaseBookingsOf(deps: MailDeps, actor: AuditActor, employeeId: string): Promise<ReleasedBooking[]> {
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
    void tellReturned(deps, b, employeeId, false);
  }
  return released;
}
