// The office's moves on a booking and a cleaner's accept, each with what it does to the plan and who is
// told, in one call a route makes: assign (the plan starts, the customer and the cleaner told), take back
// (the plan goes, both told), cancel (the plan ends with the reason, both told), a cleaner deactivated or
// their invitation withdrawn (their bookings back on the list, each customer told, their visits offered
// as cover). Telling and the reminder jobs go through the change-telling service (changes.ts).
import type { z } from 'zod';
import { firstName } from '@shared/names';
import type { AcceptBody, assignPlanSchema } from '@shared/schemas/visits';
import { releaseAndAnnounce } from '../../jobs/cover-notices';
import { remindNewVisits } from '../../jobs/visit-notices';
import { acceptedTelling, returnedTelling, cancelledByOfficeTelling } from '../bookings/booking-mail';
import { acceptBooking } from '../bookings/bookings-employee-jobs';
import type { AuditActor } from '../office/audit';
import { assignBooking, cancelBooking, cleanerOf, unassignBooking, type ReleasedBooking } from '../office/board-actions';
import type { StaffPatchInput } from '@shared/schemas/office';
import { patchStaff, revokeInvitation } from '../office/staff';
import { confirmPrice } from '../prices/price-mail';
import { tellChange } from './changes';
import { jobAssignedTelling, jobCancelledTelling, jobTakenBackTelling } from './cleaner-mail';
import { bookingWithStates } from './plan-summaries';
import type { ChangeDeps, Telling } from './telling';
import { Employee } from '../../models/Employee';
import type { BookingDoc } from '../../models/Booking';
import { ruleForAccept, startPlan } from './visits-accept';
import { cancelPlan, dropPlan, startAssignedPlan } from './visits-board';

type AssignInput = z.infer<typeof assignPlanSchema>;

/** The booking after the change, and its state in the customer's and in staff's words. */
interface Now {
  booking: BookingDoc;
  customer: string;
  staff: string;
}

/** Tells what became of booking `id` (its state read after the change): `told` builds each message from it. */
async function tellBooking(deps: ChangeDeps, key: string, id: string, told: (now: Now) => Promise<Telling[][]>, remindersPlanned = false) {
  const now = deps.clock.now();
  const after = await bookingWithStates(id, now);
  const tellings = after ? (await told(after)).flat() : [];
  await tellChange(deps, { key, plan: id, reference: after?.booking.reference ?? '', employees: [], what: '', told: tellings, remindersPlanned });
}

/** The office gives a booking to a cleaner: its plan starts with the office's rule (and price), both told. */
export async function assignAndTell(deps: ChangeDeps, actor: AuditActor, id: string, input: AssignInput) {
  const { employeeId, first_visit, days, frequency, interval_weeks, pence_per_visit } = input;
  const now = deps.clock.now();
  const { rule } = await ruleForAccept(id, { first_visit, days }, now);
  const { booking, updated, employee, self } = await assignBooking(deps, actor, id, employeeId);
  // The price first, so the plan's visits are made with it (services/bookings/booking-agreement.ts).
  if (pence_per_visit !== undefined) await confirmPrice(deps, id, pence_per_visit, now);
  const chosen = { ...rule, ...(frequency ? { frequency } : {}), ...(interval_weeks ? { interval_weeks } : {}) };
  await startAssignedPlan(id, employeeId, chosen, now, deps.config.visitHorizonDays);
  await tellBooking(deps, `assign:${id}:${(updated.accepted_at ?? now).getTime()}`, id, async (b) => [
    await acceptedTelling(deps, b.booking, employee, b.customer),
    // The cleaner did not take it themselves: they are told it is theirs (not when they gave it to themselves).
    self ? [] : await jobAssignedTelling(deps, b.booking, employee, b.staff),
  ]);
  return booking;
}

/** A cleaner accepts an available booking: their plan starts and the customer is told. */
export async function acceptAndTell(deps: ChangeDeps, cleaner: { id: string; name: string; }, id: string, body: AcceptBody) {
  const now = deps.clock.now();
  // The first visit is settled before the accept writes anything (a refusal changes nothing).
  const { rule, created_at } = await ruleForAccept(id, body, now);
  const { booking, doc } = await acceptBooking(cleaner.id, id, now, created_at);
  const { fresh, made } = await startPlan(doc, cleaner.id, rule, now, deps.config.visitHorizonDays);
  const told = async (b: Now) => [await acceptedTelling(deps, b.booking, cleaner, b.customer)];
  await tellBooking(deps, `accept:${id}:${(doc.accepted_at ?? now).getTime()}`, id, told, fresh);
  // A new plan's visits are all new: their reminders in one write, with nothing to read or cancel first.
  if (fresh) await remindNewVisits(deps, made);
  return booking;
}

/** The office takes a booking back to the available list: the plan goes, its customer and cleaner told. */
export async function unassignAndTell(deps: ChangeDeps, actor: AuditActor, id: string) {
  const was = await cleanerOf(id);
  const { booking } = await unassignBooking(deps, actor, id);
  if (was) await dropPlan(id, was);
  await tellBooking(deps, `unassign:${id}:${deps.clock.now().getTime()}`, id, async (b) => {
    const name = was ? await cleanerName(was) : null;
    return [await returnedTelling(deps, b.booking, name, b.customer), was ? await jobTakenBackTelling(deps, b.booking, was, b.staff) : []];
  });
  return booking;
}

/** The office cancels a booking: its plan ends with the reason, its customer and cleaner told. */
export async function cancelAndTell(deps: ChangeDeps, actor: AuditActor, id: string, reason: string, seen?: string | null) {
  const { booking, cleaner } = await cancelBooking(deps, actor, id, reason, seen);
  await cancelPlan(id, reason, deps.clock.now());
  await tellBooking(deps, `office-cancel:${id}`, id, async (b) => [
    await cancelledByOfficeTelling(deps, b.booking, reason, b.customer),
    cleaner ? await jobCancelledTelling(deps, b.booking, cleaner, reason, b.staff) : [],
  ]);
  return booking;
}

/**
 * A cleaner's account ended (deactivated, or an invitation withdrawn): the bookings returned to the list
 * lose their plans and each customer is told (the cleaner is not mailed about each job); the cleaner's
 * other visits ahead become cover jobs, offered to the other cleaners.
 */
export async function releaseAndTell(deps: ChangeDeps, employeeId: string, released: ReleasedBooking[]): Promise<void> {
  const name = await cleanerName(employeeId);
  const at = deps.clock.now().getTime();
  for (const r of released) {
    await dropPlan(r.id, employeeId);
    await tellBooking(deps, `released:${r.id}:${employeeId}:${at}`, r.id, async (b) => [await returnedTelling(deps, b.booking, name, b.customer)]);
  }
  await releaseAndAnnounce(deps, employeeId);
}

async function cleanerName(id: string): Promise<string | null> {
  const e = await Employee.findById(id, { name: 1 }).lean();
  return e ? firstName(e.name) : null;
}

/** The office changes a team member; deactivating them releases their work as releaseAndTell says. */
export async function patchStaffAndRelease(deps: ChangeDeps, actor: AuditActor, id: string, input: StaffPatchInput) {
  const result = await patchStaff(deps, actor, id, input);
  if (input.is_active === false) await releaseAndTell(deps, id, result.released);
  return result;
}

/** The office withdraws an invitation; the account it deactivates releases its work as releaseAndTell says. */
export async function revokeInvitationAndRelease(deps: ChangeDeps, actor: AuditActor, id: string) {
  const { member, released } = await revokeInvitation(deps, actor, id);
  if (released.length) await releaseAndTell(deps, id, released);
  return member;
}
