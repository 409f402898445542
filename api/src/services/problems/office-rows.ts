// The office's problem rows say where and who: the visit's reference and time, the customer, the
// cleaner's first name and the postcode — read for a whole page at once. Never the access notes.
import { londonIso } from '@shared/visits';
import type { ProblemDto } from '@shared/schemas/photos';
import { Booking } from '../../models/Booking';
import type { ProblemDoc } from '../../models/Problem';
import { User } from '../../models/User';
import { Visit } from '../../models/Visit';
import { firstNames } from '../plans/visits-view';

export async function officeRows(rows: ProblemDoc[], dto: (p: ProblemDoc) => ProblemDto): Promise<ProblemDto[]> {
  const [visits, users, bookings, names] = await Promise.all([
    Visit.find({ _id: { $in: rows.map((p) => p.visit) } }, { reference: 1, start: 1 }).lean(),
    User.find({ _id: { $in: rows.map((p) => p.user) } }, { name: 1 }).lean(),
    Booking.find({ _id: { $in: rows.map((p) => p.plan) } }, { postcode: 1 }).lean(),
    firstNames(rows.map((p) => p.employee)),
  ]);
  const visitOf = new Map(visits.map((v) => [String(v._id), v]));
  const userOf = new Map(users.map((u) => [String(u._id), u]));
  const bookingOf = new Map(bookings.map((b) => [String(b._id), b]));
  return rows.map((p) => {
    const v = visitOf.get(String(p.visit));
    return {
      ...dto(p),
      reference: v?.reference ?? '',
      ...(v ? { visit_start: londonIso(v.start) } : {}),
      customer_name: userOf.get(String(p.user))?.name ?? '',
      cleaner_first_name: names.get(String(p.employee)) ?? '',
      postcode: bookingOf.get(String(p.plan))?.postcode ?? '',
    };
  });
}
