// A customer's own bookings: list, create (idempotent), and change or delete while still pending.
import Router from '@koa/router';
import { MSG } from '@shared/messages';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import { API_MSG } from '@shared/messages-api';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { customerBookingsQuerySchema, pageInfo } from '@shared/schemas/paging';
import { bookingCreateSchema, bookingUpdateSchema, isInPast } from '@shared/schemas/bookings';
import type { Deps } from '../deps';
import { badRequest } from '../lib/errors';
import { parseBody, parseId, parseQuery } from '../http/validate';
import { idempotent } from '../http/idempotency';
import { customerBooking } from '../services/bookings/customer-booking';
import { stateView } from '../services/bookings/state-view';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { createBookingAndTell, deletePendingAndTell } from '../services/bookings/booking-told';
import { listCustomerBookings, scheduledAtOf, updatePendingBooking, whyNotEditable } from '../services/bookings/bookings';
import { agreementFields } from '../services/bookings/booking-agreement';
import { checkStartWithin14Days } from '../services/bookings/start-rule';
import { agreementText } from '../services/prices/price-mail';

const pastDate = () => badRequest(MSG.dateInPast, { errors: { bestDays: MSG.dateInPast } });

export function bookingsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user/bookings' });
  const customer = requireCustomer(deps);

  // A page of my bookings, newest first, optionally of one status.
  router.get('/', customer, async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT, status } = parseQuery(ctx, customerBookingsQuerySchema);
    const { bookings, total, cleaners, states } = await listCustomerBookings(String(customerOf(ctx)._id), { page, limit, status }, deps.clock.now());
    const shown = bookings.map((b) => customerBooking(b, b.accepted_by ? cleaners.get(String(b.accepted_by)) : undefined, states.get(String(b._id))!));
    ctx.body = { success: true, bookings: shown, message: API_MSG.bookingsListed(total), ...pageInfo(page, limit, total) };
  });

  router.post('/', customer, idempotent(), async (ctx) => {
    const input = parseBody(ctx, bookingCreateSchema);
    if (isInPast(input.bestDays)) throw pastDate();
    checkStartWithin14Days(input, scheduledAtOf(input.bestDays), deps.clock.now());
    const user = customerOf(ctx);
    const booking = await createBookingAndTell(deps, user, { ...input, ...(await agreementFields(input)) }, (co, b) => agreementText(co, b, deps.config));
    ctx.status = 201;
    ctx.body = {
      success: true,
      booking: customerBooking(booking, undefined, stateView(booking, undefined, 'customer', deps.clock.now().getTime())),
      bookingId: String(booking._id),
      message: MSG.bookingConfirmed,
    };
  });

  router.put('/:id', customer, async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, bookingUpdateSchema);
    if (input.bestDays !== undefined && isInPast(input.bestDays)) throw pastDate();
    const userId = String(customerOf(ctx)._id);
    const updated = await updatePendingBooking(userId, id, input);
    if (!updated) return whyNotEditable(userId, id);
    ctx.body = {
      success: true,
      booking: customerBooking(updated, undefined, stateView(updated, undefined, 'customer', deps.clock.now().getTime())),
      message: CUSTOMER_MSG.bookingUpdated,
    };
  });

  router.delete('/:id', customer, async (ctx) => {
    const id = parseId(ctx);
    const userId = String(customerOf(ctx)._id);
    const removed = await deletePendingAndTell(deps, userId, id);
    if (!removed) return whyNotEditable(userId, id);
    ctx.body = { success: true, message: CUSTOMER_MSG.bookingDeleted };
  });

  return router;
}
