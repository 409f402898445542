// How visits and plans are answered: the shared shapes (shared/schemas/visits.ts), a from–to window of
// London dates, and one query per page for the cleaners' first names and the bookings' places.
import mongoose from 'mongoose';
import { addDays, londonDate, londonIso } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { planHours } from '@shared/duration';
import { pageInfo, skipOf, type PageInfo } from '@shared/schemas/paging';
import type { PlanDto, PlanState, VisitDto, VisitState } from '@shared/schemas/visits';
import { Booking } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { Plan, type PlanDoc } from '../../models/Plan';
import { Visit, type VisitDoc } from '../../models/Visit';
import { writeVersions } from '../../models/write-version';
import { contactForCleaners } from '../bookings/cleaner-view';
import { withRecords } from '../problems/visit-records';
import { withChecklists } from '../checklists/visit-checklist';

/** Days a list covers when the query names no `to`. */
export const DEFAULT_WINDOW_DAYS = 28;

/** The instants of a from–to window of London dates (both included); from defaults to today. */
export function windowOf(q: { from?: string; to?: string; }, now: Date): { start: Date; end: Date; } {
  const from = q.from ?? londonDate(now);
  const to = q.to ?? addDays(from, DEFAULT_WINDOW_DAYS - 1);
  return { start: new Date(londonWallTime(from, '00:00')!), end: new Date(londonWallTime(addDays(to, 1), '00:00')!) };
}

/**
 * Cleaners' first names, kept per write version of the employees (models/write-version.ts: a rename on any
 * instance moves it, so it shows in the next list): every visit list names its cleaners, and a team's
 * names barely change. One point read of the version replaces the names query on a repeat.
 */
const NAMES_MAX = 5000;
const nameCache = new Map<string, string>();
let namesVersion = -1;

/** First names of the cleaners on these visits (one query for those not kept). */
export async function firstNames(ids: Array<mongoose.Types.ObjectId | null | undefined>): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter(Boolean).map(String))];
  const out = new Map<string, string>();
  if (!unique.length) return out;
  // Read before the names: a rename during the query moves the version, so those names are not kept as current.
  const { employees: version } = await writeVersions('employees');
  if (version !== namesVersion) {
    nameCache.clear();
    namesVersion = version;
  }
  const missing = unique.filter((id) => {
    const hit = nameCache.get(id);
    if (hit !== undefined) out.set(id, hit);
    return hit === undefined;
  });
  if (!missing.length) return out;
  const rows = await Employee.find({ _id: { $in: missing } }, { name: 1 }).lean();
  if (nameCache.size + rows.length > NAMES_MAX) nameCache.clear();
  for (const e of rows) {
    const name = e.name.split(' ')[0];
    if (namesVersion === version) nameCache.set(String(e._id), name);
    out.set(String(e._id), name);
  }
  return out;
}

export function visitDto(v: VisitDoc, names: Map<string, string>): VisitDto {
  return {
    id: String(v._id),
    booking_id: String(v.plan),
    reference: v.reference ?? '',
    start: londonIso(v.start),
    state: v.state as VisitState,
    cleaner_first_name: v.employee ? (names.get(String(v.employee)) ?? '') : '',
    price_pence: v.price_pence ?? null,
    ...(v.late_charge_pence != null ? { late_charge_pence: v.late_charge_pence } : {}),
    ...(v.lockout_at ? { lockout_at: londonIso(v.lockout_at) } : {}),
  };
}

/**
 * The staff's view adds the cleaner's id, whether it is an exception, the work, and where it is.
 * `facts`: the booking's frequency as asked and its expected hours too (the cleaner's lists), read in
 * the same query. `audience` 'cleaners': a list every cleaner sees (bookings/cleaner-view.ts).
 */
export async function staffVisitDtos(rows: VisitDoc[], facts = false, audience: 'office' | 'cleaners' = 'office'): Promise<VisitDto[]> {
  const planIds = [...new Set(rows.map((v) => String(v.plan)))];
  const fields = {
    postcode: 1,
    address: 1,
    user: 1,
    submitted_work_hours: 1,
    timesheet_status: 1,
    work_submitted: 1,
    frequency: 1,
    bedrooms: 1,
    bathrooms: 1,
    quote: 1,
  };
  const [names, bookings, plans] = await Promise.all([
    firstNames(rows.map((v) => v.employee)),
    planIds.length ? Booking.find({ _id: { $in: planIds } }, fields).lean() : [],
    planIds.length ? Plan.find({ _id: { $in: planIds } }, { estimated_hours: 1 }).lean() : [],
  ]);
  const byId = new Map(bookings.map((b) => [String(b._id), b]));
  const estimateOf = new Map(plans.map((p) => [String(p._id), p.estimated_hours]));
  const users = await User.find({ _id: { $in: [...new Set(bookings.map((b) => String(b.user)))] } }, { name: 1, address: 1 }).lean();
  const people = new Map(users.map((u) => [String(u._id), u]));
  const dtos = rows.map((v): VisitDto => {
    const b = byId.get(String(v.plan));
    // The plan's first visit keeps its work on the booking (README "Plans and visits").
    const work = v.on_booking && b?.work_submitted ? b : v;
    const c = b ? people.get(String(b.user)) : undefined;
    return {
      ...visitDto(v, names),
      employee_id: v.employee ? String(v.employee) : null,
      exception: Boolean(v.exception),
      ...(work.submitted_work_hours != null ? { work_hours: work.submitted_work_hours } : {}),
      ...(work.timesheet_status ? { timesheet_status: work.timesheet_status as VisitDto['timesheet_status'] } : {}),
      postcode: b?.postcode,
      // A visit with no cleaner (a cover job) shows every cleaner the name and postcode only.
      address: audience === 'office'
        ? b?.address || c?.address || undefined
        : contactForCleaners(Boolean(v.employee), { address: b?.address || c?.address || undefined }).address,
      customer_name: c?.name,
      ...(v.cancel_reason ? { cancel_reason: v.cancel_reason } : {}),
      ...(v.lockout_at && v.lockout_note ? { lockout_note: v.lockout_note } : {}),
      ...(v.late_charge_cleaner_pence != null ? { late_charge_cleaner_pence: v.late_charge_cleaner_pence } : {}),
      ...(v.on_my_way_at ? { on_my_way_at: londonIso(v.on_my_way_at), on_my_way_minutes: v.on_my_way_minutes ?? undefined } : {}),
      // The plan's expected hours (duration.ts): the same the schedule, the calendar and the timesheets use.
      ...(b
        ? {
          expected_hours: planHours({
            estimated_hours: estimateOf.get(String(v.plan)),
            quote: b.quote as { hours?: number; } | undefined,
            bedrooms: b.bedrooms,
            bathrooms: b.bathrooms,
          }),
        }
        : {}),
      ...(facts && b ? { frequency: b.frequency } : {}),
    };
  });
  // A cover job shows every cleaner where, not what the customer asked for.
  return withRecords(audience === 'office' ? await withChecklists(rows, dtos) : dtos);
}

/** A plan's state as of today: a pause whose last day has passed is over. */
export function planStateOf(p: Pick<PlanDoc, 'state' | 'paused_until'>, today: string): PlanState {
  if (p.state === 'paused' && p.paused_until && p.paused_until < today) return 'active';
  return p.state as PlanState;
}

export function planDto(p: PlanDoc, names: Map<string, string>, today: string): PlanDto {
  return {
    frequency: p.frequency,
    days: [...(p.days ?? [])],
    time: p.time,
    state: planStateOf(p, today),
    paused_from: p.paused_from ?? null,
    paused_until: p.paused_until ?? null,
    ends_on: p.ends_on ?? null,
    cleaner_first_name: p.employee ? (names.get(String(p.employee)) ?? '') : '',
    access_notes: p.access_notes ?? '',
  };
}

/**
 * A page of visits matching `filter` in time order, and how many match. A short page says the total
 * itself (the rows before it and its own), so the count is asked only when the page is full or empty.
 */
export async function visitPage(filter: Record<string, unknown>, paging: { page: number; limit: number; }): Promise<{ rows: VisitDoc[]; info: PageInfo; }> {
  const skip = skipOf(paging);
  const rows = await Visit.find(filter).sort({ start: 1, _id: 1 }).skip(skip).limit(paging.limit).lean<VisitDoc[]>();
  const known = rows.length < paging.limit && (rows.length > 0 || skip === 0);
  const total = known ? skip + rows.length : await Visit.countDocuments(filter);
  return { rows, info: pageInfo(paging.page, paging.limit, total) };
}
