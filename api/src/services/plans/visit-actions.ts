// The changes routes ask for, each done and then told (changes.ts) in one call: a route parses, calls
// one of these and answers. The customer's skip, move, pause, resume, end and new regular time (in the
// app or through a notice's link), the office's change of a visit, a cleaner's release and cover, and
// the work of a visit submitted.
import type { ScheduleInput } from '@shared/schemas/visits';
import type { AdminVisitPatch } from '@shared/schemas/visits';
import { announceCover } from '../../jobs/visit-notices';
import type { AuditActor } from '../office/audit';
import { tellCovered } from '../schedule/schedule-mail';
import type { WorkSubmissionInput } from '@shared/schemas/employee';
import { submitWork } from '../bookings/bookings-employee-work';
import { planVisitCharges } from '../payments/plan';
import { tellChange, tellFinished } from './changes';
import type { ChangeDeps } from './telling';
import { patchAdminVisit } from './visits-admin';
import * as customer from './visits-customer';
import { firstVisitOf, markFirstVisitDone, releaseVisit, submitVisitWork, takeCoverVisit } from './visits-employee';

export async function skipAndTell(deps: ChangeDeps, userId: string, visitId: string, r: customer.Rules) {
  const { visit, change } = await customer.skipVisit(userId, visitId, r);
  await tellChange(deps, { ...change, notOpen: [{ visit: visitId, covered: false }] });
  return visit;
}

export async function moveAndTell(deps: ChangeDeps, userId: string, visitId: string, start: number, r: customer.Rules) {
  const { visit, change } = await customer.moveVisit(userId, visitId, start, r);
  await tellChange(deps, { ...change, notOpen: [{ visit: visitId, covered: false }] });
  return visit;
}

export async function pauseAndTell(deps: ChangeDeps, userId: string, planId: string, from: string, until: string, r: customer.Rules) {
  const change = await customer.pausePlan(userId, planId, from, until, r);
  await tellChange(deps, change);
  return change;
}

export async function resumeAndTell(deps: ChangeDeps, userId: string, planId: string, r: customer.Rules) {
  const change = await customer.resumePlan(userId, planId, r);
  await tellChange(deps, change);
  return change;
}

export async function endAndTell(deps: ChangeDeps, userId: string, planId: string, from: string, r: customer.Rules) {
  const change = await customer.endPlan(userId, planId, from, r);
  await tellChange(deps, change);
  return change;
}

export async function scheduleAndTell(deps: ChangeDeps, userId: string, planId: string, input: ScheduleInput, r: customer.Rules) {
  const { change } = await customer.changeOwnSchedule(userId, planId, input, r);
  await tellChange(deps, change);
  return change;
}

/** The office's change of a visit (or this and following): the customer, the cleaners and those offered cover told. */
export async function officeChangeAndTell(deps: ChangeDeps, actor: AuditActor, visitId: string, patch: AdminVisitPatch, r: customer.Rules) {
  const { visit, changed, change } = await patchAdminVisit(actor, visitId, patch, r);
  await tellChange(deps, change);
  // A needs-cover visit given a cleaner: its customer hears who comes instead.
  if (patch.employee_id !== undefined) await tellCovered(deps, [(visit as { booking_id: string; }).booking_id]);
  return { visit, changed };
}

/** A cleaner gives a visit up: every other cleaner is offered it. */
export async function releaseAndOffer(deps: ChangeDeps, employeeId: string, visitId: string, hours: number) {
  const visit = await releaseVisit(employeeId, visitId, deps.clock.now(), hours);
  void announceCover(deps, visit, employeeId);
  return visit;
}

/** A cleaner takes a cover job: its customer hears who comes, the other cleaners' offers are withdrawn. */
export async function takeCoverAndTell(deps: ChangeDeps, employeeId: string, visitId: string) {
  const visit = await takeCoverVisit(employeeId, visitId, deps.clock.now());
  await tellCovered(deps, [visit.booking_id]);
  await tellChange(deps, {
    key: `covered:${visitId}:${employeeId}`,
    reference: visit.reference ?? '',
    employees: [],
    what: '',
    notOpen: [{ visit: visitId, covered: true }],
  });
  return visit;
}

/** A cleaner's work on a visit submitted: its card charge planned now (the planning job every few minutes catches any missed), its customer told. */
export async function submitAndFinish(deps: ChangeDeps, employeeId: string, visitId: string, input: WorkSubmissionInput) {
  const visit = await submitVisitWork(employeeId, visitId, input, deps.clock.now());
  await planVisitCharges(deps, visitId);
  tellFinished(deps, visitId);
  return visit;
}

/** The work of a booking submitted: it is its plan's first visit's (README "Plans and visits"), charged and told as submitAndFinish. */
export async function submitBookingAndFinish(deps: ChangeDeps, employeeId: string, bookingId: string, input: WorkSubmissionInput) {
  const now = deps.clock.now();
  const booking = await submitWork(employeeId, bookingId, input, now);
  await markFirstVisitDone(bookingId, input, now);
  const first = await firstVisitOf(bookingId);
  if (first) {
    await planVisitCharges(deps, first);
    tellFinished(deps, first);
  }
  return booking;
}
