// The office's schedule of a window (≤ 14 days): the cleaners, their visits with estimated hours, and
// what to look at — clashes, needs cover, bank holidays at the visit's postcode, closed days, time off.
// Short keys keep a week of 30 cleaners and 600 visits under 100 KB. Four reads, then pure work.
import mongoose from 'mongoose';
import { outwardCode, postcodeArea } from '@shared/bank-holidays';
import { clashingIds, visitHours } from '@shared/schedule';
import type { ScheduleAnswer, ScheduleQuery, ScheduleVisit, TimeOffState } from '@shared/schemas/schedule';
import { addDays, londonDate, weekdayOf } from '@shared/visits';
import { londonDateAndTime } from '@shared/when';
import { Booking } from '../models/Booking';
import { Employee } from '../models/Employee';
import { Plan } from '../models/Plan';
import { TimeOff } from '../models/TimeOff';
import { User } from '../models/User';
import { Visit } from '../models/Visit';
import { closedBetween, closedDates, holidayRegions, onHoliday, type Overrides } from './schedule-days';
import { holidaysBetween } from '@shared/bank-holidays';
import { BANK_HOLIDAYS } from './schedule-days';
import { windowOf } from './visits-view';

const oid = (id: string) => new mongoose.Types.ObjectId(id);
const COUNTED = new Set(['scheduled', 'completed']);

/** The Monday of the week `date` is in. */
export const mondayOf = (date: string) => addDays(date, 1 - weekdayOf(date));

export async function buildSchedule(q: ScheduleQuery, now: Date, overrides: Overrides): Promise<ScheduleAnswer> {
  const from = q.from ?? mondayOf(londonDate(now));
  const to = q.to ?? addDays(from, 6);
  const { start, end } = windowOf({ from, to }, now);
  const filter: Record<string, unknown> = { start: { $gte: start, $lt: end } };
  if (q.employee) filter.employee = q.employee === 'none' ? null : oid(q.employee);
  const rows = await Visit.find(filter, { plan: 1, employee: 1, start: 1, state: 1, needs_cover: 1, holiday_kept: 1, version: 1, lockout_at: 1, late_charge_pence: 1 }).sort({ start: 1 }).limit(5000).lean();
  const planIds = [...new Set(rows.map((v) => String(v.plan)))];
  const staffFilter: Record<string, unknown> = q.employee && q.employee !== 'none' ? { _id: oid(q.employee) } : { is_active: true, role: 'employee' };
  const [bookings, plans, staff, closed] = await Promise.all([
    Booking.find({ _id: { $in: planIds } }, { postcode: 1, bedrooms: 1, bathrooms: 1, user: 1 }).lean(),
    Plan.find({ _id: { $in: planIds } }, { estimated_hours: 1, frequency: 1 }).lean(),
    q.employee === 'none' ? [] : Employee.find(staffFilter, { name: 1 }).sort({ name: 1 }).limit(500).lean(),
    closedBetween(from, to),
  ]);
  const users = await User.find({ _id: { $in: [...new Set(bookings.map((b) => String(b.user)))] } }, { name: 1 }).lean();
  // Someone who is not (or no longer) an active cleaner but has visits in the window gets a row too.
  const missing = [...new Set(rows.map((v) => (v.employee ? String(v.employee) : '')).filter((id) => id && !staff.some((s) => String(s._id) === id)))];
  const extra = missing.length ? await Employee.find({ _id: { $in: missing } }, { name: 1 }).lean() : [];
  const cleaners = [...staff, ...extra].map((e) => ({ id: String(e._id), name: e.name }));
  const index = new Map(cleaners.map((c, i) => [c.id, i]));
  const bookingOf = new Map(bookings.map((b) => [String(b._id), b]));
  const planOf = new Map(plans.map((p) => [String(p._id), p]));
  const nameOf = new Map(users.map((u) => [String(u._id), u.name]));

  const offRows = await TimeOff.find({ employee: { $in: cleaners.map((c) => oid(c.id)) }, state: { $in: ['requested', 'approved'] }, to: { $gte: from }, from: { $lte: to } }).limit(1000).lean();
  const timeOff = offRows.map((t) => ({ id: String(t._id), c: index.get(String(t.employee)) ?? -1, from: t.from, to: t.to, state: t.state as TimeOffState }));
  const holidays = holidayRegions(from, to);
  const closedSet = closedDates(closed, from, to);

  const visits: Array<ScheduleVisit & { postcode: string }> = rows.map((v) => {
    const b = bookingOf.get(String(v.plan));
    const p = planOf.get(String(v.plan));
    const wall = londonDateAndTime(v.start)!;
    const c = v.employee ? (index.get(String(v.employee)) ?? -1) : -1;
    const out: ScheduleVisit & { postcode: string } = {
      id: String(v._id),
      c,
      d: wall.date,
      t: wall.time,
      h: visitHours(p?.estimated_hours, b?.bedrooms ?? '', b?.bathrooms ?? ''),
      n: (b && nameOf.get(String(b.user))) ?? '',
      a: outwardCode(b?.postcode ?? ''),
      s: v.state as ScheduleVisit['s'],
      v: v.version ?? 0,
      postcode: b?.postcode ?? '',
    };
    const open = v.state === 'scheduled';
    if (open && v.needs_cover && c === -1) out.nc = 1;
    if (open && !v.holiday_kept && onHoliday(holidays, wall.date, out.postcode, overrides)) out.bh = 1;
    if (open && !v.holiday_kept && closedSet.has(wall.date)) out.cd = 1;
    if (open && c !== -1 && timeOff.some((t) => t.c === c && t.state === 'approved' && t.from <= wall.date && wall.date <= t.to)) out.off = 1;
    if (p?.frequency === 'once') out.once = 1;
    if (v.lockout_at) out.lo = 1;
    if (v.late_charge_pence != null) out.lc = v.late_charge_pence;
    return out;
  });
  // Clashes count every visit of the cleaner in the window, before the area filter narrows the answer.
  const clashes = clashingIds(visits.filter((v) => COUNTED.has(v.s)).map((v) => ({ id: v.id, cleaner: v.c, d: v.d, t: v.t, h: v.h })));
  const shown = visits.filter((v) => !q.area || postcodeArea(v.postcode) === q.area);
  return {
    from,
    to,
    cleaners,
    visits: shown.map(({ postcode: _p, ...v }) => (clashes.has(v.id) ? { ...v, x: 1 } : v)),
    holidays: holidaysBetween(BANK_HOLIDAYS, from, to),
    closed,
    time_off: timeOff,
  };
}
