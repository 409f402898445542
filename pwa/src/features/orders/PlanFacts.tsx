// What a plan is, in Booking Details and on its card: how often and when, the home, the cleaner, the
// price per visit (confirmed by the office or still the estimate) and the expected length of a visit.
import { PLAN_MSG as M } from '@shared/messages-plans';
import { formatPence } from '@shared/pricing';
import { hoursText } from '@shared/duration';
import { formatPostcode } from '@shared/postcode';
import type { Booking } from '@shared/schemas/bookings';
import type { PlanDto } from '@shared/schemas/visits';

export function PlanFacts({ booking, plan }: { booking: Booking; plan: PlanDto; }) {
  const price = plan.price_pence ?? booking.price_pence ?? null;
  const confirmed = plan.price_confirmed ?? booking.price_confirmed ?? false;
  return (
    <dl className="booking-card__facts">
      <div className="plan-card__wide">
        <dt>How often</dt>
        <dd>
          {M.frequency(plan.frequency, plan.days)} {M.atTime(plan.time)} ({M.ukTime})
        </dd>
      </div>
      <div className="plan-card__wide">
        <dt>{M.home}</dt>
        <dd>{[booking.address, formatPostcode(booking.postcode)].filter(Boolean).join(', ')}</dd>
      </div>
      <div>
        <dt>{M.cleaner}</dt>
        <dd>{plan.cleaner_first_name || M.noCleaner}</dd>
      </div>
      <div>
        <dt>{M.pricePerVisit}</dt>
        <dd>{price === null ? M.priceToConfirm : confirmed ? M.priceConfirmed(formatPence(price)) : M.priceEstimated(formatPence(price))}</dd>
      </div>
      {plan.expected_hours !== undefined && (
        <div>
          <dt>{M.visitLength}</dt>
          <dd>{hoursText(plan.expected_hours)}</dd>
        </div>
      )}
    </dl>
  );
}
