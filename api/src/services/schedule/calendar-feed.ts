// What a calendar address lists (README "Calendar subscription"): the person's visits from a month back
// to the generation horizon, at most FEED_MAX_EVENTS, soonest first. A cleaner's: the visits assigned
// to them, with the customer's first name and the address. A customer's: their plans' visits, with the
// cleaner's first name only. Skipped and cancelled visits are left out (as are visits given to another
// cleaner or released): a calendar app drops an entry whose UID no longer comes, in every app alike.
import mongoose from 'mongoose';
import { CALENDAR_MSG } from '@shared/messages-calendar';
import { cleaningTitle } from '@shared/booking-summary';
import { planHours } from '@shared/duration';
import { firstName } from '@shared/names';
import { formatPostcode } from '@shared/postcode';
import { addDays, londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import type { VisitState } from '@shared/schemas/visits';
import { Booking } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';
import { currentCompany } from '../office/company';
import { feedIcs, type FeedEvent } from './calendar-ics';
import type { CalendarOwner } from './calendar-address';

/** Days of past visits a feed keeps (last month's cleans stay in the calendar). */
export const FEED_PAST_DAYS = 31;
/** The most entries one feed carries: a bounded answer, whatever the horizon (≈ 3 visits a day for 91 days + a month back). */
export const FEED_MAX_EVENTS = 400;
/** A visit's states a feed lists. */
const LISTED_STATES: VisitState[] = ['scheduled', 'completed'];

interface Where {
  postcode: string;
  address: string;
  cleaningType: string;
  hours: number;
  customer: string;
}

/** The feed of this person, or null when they no longer may have one (a blocked or closed customer account, a deactivated cleaner). */
export async function calendarFeed(o: CalendarOwner, now: Date, horizonDays: number): Promise<string | null> {
  const who = new mongoose.Types.ObjectId(o.id);
  const person = o.kind === 'customer'
    ? await User.findOne({ _id: who, blocked: { $ne: true }, closed_at: null }, { _id: 1 }).lean()
    : await Employee.findOne({ _id: who, is_active: true }, { _id: 1 }).lean();
  if (!person) return null;
  const today = londonDate(now);
  const start = new Date(londonWallTime(addDays(today, -FEED_PAST_DAYS), '00:00')!);
  const end = new Date(londonWallTime(addDays(today, horizonDays + 1), '00:00')!);
  const filter: Record<string, unknown> = {
    [o.kind === 'customer' ? 'user' : 'employee']: who,
    state: { $in: LISTED_STATES },
    start: { $gte: start, $lt: end },
  };
  const visits = await Visit.find(filter).sort({ start: 1, _id: 1 }).limit(FEED_MAX_EVENTS).lean<VisitDoc[]>();
  const places = await wherePerPlan(visits);
  const names = o.kind === 'customer' ? await cleanerFirstNames(visits) : new Map<string, string>();
  const company = (await currentCompany()).name;
  const events: FeedEvent[] = [];
  for (const v of visits) {
    const w = places.get(String(v.plan));
    if (!w) continue;
    const reference = v.reference ?? '';
    const cleaner = v.employee ? names.get(String(v.employee)) : undefined;
    const done = v.state === 'completed' ? [CALENDAR_MSG.completed] : [];
    events.push({
      id: String(v._id),
      start: v.start,
      end: new Date(v.start.getTime() + w.hours * 3600_000),
      summary: o.kind === 'customer' ? CALENDAR_MSG.customerSummary(company, reference) : CALENDAR_MSG.cleanerSummary(w.postcode, reference),
      description: [
        cleaningTitle(w.cleaningType),
        o.kind === 'customer' ? (cleaner ? CALENDAR_MSG.yourCleaner(cleaner) : CALENDAR_MSG.noCleanerYet) : CALENDAR_MSG.customer(w.customer),
        ...done,
      ].join('\n'),
      location: [w.address, w.postcode].filter(Boolean).join(', '),
      updatedAt: v.updated_at ?? v.created_at,
      version: v.version ?? 0,
      createdAt: v.created_at,
    });
  }
  return feedIcs(CALENDAR_MSG.calendarName(company), events);
}

/** Each plan's place, kind of clean, expected length and customer's first name (two queries). */
async function wherePerPlan(visits: VisitDoc[]): Promise<Map<string, Where>> {
  const ids = [...new Set(visits.map((v) => String(v.plan)))];
  if (!ids.length) return new Map();
  const [bookings, plans] = await Promise.all([
    Booking.find({ _id: { $in: ids } }, { postcode: 1, address: 1, user: 1, cleaningType: 1, bedrooms: 1, bathrooms: 1, quote: 1 }).lean(),
    Plan.find({ _id: { $in: ids } }, { estimated_hours: 1 }).lean(),
  ]);
  const estimateOf = new Map(plans.map((p) => [String(p._id), p.estimated_hours]));
  const users = await User.find({ _id: { $in: [...new Set(bookings.map((b) => String(b.user)))] } }, { name: 1, address: 1 }).lean();
  const people = new Map(users.map((u) => [String(u._id), u]));
  return new Map(
    bookings.map((b) => {
      const c = people.get(String(b.user));
      const where: Where = {
        postcode: formatPostcode(b.postcode),
        address: b.address || c?.address || '',
        cleaningType: b.cleaningType,
        hours: planHours({
          estimated_hours: estimateOf.get(String(b._id)),
          quote: b.quote as { hours?: number; } | undefined,
          bedrooms: b.bedrooms,
          bathrooms: b.bathrooms,
        }),
        customer: c ? firstName(c.name) : '',
      };
      return [String(b._id), where];
    }),
  );
}

/** The cleaners' first names, and nothing else of them (a customer's feed). */
async function cleanerFirstNames(visits: VisitDoc[]): Promise<Map<string, string>> {
  const ids = [...new Set(visits.map((v) => v.employee).filter(Boolean).map(String))];
  if (!ids.length) return new Map();
  const rows = await Employee.find({ _id: { $in: ids } }, { name: 1 }).lean();
  return new Map(rows.map((e) => [String(e._id), firstName(e.name)]));
}
