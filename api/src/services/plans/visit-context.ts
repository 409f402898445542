// What a notice about a visit needs to say: the visit, its booking's place and phone, the customer, the
// cleaner's names (never the access notes: notices go by mail and push) (README "Reminders and live notices").
import mongoose from 'mongoose';
import { formatPostcode } from '@shared/postcode';
import { Booking } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { User } from '../../models/User';
import { Visit, type VisitDoc } from '../../models/Visit';

export interface VisitContext {
  visit: VisitDoc;
  customer: { id: string; name: string; firstName: string; phone: string; email: string; };
  cleaner: { id: string; name: string; firstName: string; } | null;
  address: string;
  phone: string;
}

const first = (name?: string | null) => (name ?? '').trim().split(/\s+/)[0] ?? '';

/** The visit and everything a notice about it says; null when it is gone. */
export async function visitContext(visitId: string | mongoose.Types.ObjectId): Promise<VisitContext | null> {
  if (!mongoose.isValidObjectId(visitId)) return null;
  const visit = await Visit.findById(visitId).lean<VisitDoc>();
  if (!visit) return null;
  const [booking, user, cleaner] = await Promise.all([
    Booking.findById(visit.plan, { address: 1, postcode: 1, phone: 1 }).lean(),
    User.findById(visit.user, { name: 1, phone: 1, address: 1, email: 1 }).lean(),
    visit.employee ? Employee.findById(visit.employee, { name: 1 }).lean() : null,
  ]);
  const address = [booking?.address || user?.address, booking?.postcode ? formatPostcode(booking.postcode) : ''].filter(Boolean).join(', ');
  return {
    visit,
    customer: { id: String(visit.user), name: user?.name ?? '', firstName: first(user?.name), phone: user?.phone ?? '', email: user?.email ?? '' },
    cleaner: cleaner ? { id: String(cleaner._id), name: cleaner.name, firstName: first(cleaner.name) } : null,
    address,
    phone: booking?.phone || user?.phone || '',
  };
}
