// Bank holidays and closed days ahead, with the visits each touches (scheduled, at a postcode whose
// region has the holiday — every region for a closed day — and not kept by the office), and the bulk
// action per date: move each to the next working day, skip it (the customer is told), or keep it.
// Each visit changes by one write conditional on its version; a second call finds nothing left to do.
import mongoose from 'mongoose';
import { SCHEDULE_MSG } from '@shared/messages-schedule';
import { holidaysBetween, regionOfPostcode } from '@shared/bank-holidays';
import { pageInfo, skipOf } from '@shared/schemas/paging';
import type { ClosedDaysDto, HolidayDto, ResolveAction } from '@shared/schemas/schedule';
import { addDays, londonDate } from '@shared/visits';
import { londonDateAndTime, londonWallTime } from '@shared/when';
import { Booking } from '../../models/Booking';
import { ClosedDays } from '../../models/ClosedDays';
import { Visit } from '../../models/Visit';
import { notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../office/audit';
import { BANK_HOLIDAYS, closedBetween, closedDates, closedDto, nextWorkingDay, type Overrides } from './schedule-days';
import { windowOf } from '../plans/visits-view';

const HOLIDAY_DEFAULT_DAYS = 90;

interface Affected {
  _id: mongoose.Types.ObjectId;
  plan: mongoose.Types.ObjectId;
  start: Date;
  version: number;
  postcode: string;
  day: string;
  employee?: mongoose.Types.ObjectId | null;
  reference?: string | null;
}

/** The days from–to: bank holidays (with their regions) and closed days, one entry per date. */
async function daysBetween(from: string, to: string) {
  const out = new Map<string, { date: string; title: string; regions: string[]; closed: boolean; }>();
  for (const h of holidaysBetween(BANK_HOLIDAYS, from, to)) out.set(h.date, { ...h, regions: [...h.regions], closed: false });
  const closed = await closedBetween(from, to);
  for (const c of closed) for (const d of closedDates([c], from, to)) out.set(d, { date: d, title: c.note, regions: out.get(d)?.regions ?? [], closed: true });
  return [...out.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** Scheduled, unkept visits still ahead on these dates that the day touches at their postcode. */
async function affected(days: Array<{ date: string; regions: string[]; closed: boolean; }>, now: Date, overrides: Overrides): Promise<Affected[]> {
  if (!days.length) return [];
  const { start, end } = windowOf({ from: days[0].date, to: days[days.length - 1].date }, now);
  const byDate = new Map(days.map((d) => [d.date, d]));
  const rows = await Visit.find({
    start: { $gte: start > now ? start : now, $lt: end },
    state: 'scheduled',
    holiday_kept: { $ne: true },
    day: { $in: [...byDate.keys()] },
  }, { plan: 1, start: 1, version: 1, day: 1, employee: 1, reference: 1 }).limit(20_000).lean();
  const bookings = await Booking.find({ _id: { $in: [...new Set(rows.map((v) => String(v.plan)))] } }, { postcode: 1 }).lean();
  const postcodeOf = new Map(bookings.map((b) => [String(b._id), b.postcode]));
  return rows
    .map((v) => ({ ...v, version: v.version ?? 0, postcode: postcodeOf.get(String(v.plan)) ?? '' }) as Affected)
    .filter((v) => {
      const d = byDate.get(v.day);
      return Boolean(d && (d.closed || d.regions.includes(regionOfPostcode(v.postcode, overrides))));
    });
}

export async function listHolidays(q: { from?: string; to?: string; }, now: Date, overrides: Overrides): Promise<HolidayDto[]> {
  const from = q.from ?? londonDate(now);
  const to = q.to ?? addDays(from, HOLIDAY_DEFAULT_DAYS - 1);
  const days = await daysBetween(from, to);
  const hits = await affected(days, now, overrides);
  const count = new Map<string, number>();
  for (const v of hits) count.set(v.day, (count.get(v.day) ?? 0) + 1);
  return days.map((d) => ({ ...d, visits: count.get(d.date) ?? 0 }));
}

/** A visit a holiday moved or skipped: its customer and cleaner are told (plans/changes.ts). */
export interface HolidayChange {
  plan: unknown;
  visit: string;
  version: number;
  reference: string;
  employee: unknown;
  before: Date;
}

export interface Resolved {
  changed: number;
  moved: Array<HolidayChange & { after: Date; }>;
  skipped: HolidayChange[];
}

const holidayChange = (v: Affected): HolidayChange => ({
  plan: v.plan,
  visit: String(v._id),
  version: v.version + 1,
  reference: String(v.reference ?? ''),
  employee: v.employee,
  before: v.start,
});

export async function resolveHoliday(actor: AuditActor, date: string, action: ResolveAction, now: Date, overrides: Overrides): Promise<Resolved> {
  const [day] = await daysBetween(date, date);
  if (!day) throw notFound(SCHEDULE_MSG.notAHoliday);
  const hits = await affected([day], now, overrides);
  const out: Resolved = { changed: 0, moved: [], skipped: [] };
  for (const v of hits) {
    const claim = { _id: v._id, version: v.version, state: 'scheduled' as const };
    if (action === 'keep') {
      out.changed += (await Visit.updateOne(claim, { $set: { holiday_kept: true }, $inc: { version: 1 } })).modifiedCount;
    } else if (action === 'skip') {
      const ok = (await Visit.updateOne(claim, { $set: { state: 'skipped', exception: true }, $inc: { version: 1 } })).modifiedCount;
      if (ok) out.skipped.push(holidayChange(v));
      out.changed += ok;
    } else {
      const taken = new Set(
        (await Visit.find({ plan: v.plan, state: { $in: ['scheduled', 'completed'] }, start: { $gt: v.start } }, { day: 1 }).limit(100).lean()).map((x) =>
          x.day
        ),
      );
      const to = await nextWorkingDay(date, v.postcode, overrides, taken);
      const after = new Date(londonWallTime(to, londonDateAndTime(v.start)!.time)!);
      const ok = (await Visit.updateOne(claim, { $set: { start: after, day: to, exception: true }, $inc: { version: 1 } })).modifiedCount;
      if (ok) out.moved.push({ ...holidayChange(v), after });
      out.changed += ok;
    }
  }
  await recordAudit({
    actor,
    action: `holiday.${action}`,
    target: { type: 'company', id: date, label: `${day.title} (${date})` },
    after: { changed: out.changed },
  });
  return out;
}

export async function listClosedDays(paging: { page: number; limit: number; }) {
  const [rows, total] = await Promise.all([
    ClosedDays.find({}).sort({ from: -1, _id: 1 }).skip(skipOf(paging)).limit(paging.limit).lean(),
    ClosedDays.countDocuments({}),
  ]);
  return { closed_days: rows.map(closedDto), ...pageInfo(paging.page, paging.limit, total) };
}

export async function addClosedDays(actor: AuditActor, input: { from: string; to: string; note: string; }): Promise<ClosedDaysDto> {
  const c = await ClosedDays.create(input);
  await recordAudit({
    actor,
    action: 'closed-days.added',
    target: { type: 'company', id: String(c._id), label: `${input.note} (${input.from} – ${input.to})` },
    after: input,
  });
  return closedDto(c);
}

export async function removeClosedDays(actor: AuditActor, id: string): Promise<void> {
  const c = await ClosedDays.findOneAndDelete({ _id: new mongoose.Types.ObjectId(id) }).lean();
  if (!c) throw notFound(SCHEDULE_MSG.closedDayNotFound);
  await recordAudit({
    actor,
    action: 'closed-days.removed',
    target: { type: 'company', id, label: `${c.note} (${c.from} – ${c.to})` },
    before: { from: c.from, to: c.to, note: c.note },
  });
}
