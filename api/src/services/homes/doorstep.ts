// What the visit's own cleaner needs at the door: the customer's phone on every visit of theirs, and the
// home's access notes, keys, alarm code, parking and pets on the visit's London day only (the day before
// and after, the card says they come on the day). Cover jobs and other cleaners' lists never call this.
import mongoose from 'mongoose';
import type { VisitDto } from '@shared/schemas/visits';
import type { VisitDoorstepDto } from '@shared/schemas/homes';
import { Booking } from '../../models/Booking';
import { Home, type HomeDoc } from '../../models/Home';
import { Plan } from '../../models/Plan';
import { User } from '../../models/User';
import { openField } from '../../lib/field-crypto';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

/** The doorstep of a home (or, for a plan the upgrade has not reached yet, its own plain notes). */
function doorstepOf(home: HomeDoc | undefined, planNotes: string): VisitDoorstepDto {
  return {
    label: home?.label ?? '',
    access_notes: home ? openField(home.access_notes) : planNotes,
    keys: openField(home?.keys),
    alarm_code: openField(home?.alarm_code),
    parking: home?.parking ?? '',
    pets: home?.pets ?? '',
  };
}

/** The cleaner's own visits with the customer's phone, and on `today` (London date) the doorstep. */
export async function withDoorstep(visits: VisitDto[], today: string): Promise<VisitDto[]> {
  const ids = [...new Set(visits.map((v) => v.booking_id))];
  if (!ids.length) return visits;
  const todays = new Set(visits.filter((v) => v.start.slice(0, 10) === today).map((v) => v.booking_id));
  const [bookings, plans] = await Promise.all([
    Booking.find({ _id: { $in: ids.map(oid) } }, { phone: 1, user: 1 }).lean(),
    todays.size ? Plan.find({ _id: { $in: [...todays].map(oid) } }, { home: 1, access_notes: 1 }).lean() : [],
  ]);
  const homeIds = plans.map((p) => p.home).filter((h): h is mongoose.Types.ObjectId => Boolean(h));
  const [users, homes] = await Promise.all([
    User.find({ _id: { $in: bookings.map((b) => b.user) } }, { phone: 1 }).lean(),
    homeIds.length ? Home.find({ _id: { $in: homeIds } }).lean<HomeDoc[]>() : [],
  ]);
  const phoneOf = new Map(users.map((u) => [String(u._id), u.phone ?? '']));
  const bookingOf = new Map(bookings.map((b) => [String(b._id), b]));
  const homeOf = new Map(homes.map((h) => [String(h._id), h]));
  const planOf = new Map(plans.map((p) => [String(p._id), p]));
  return visits.map((v) => {
    const b = bookingOf.get(v.booking_id);
    const phone = b?.phone || (b ? phoneOf.get(String(b.user)) : '') || '';
    const p = v.start.slice(0, 10) === today ? planOf.get(v.booking_id) : undefined;
    if (!p) return { ...v, customer_phone: phone };
    const doorstep = doorstepOf(p.home ? homeOf.get(String(p.home)) : undefined, p.access_notes ?? '');
    return { ...v, customer_phone: phone, access_notes: doorstep.access_notes, doorstep };
  });
}
