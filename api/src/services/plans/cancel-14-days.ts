// The customer's cancellation within the 14-day period (bookings/booking-agreement.ts), told: the
// customer gets the cancellation (with the calendar's cancel), the plan's cleaners and the office hear of it.
import mongoose from 'mongoose';
import { CHANGES_MSG } from '@shared/messages-changes';
import { Plan } from '../../models/Plan';
import { User } from '../../models/User';
import { Visit } from '../../models/Visit';
import { cancelWithin14Days } from '../bookings/booking-agreement';
import { sendBookingCancelledMail } from '../bookings/booking-mail';
import { tellChange } from './changes';
import { bookingWithState } from './plan-summaries';
import type { ChangeDeps } from './telling';

export async function cancelWithin14DaysAndTell(deps: ChangeDeps, userId: string, bookingId: string) {
  const id = new mongoose.Types.ObjectId(bookingId);
  // Who cleans it, read before the visits are cancelled.
  const [plan, ahead] = await Promise.all([
    Plan.findById(id, { employee: 1 }).lean(),
    Visit.find({ plan: id, state: 'scheduled' }, { employee: 1 }).limit(500).lean(),
  ]);
  const result = await cancelWithin14Days(userId, bookingId, deps.clock.now());
  const { booking, charge } = result;
  void bookingWithState(bookingId, 'customer', deps.clock.now()).then((now) => sendBookingCancelledMail(deps, booking, now?.state)).catch((err: unknown) =>
    deps.log.error({ err, bookingId }, 'the 14-day cancellation receipt could not be sent')
  );
  const customer = await User.findById(userId, { name: 1 }).lean();
  const reference = booking.reference ?? '';
  await tellChange(deps, {
    key: `cancel-14-days:${bookingId}`,
    plan: bookingId,
    reference,
    employees: [plan?.employee, ...ahead.map((v) => v.employee)],
    what: CHANGES_MSG.cleanerCancelled14Days,
    toOffice: {
      subject: CHANGES_MSG.office14DaysSubject(reference),
      text: CHANGES_MSG.office14DaysText(customer?.name ?? '', reference, charge),
      url: '/office/bookings',
    },
    notOpen: ahead.filter((v) => !v.employee).map((v) => ({ visit: String(v._id), covered: false })),
  });
  return result;
}
