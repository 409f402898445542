// /api/admin/bookings: the bookings board and the office's moves on a booking.
import Router from '@koa/router';
import { OFFICE_MSG } from '@shared/messages-office';
import { assignSchema, boardQuerySchema, cancelSchema } from '@shared/schemas/office';
import { officeActor } from '../../http/auth';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import * as board from '../../services/office/board';

export function bookingsBoardRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/bookings', async (ctx) => {
    const q = parseQuery(ctx, boardQuerySchema);
    const { bookings, total } = await board.listBoard(q);
    ctx.body = { success: true, bookings, page: q.page, limit: q.limit, total };
  });

  router.get('/bookings/:id', async (ctx) => {
    ctx.body = { success: true, booking: await board.getBoardBooking(parseId(ctx)) };
  });

  router.post('/bookings/:id/assign', async (ctx) => {
    const id = parseId(ctx);
    const { employeeId } = parseBody(ctx, assignSchema);
    ctx.body = { success: true, message: OFFICE_MSG.assigned, booking: await board.assignBooking(deps, officeActor(ctx), id, employeeId) };
  });

  router.post('/bookings/:id/unassign', async (ctx) => {
    const id = parseId(ctx);
    ctx.body = { success: true, message: OFFICE_MSG.unassigned, booking: await board.unassignBooking(deps, officeActor(ctx), id) };
  });

  router.post('/bookings/:id/cancel', async (ctx) => {
    const id = parseId(ctx);
    const { reason, cleaner } = parseBody(ctx, cancelSchema);
    ctx.body = { success: true, message: OFFICE_MSG.cancelled, booking: await board.cancelBooking(deps, officeActor(ctx), id, reason, cleaner) };
  });

  return router;
}
