// The office's visits: a list of a period (by cleaner, by state, the cover jobs), and one change — a new
// start, another cleaner, or a cancellation with its reason — to one visit or to this and following.
// The visit is claimed first by a write conditional on the version read, so of two changes at once
// exactly one wins (the other 409) and the loser changed nothing; "following" then changes the plan,
// itself conditional on its version. Every change is audited and told (changes.ts) to everyone it touches.
import mongoose from 'mongoose';
import { VISIT_MSG } from '@shared/messages-api';
import type { AdminVisitPatch, AdminVisitsQuery } from '@shared/schemas/visits';
import { addDays, daysBetween, londonDate, ruleDays } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { Employee } from '../../models/Employee';
import { Plan, type PlanDoc } from '../../models/Plan';
import { assertFreeDay, onFreeDay } from './visit-day';
import { Visit, type VisitDoc } from '../../models/Visit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../office/audit';
import { changeSchedule, type Rules } from './visits-customer';
import { firstNames, staffVisitDtos, visitPage, windowOf } from './visits-view';
import { CHANGES_MSG } from '@shared/messages-changes';
import { versionedCache } from '../../lib/versioned-cache';
import type { PageInfo } from '@shared/schemas/paging';
import type { VisitDto } from '@shared/schemas/visits';
import { when, type VisitChange } from './visit-mail';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The office's page reads visits, the bookings' places and the customers (versioned-cache.ts). */
const officeWeeks = versionedCache<{ visits: VisitDto[]; info: PageInfo; }>(['visits', 'bookings', 'users', 'employees', 'checklists'], 200);

export function listAdminVisits(q: AdminVisitsQuery & { limit: number; }, now: Date) {
  const { start, end } = windowOf(q, now);
  const key = JSON.stringify([start.getTime(), end.getTime(), q.employee ?? '', q.state ?? '', q.page, q.limit]);
  return officeWeeks.get(key, () => adminVisitsPage(q, { start, end }), { end, now });
}

async function adminVisitsPage(q: AdminVisitsQuery & { limit: number; }, { start, end }: { start: Date; end: Date; }) {
  const filter: Record<string, unknown> = { start: { $gte: start, $lt: end } };
  if (q.employee) filter.employee = q.employee === 'none' ? null : oid(q.employee);
  if (q.state === 'open') Object.assign(filter, { state: 'scheduled', employee: null });
  else if (q.state) filter.state = q.state;
  const { rows, info } = await visitPage(filter, q);
  return { visits: await staffVisitDtos(rows), info };
}

/** Claims the visit for this change: bumps its version if nobody changed it since it was read. */
async function claim(v: VisitDoc, set: Record<string, unknown> = {}): Promise<VisitDoc> {
  const updated = await Visit.findOneAndUpdate({ _id: v._id, version: v.version, state: 'scheduled' }, { $set: set, $inc: { version: 1 } }, {
    returnDocument: 'after',
  }).lean<VisitDoc>();
  if (!updated) throw conflict(VISIT_MSG.changedMeanwhile);
  return updated;
}

async function activeCleaner(id: string) {
  const e = await Employee.findOne({ _id: oid(id), is_active: true }, { _id: 1 }).lean();
  if (!e) throw badRequest(VISIT_MSG.employeeUnavailable, { errors: { employee_id: VISIT_MSG.employeeUnavailable } });
  return e._id;
}

/** Weekdays moved on by `delta` days (a move of "this and following" from Tuesday to Thursday: +2). */
const shiftDays = (days: number[], delta: number) => days.map((d) => ((((d - 1 + delta) % 7) + 7) % 7) + 1);

export async function patchAdminVisit(
  actor: AuditActor,
  visitId: string,
  patch: AdminVisitPatch,
  r: Rules,
): Promise<{ visit: unknown; changed: number; change: VisitChange; }> {
  const v = await Visit.findById(visitId).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (v.state !== 'scheduled') throw conflict(VISIT_MSG.notScheduled);
  if (patch.version !== undefined && patch.version !== v.version) throw conflict(VISIT_MSG.changedMeanwhile);
  // A one-time plan has no following visits.
  if (patch.scope === 'following' && (await Plan.exists({ _id: v.plan, frequency: 'once' }))) patch = { ...patch, scope: 'this' };
  const ref = v.reference ?? '';
  let changed = 1;
  let change: VisitChange;
  let after: VisitDoc;
  if (patch.start !== undefined) {
    let planChange: VisitChange | undefined;
    if (patch.start <= r.now.getTime()) throw badRequest(VISIT_MSG.moveInPast, { errors: { start: VISIT_MSG.moveInPast } });
    const day = londonDate(patch.start);
    if (patch.scope === 'this') {
      await assertFreeDay(v, day);
      after = await onFreeDay(() => claim(v, { start: new Date(patch.start!), day, exception: true }));
    } else {
      after = await claim(v);
      const plan = await planOf(v);
      const delta = daysBetween(v.slot, day);
      const days = delta ? shiftDays(ruleDays(plan), delta) : undefined;
      // From the earlier of the two dates, so a move to an earlier weekday keeps its first new visit.
      const from = addDays(v.slot, Math.min(0, delta));
      const res = await changeSchedule(plan, { time: londonDateAndTime(patch.start)!.time, ...(days ? { days } : {}), from }, { ...r, office: true });
      if (v.on_booking && delta) await moveFirstVisit(v, day, patch.start);
      changed = await Visit.countDocuments({ plan: v.plan, slot: { $gte: from }, state: 'scheduled', exception: { $ne: true } });
      after = (await Visit.findOne({ plan: v.plan, slot: addDays(v.slot, delta) }).lean<VisitDoc>()) ?? after;
      planChange = res.change;
    }
    const [from, to] = [when(v.start), when(patch.start)];
    change = planChange
      ? { ...planChange, toCustomer: CHANGES_MSG.customerMovedFollowing(from, to) }
      : { reference: ref, employees: [v.employee], what: VISIT_MSG.mailMoved(from, to), toCustomer: CHANGES_MSG.customerMoved(from, to) };
  } else if (patch.employee_id !== undefined) {
    const to = await activeCleaner(patch.employee_id);
    after = await claim(v, { employee: to, exception: patch.scope === 'this' });
    if (patch.scope === 'following') {
      const plan = await planOf(v);
      const moved = await Plan.updateOne({ _id: plan._id, version: plan.version }, { $set: { employee: to }, $inc: { version: 1 } });
      if (moved.modifiedCount === 0) throw conflict(VISIT_MSG.planChangedMeanwhile);
      const res = await Visit.updateMany({ plan: v.plan, state: 'scheduled', slot: { $gt: v.slot }, exception: { $ne: true } }, {
        $set: { employee: to },
        $inc: { version: 1 },
      });
      changed += res.modifiedCount;
    }
    const following = patch.scope === 'following';
    const name = (await firstNames([to])).get(String(to)) ?? '';
    change = {
      reference: ref,
      employees: [],
      what: '',
      reassigned: { visit: String(v._id), start: v.start, from: v.employee, to, following },
      // A needs-cover visit's customer is told who comes by the cover notice (schedule-mail.ts tellCovered).
      // Already theirs (two offices gave it at once): nothing changed for the customer.
      ...(v.needs_cover || String(v.employee) === String(to)
        ? {}
        : { toCustomer: (following ? CHANGES_MSG.customerNewCleanerFollowing : CHANGES_MSG.customerNewCleaner)(when(v.start), name) }),
      notOpen: [{ visit: String(v._id), covered: true }],
    };
  } else {
    const reason = patch.reason ?? '';
    after = await claim(v, { state: 'cancelled', cancel_reason: reason, exception: true });
    if (patch.scope === 'following') {
      const plan = await planOf(v);
      const ended = await Plan.updateOne({ _id: plan._id, version: plan.version }, {
        $set: { state: 'ended', ends_on: v.slot, generated_through: '', ended_by: 'office', ended_at: r.now, end_reason: reason },
        $inc: { version: 1 },
      });
      if (ended.modifiedCount === 0) throw conflict(VISIT_MSG.planChangedMeanwhile);
      const res = await Visit.updateMany({ plan: v.plan, state: 'scheduled', $or: [{ slot: { $gt: v.slot } }, { day: { $gt: v.slot } }] }, {
        $set: { state: 'cancelled', cancel_reason: reason },
        $inc: { version: 1 },
      });
      changed += res.modifiedCount;
    }
    change = {
      reference: ref,
      employees: [v.employee, (await Plan.findById(v.plan, { employee: 1 }).lean())?.employee],
      what: VISIT_MSG.mailCancelled(when(v.start), reason),
      toCustomer: (patch.scope === 'following' ? CHANGES_MSG.customerCancelledFollowing : CHANGES_MSG.customerCancelled)(when(v.start), reason),
      notOpen: [{ visit: String(v._id), covered: false }],
    };
  }
  await recordAudit({
    actor,
    action: `visit.${patch.start !== undefined ? 'moved' : patch.employee_id !== undefined ? 'reassigned' : 'cancelled'}${
      patch.scope === 'following' ? '-following' : ''
    }`,
    target: { type: 'booking', id: String(v.plan), label: `${ref}, visit of ${v.slot}` },
    before: { start: v.start.toISOString(), employee: v.employee ? String(v.employee) : null, state: v.state },
    after: { start: after.start.toISOString(), employee: after.employee ? String(after.employee) : null, state: after.state, changed },
    note: patch.reason,
  });
  return { visit: (await staffVisitDtos([after]))[0], changed, change: { ...change, plan: String(v.plan), key: `visit:${String(v._id)}:v${v.version + 1}` } };
}

async function planOf(v: VisitDoc): Promise<PlanDoc> {
  const p = await Plan.findById(v.plan).lean<PlanDoc>();
  if (!p) throw notFound(VISIT_MSG.planNotFound);
  return p;
}

/**
 * The plan's first visit keeps its row through a change of days (its work lives on the booking), so
 * "this and following" moves it onto the new day itself, taking the place (and rule date) of the visit
 * just generated there: one visit on that day, and the generator finds its rule date taken.
 */
async function moveFirstVisit(v: VisitDoc, day: string, start: number): Promise<void> {
  const fresh = await Visit.findOneAndDelete({ plan: v.plan, day, _id: { $ne: v._id }, state: 'scheduled', exception: { $ne: true } }).lean<VisitDoc>();
  await Visit.updateOne({ _id: v._id, state: 'scheduled' }, {
    $set: { start: new Date(start), day, ...(fresh ? { slot: fresh.slot } : {}) },
    $inc: { version: 1 },
  });
}
