// The customer's side of a plan: its visits, and the changes they may make themselves until each
// visit's change cut-off (config.visitChangeCutoff, London time the day before). Every write is
// conditional on the version (or state) just read, so of two changes at once exactly one wins; a
// refusal changes nothing. Each returns the change, told by changes.ts.
import mongoose from 'mongoose';
import { API_MSG, VISIT_MSG } from '@shared/messages-api';
import { CHANGES_MSG } from '@shared/messages-changes';
import { PLAN_NEXT_VISITS, type PlanDto, type ScheduleInput, type VisitDto } from '@shared/schemas/visits';
import { changeCutoff, londonDate, type PlanRule } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { customerBooking } from '../bookings/customer-booking';
import { Booking, type BookingDoc } from '../../models/Booking';
import { Plan, type PlanDoc } from '../../models/Plan';
import { assertFreeDay, onFreeDay } from './visit-day';
import { Visit, type VisitDoc } from '../../models/Visit';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { generatePlanVisits } from './visits-generate';
import { stateView } from '../bookings/state-view';
import { planDetails } from './plan-details';
import { firstNames, planDto, visitDto, visitPage, windowOf } from './visits-view';
import { withRecords } from '../problems/visit-records';
import { when, type VisitChange } from './visit-mail';
import { currentCompany } from '../office/company';
import { recleanOffersOf, starsOf } from './ratings';
import { chargeMany, chargeOne, isLate, type ChargeFields, type ChargeRules } from './late-charges';
import { versionedCache } from '../../lib/versioned-cache';
import { withChecklists } from '../checklists/visit-checklist';
import type { PageInfo } from '@shared/schemas/paging';
import { planAccessNotes } from './plan-notes';

type Id = mongoose.Types.ObjectId;
const oid = (id: string): Id => new mongoose.Types.ObjectId(id);
/** The charge settings and the customer's acceptance (late-charges.ts); without a percent a late change is refused. */
export interface Rules extends ChargeRules {
  horizonDays: number;
  /** The office changes visits past the customer's cut-off. */
  office?: boolean;
}

/** A booking with its plan and the next visits (from now on), for its customer. */
export async function customerBookingWithPlan(userId: string, bookingId: string, now: Date) {
  const b = await Booking.findOne({ _id: oid(bookingId), user: oid(userId) }).lean<BookingDoc>();
  if (!b) throw notFound(API_MSG.bookingNotFound);
  const plan = await Plan.findById(b._id).lean<PlanDoc>();
  const next = plan
    ? await Visit.find({ plan: plan._id, start: { $gte: new Date(londonWallTime(londonDate(now), '00:00')!) } }).sort({ start: 1 }).limit(PLAN_NEXT_VISITS)
      .lean<VisitDoc[]>()
    : [];
  const [names, stars] = await Promise.all([firstNames([plan?.employee, ...next.map((v) => v.employee)]), ratingsOf(next)]);
  const summary = {
    plan,
    next: next.find((v) => v.state === 'scheduled' && v.start >= now)?.start ?? null,
    done: plan?.frequency === 'once' && next.length === 0 ? Boolean(await Visit.exists({ plan: b._id, state: 'completed' })) : false,
  };
  const state = stateView(b, summary, 'customer', now.getTime());
  const planAnswer: PlanDto | null = plan
    ? { ...planDto(plan, names, londonDate(now)), access_notes: await planAccessNotes(plan), ...planDetails(b, plan, state) }
    : null;
  return {
    booking: customerBooking(b, b.accepted_by ? names.get(String(plan?.employee ?? b.accepted_by)) : undefined, state),
    plan: planAnswer,
    visits: await withRecords(await withChecklists(next, next.map((v) => customerVisitDto(v, names, stars)))),
  };
}

type Ratings = { stars: Map<string, number>; offers: Map<string, string>; };
const ratingsOf = async (visits: VisitDoc[]): Promise<Ratings> => {
  const [stars, offers] = await Promise.all([starsOf(visits), recleanOffersOf(visits)]);
  return { stars, offers };
};

/** A visit as its customer sees it: with the stars they gave it, once rated (My Bookings' "You rated"), and a free re-clean on offer. */
function customerVisitDto(v: VisitDoc, names: Map<string, string>, { stars, offers }: Ratings): VisitDto {
  const mine = stars.get(String(v._id));
  const offer = offers.get(String(v._id));
  return { ...visitDto(v, names), ...(mine ? { my_rating: mine } : {}), ...(offer ? { reclean_until: offer } : {}) };
}

/** A page of the customer's visits in a window of London dates. */
export function listCustomerVisits(userId: string, q: { from?: string; to?: string; page: number; limit: number; }, now: Date) {
  const { start, end } = windowOf(q, now);
  const key = JSON.stringify([userId, start.getTime(), end.getTime(), q.page, q.limit]);
  return customerPages.get(key, () => customerVisitsPage(userId, { start, end }, q), { end, now });
}

/** A customer's page reads their visits, the cleaners' names and their stars (versioned-cache.ts). */
const customerPages = versionedCache<{ visits: VisitDto[]; info: PageInfo; }>(['visits', 'employees', 'ratings', 'checklists'], 1000);

async function customerVisitsPage(userId: string, { start, end }: { start: Date; end: Date; }, q: { page: number; limit: number; }) {
  const { rows, info } = await visitPage({ user: oid(userId), start: { $gte: start, $lt: end } }, q);
  const [names, stars] = await Promise.all([firstNames(rows.map((v) => v.employee)), ratingsOf(rows)]);
  return { visits: await withRecords(await withChecklists(rows, rows.map((v) => customerVisitDto(v, names, stars)))), info };
}

/** The customer's own scheduled visit, open to change (404 for anyone else's; 409 past its cut-off or not scheduled). */
async function changeableVisit(userId: string, visitId: string, r: Rules): Promise<VisitDoc> {
  const v = await Visit.findOne({ _id: oid(visitId), user: oid(userId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (v.state !== 'scheduled') throw conflict(whyNotChangeable(v));
  const cut = changeCutoff(v.start, r.cutoff);
  if (r.now.getTime() < cut) return v;
  if (r.lateChargePercent === undefined) throw conflict(VISIT_MSG.pastCutoff(when(cut), (await currentCompany()).phone));
  return { ...v, ...chargeOne(v, r) };
}

/** Why a visit no longer takes a change, in the office's words: a queued change refused says what happened to it. */
function whyNotChangeable(v: VisitDoc): string {
  if (v.state === 'cancelled') return CHANGES_MSG.refusedCancelled(when(v.start), v.cancel_reason ?? '');
  if (v.state === 'skipped') return CHANGES_MSG.refusedSkipped(when(v.start));
  if (v.state === 'completed') return CHANGES_MSG.refusedDone(when(v.start));
  return VISIT_MSG.notScheduled;
}

/** The late-charge fields changeableVisit added, to write with the change. */
const chargeOf = (v: VisitDoc): Record<string, unknown> =>
  v.late_charge_at ? { late_charge_pence: v.late_charge_pence, late_charge_cleaner_pence: v.late_charge_cleaner_pence, late_charge_at: v.late_charge_at } : {};

/** One conditional write on the version read: a change in between makes this one lose (409). */
async function writeVisit(v: VisitDoc, set: Record<string, unknown>): Promise<VisitDoc> {
  const updated = await Visit.findOneAndUpdate({ _id: v._id, version: v.version, state: 'scheduled' }, { $set: set, $inc: { version: 1 } }, {
    returnDocument: 'after',
  }).lean<VisitDoc>();
  if (!updated) throw conflict(VISIT_MSG.changedMeanwhile);
  return updated;
}

export async function skipVisit(userId: string, visitId: string, r: Rules): Promise<{ visit: VisitDto; change: VisitChange; }> {
  const v = await changeableVisit(userId, visitId, r);
  const updated = await writeVisit(v, { state: 'skipped', exception: true, ...chargeOf(v) });
  return {
    visit: visitDto(updated, await firstNames([updated.employee])),
    change: { reference: v.reference ?? '', employees: [v.employee], what: VISIT_MSG.mailSkipped(when(v.start)), plan: String(v.plan) },
  };
}

/** Moves one visit: not into the past (400), not past the new time's cut-off, not onto a day the plan already has a visit (409). */
export async function moveVisit(userId: string, visitId: string, start: number, r: Rules): Promise<{ visit: VisitDto; change: VisitChange; }> {
  if (start <= r.now.getTime()) throw badRequest(VISIT_MSG.moveInPast, { errors: { start: VISIT_MSG.moveInPast } });
  const v = await changeableVisit(userId, visitId, r);
  const cut = changeCutoff(start, r.cutoff);
  if (r.now.getTime() >= cut) throw conflict(VISIT_MSG.pastCutoff(when(cut), (await currentCompany()).phone));
  const day = londonDate(start);
  await assertFreeDay(v, day);
  const updated = await onFreeDay(() => writeVisit(v, { start: new Date(start), day, exception: true, ...chargeOf(v) }));
  return {
    visit: visitDto(updated, await firstNames([updated.employee])),
    change: { reference: v.reference ?? '', employees: [v.employee], what: VISIT_MSG.mailMoved(when(v.start), when(start)), plan: String(v.plan) },
  };
}

/** The customer's plan, or 404 (not theirs, or no plan yet). */
async function ownPlan(userId: string, bookingId: string): Promise<PlanDoc> {
  const p = await Plan.findOne({ _id: oid(bookingId), user: oid(userId) }).lean<PlanDoc>();
  if (!p) throw (await Booking.exists({ _id: oid(bookingId), user: oid(userId) })) ? conflict(VISIT_MSG.planNotFound) : notFound(API_MSG.bookingNotFound);
  return p;
}

/** Scheduled visits of the plan on or after `from` (by rule date or by the day it was moved to), optionally to `until`. */
const scheduledFrom = (p: PlanDoc, from: string, until?: string): Record<string, unknown> => {
  const range = until ? { $gte: from, $lte: until } : { $gte: from };
  return { plan: p._id, state: 'scheduled', $or: [{ slot: range }, { day: range }] };
};

interface Affected {
  affected: VisitDoc[];
  /** The late visits' charges by id (accepted): they are kept as skipped and charged, not removed. */
  charged: Map<string, ChargeFields>;
}

/** Refuses a date in the past (400); visits it would change past their cut-off are charged (409 until accepted) or, without a charge rule, refused. */
async function checkAffected(filter: Record<string, unknown>, from: string, r: Rules, unchanged: (v: VisitDoc) => boolean = () => false): Promise<Affected> {
  if (from < londonDate(r.now)) throw badRequest(VISIT_MSG.moveInPast, { errors: { from: VISIT_MSG.moveInPast } });
  const affected = await Visit.find(filter).sort({ start: 1 }).limit(500).lean<VisitDoc[]>();
  const late = r.office ? [] : affected.filter((v) => isLate(v, r) && !unchanged(v));
  if (late.length && r.lateChargePercent === undefined) throw conflict(VISIT_MSG.someVisitPastCutoff(when(late[0].start), (await currentCompany()).phone));
  return { affected, charged: chargeMany(late, r) };
}

/** The late visits a plan change removes stay, skipped and charged (the customer accepted); each write conditional on the version read. */
async function keepCharged(affected: VisitDoc[], charged: Map<string, ChargeFields>, skip = true): Promise<void> {
  for (const v of affected) {
    const fields = charged.get(String(v._id));
    if (!fields) continue;
    const set = skip ? { state: 'skipped', exception: true, ...fields } : fields;
    const done = await Visit.updateOne({ _id: v._id, version: v.version, state: 'scheduled' }, { $set: set, $inc: { version: 1 } });
    if (!done.modifiedCount) throw conflict(VISIT_MSG.changedMeanwhile);
  }
}

const totalOf = (charged: Map<string, ChargeFields>) => [...charged.values()].reduce((sum, f) => sum + f.late_charge_pence, 0);
const removable = (charged: Map<string, ChargeFields>) => ({ _id: { $nin: [...charged.keys()].map(oid) } });

/** One conditional write of the plan on its version; visits follow (the generator is told to look again). */
async function writePlan(p: PlanDoc, set: Record<string, unknown>): Promise<PlanDoc> {
  const updated = await Plan.findOneAndUpdate({ _id: p._id, version: p.version }, { $set: { ...set, generated_through: '' }, $inc: { version: 1 } }, {
    returnDocument: 'after',
  }).lean<PlanDoc>();
  if (!updated) throw conflict(VISIT_MSG.planChangedMeanwhile);
  return updated;
}

/** Ended or cancelled: nothing more may change on it. */
const isEndedPlan = (p: PlanDoc) => p.state === 'ended' || p.state === 'cancelled';

const cleanersOf = (p: PlanDoc, visits: VisitDoc[]) => [p.employee, ...visits.map((v) => v.employee)];

export async function pausePlan(userId: string, bookingId: string, from: string, until: string, r: Rules): Promise<VisitChange> {
  const p = await ownPlan(userId, bookingId);
  if (isEndedPlan(p)) throw conflict(VISIT_MSG.planEnded);
  const filter = scheduledFrom(p, from, until);
  const { affected, charged } = await checkAffected(filter, from, r);
  await writePlan(p, { state: 'paused', paused_from: from, paused_until: until });
  await keepCharged(affected, charged);
  await Visit.deleteMany({ _id: { $in: affected.filter((v) => !charged.has(String(v._id))).map((v) => v._id) }, state: 'scheduled' });
  return {
    reference: p.reference ?? '',
    employees: cleanersOf(p, affected),
    what: VISIT_MSG.mailPaused(from, until),
    plan: String(p._id),
    charge_pence: totalOf(charged),
  };
}

export async function resumePlan(userId: string, bookingId: string, r: Rules): Promise<VisitChange> {
  const p = await ownPlan(userId, bookingId);
  if (p.state !== 'paused') throw conflict(VISIT_MSG.notPaused);
  const updated = await writePlan(p, { state: 'active', paused_from: null, paused_until: null });
  await generatePlanVisits(updated, r.now, r.horizonDays);
  return { reference: p.reference ?? '', employees: [p.employee], what: VISIT_MSG.mailResumed, plan: String(p._id) };
}

/** Ends the plan from a date: its scheduled visits from then are removed; nothing is generated after it. */
export async function endPlan(userId: string, bookingId: string, from: string, r: Rules): Promise<VisitChange> {
  const p = await ownPlan(userId, bookingId);
  if (isEndedPlan(p)) throw conflict(VISIT_MSG.planEnded);
  const { affected, charged } = await checkAffected(scheduledFrom(p, from), from, r);
  await writePlan(p, { state: 'ended', ends_on: from, ended_by: 'customer', ended_at: r.now, end_reason: null });
  await Booking.updateOne({ _id: p._id }, { $set: { plan_ended_at: r.now } });
  await keepCharged(affected, charged);
  await Visit.deleteMany({ ...scheduledFrom(p, from), ...removable(charged) });
  return {
    reference: p.reference ?? '',
    employees: cleanersOf(p, affected),
    what: VISIT_MSG.mailEnded(from),
    plan: String(p._id),
    charge_pence: totalOf(charged),
  };
}

/**
 * A new regular time and/or days from a date: this and following visits. Visits made by the old rule
 * from then on are replaced (exceptions — moved, skipped, given another cleaner — stay as they are);
 * the plan's first visit keeps its date and takes the new time.
 */
export async function changeSchedule(p: PlanDoc, input: ScheduleInput, r: Rules): Promise<{ plan: PlanDoc; change: VisitChange; }> {
  if (isEndedPlan(p)) throw conflict(VISIT_MSG.planEnded);
  const filter = { ...scheduledFrom(p, input.from), exception: { $ne: true } };
  // Only days changed: the plan's first visit keeps its date and time, so it is not charged.
  const { affected, charged } = await checkAffected(filter, input.from, r, (v) => Boolean(v.on_booking) && !input.time);
  const set: Partial<PlanRule> = { valid_from: input.from };
  if (input.time) set.time = input.time;
  if (input.days) set.days = p.frequency === 'monthly' || p.frequency === 'weekly' || p.frequency === 'fortnightly' ? input.days.slice(0, 1) : input.days;
  const updated = await writePlan(p, set as Record<string, unknown>);
  const first = affected.find((v) => v.on_booking);
  // A late visit the new rule replaces is kept as skipped and charged; the plan's first visit is moved (and charged) instead.
  await keepCharged(affected.filter((v) => !v.on_booking), charged);
  await Visit.deleteMany({ ...filter, on_booking: { $ne: true }, ...removable(charged) });
  if (first && input.time) {
    const start = londonWallTime(first.slot, input.time)!;
    await Visit.updateOne({ _id: first._id, version: first.version, state: 'scheduled' }, {
      $set: { start: new Date(start), day: londonDate(start), ...charged.get(String(first._id)) },
      $inc: { version: 1 },
    });
  }
  await generatePlanVisits(updated, r.now, r.horizonDays);
  return {
    plan: updated,
    change: {
      reference: p.reference ?? '',
      employees: cleanersOf(p, affected),
      what: VISIT_MSG.mailSchedule(input.from),
      plan: String(p._id),
      charge_pence: totalOf(charged),
    },
  };
}

export async function changeOwnSchedule(userId: string, bookingId: string, input: ScheduleInput, r: Rules) {
  return changeSchedule(await ownPlan(userId, bookingId), input, r);
}
