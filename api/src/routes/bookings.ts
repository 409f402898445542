// A customer's own bookings: list, create (idempotent), and change or delete while still pending.
import Router from '@koa/router';
import { MSG } from '@shared/messages';
import { EDITABLE_STATUS, PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { customerBookingsQuerySchema, pageInfo, skipOf } from '@shared/schemas/paging';
import { bookingCreateSchema, bookingUpdateSchema, isInPast } from '@shared/schemas/bookings';
import type { Deps } from '../deps';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseBody, parseId, parseQuery } from '../http/validate';
import { idempotent } from '../http/idempotency';
import { Booking, customerBooking, type BookingDoc } from '../models/Booking';
import { customerOf, requireCustomer } from '../http/auth';
import { sendBookingCancelledMail, sendBookingConfirmationMail } from '../services/booking-mail';
import { createBooking, updatePendingBooking } from '../services/bookings';

const TXT = {
  listed: (n: number) => (n === 1 ? 'Found 1 booking' : `Found ${n} bookings`),
  notFound: 'Booking not found.',
} as const;

const pastDate = () => badRequest(MSG.dateInPast, { errors: { bestDays: MSG.dateInPast } });

export function bookingsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user/bookings' });
  const customer = requireCustomer(deps);

  /** Why a conditional write matched nothing: not this customer's booking (404, existence not revealed) or no longer pending (409). */
  async function whyNot(id: string, userId: string): Promise<never> {
    if (!(await Booking.exists({ _id: id, user: userId }))) throw notFound(TXT.notFound);
    throw conflict(MSG.bookingNotEditable);
  }

  // A page of my bookings, newest first, optionally of one status.
  router.get('/', customer, async (ctx) => {
    const { page, limit = PAGE_LIMIT_DEFAULT, status } = parseQuery(ctx, customerBookingsQuerySchema);
    const filter = { user: String(customerOf(ctx)._id), ...(status === 'all' ? {} : { status }) };
    const [docs, total] = await Promise.all([
      Booking.find(filter).sort({ created_at: -1, _id: -1 }).skip(skipOf({ page, limit })).limit(limit).lean<BookingDoc[]>(),
      Booking.countDocuments(filter),
    ]);
    ctx.body = { success: true, bookings: docs.map(customerBooking), message: TXT.listed(total), ...pageInfo(page, limit, total) };
  });

  router.post('/', customer, idempotent(), async (ctx) => {
    const input = parseBody(ctx, bookingCreateSchema);
    if (isInPast(input.bestDays)) throw pastDate();
    const user = customerOf(ctx);
    const booking = await createBooking(String(user._id), input);
    // The booking stands whether or not the mail goes out; a failure is logged inside.
    void sendBookingConfirmationMail(deps, booking, user);
    ctx.status = 201;
    ctx.body = { success: true, booking: customerBooking(booking), bookingId: String(booking._id), message: MSG.bookingConfirmed };
  });

  router.put('/:id', customer, async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, bookingUpdateSchema);
    if (input.bestDays !== undefined && isInPast(input.bestDays)) throw pastDate();
    const userId = String(customerOf(ctx)._id);
    const updated = await updatePendingBooking(userId, id, input);
    if (!updated) return whyNot(id, userId);
    ctx.body = { success: true, booking: customerBooking(updated), message: MSG.bookingUpdated };
  });

  router.delete('/:id', customer, async (ctx) => {
    const id = parseId(ctx);
    const userId = String(customerOf(ctx)._id);
    const removed = await Booking.findOneAndDelete({ _id: id, user: userId, status: EDITABLE_STATUS }).lean();
    if (!removed) return whyNot(id, userId);
    // Not awaited: the mail (with its calendar cancellation) must not slow or fail the delete.
    void sendBookingCancelledMail(deps, removed as BookingDoc);
    ctx.body = { success: true, message: MSG.bookingDeleted };
  });

  return router;
}
