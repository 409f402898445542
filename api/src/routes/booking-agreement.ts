// A customer cancels a booking within the 14-day cancellation period (POST
// /api/user/bookings/{id}/cancel-within-14-days): the visits already done are charged, nothing else.
import Router from '@koa/router';
import { PRICE_MSG } from '@shared/messages-prices';
import type { Deps } from '../deps';
import { customerBooking } from '../services/bookings/customer-booking';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { idempotent } from '../http/idempotency';
import { parseId } from '../http/validate';
import { cancelWithin14DaysAndTell } from '../services/plans/cancel-14-days';
import { customerStateOf } from '../services/plans/plan-summaries';

export function bookingAgreementRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user/bookings' });

  router.post('/:id/cancel-within-14-days', requireCustomer(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { booking, charge } = await cancelWithin14DaysAndTell(deps, String(customerOf(ctx)._id), id);
    ctx.body = {
      success: true,
      message: PRICE_MSG.cancel14Done(charge),
      booking: customerBooking(booking, undefined, await customerStateOf(booking, deps.clock.now())),
      charge_pence: charge,
    };
  });

  return router;
}
