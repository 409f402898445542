// /api/admin/bookings: the bookings board and the office's moves on a booking.
import Router from '@koa/router';
import { OFFICE_MSG } from '@shared/messages-office';
import { boardQuerySchema, cancelSchema } from '@shared/schemas/office';
import { assignPlanSchema } from '@shared/schemas/visits';
import { officeActor } from '../guards';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { getBoardBooking } from '../../services/office/board-list';
import { keptBoard } from '../../services/office/kept-lists';
// Plans and visits: the board's moves on a booking carry on to its plan (README "Plans and visits").
import { assignAndTell, cancelAndTell, unassignAndTell } from '../../services/plans/board-moves';

export function bookingsBoardRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/bookings', async (ctx) => {
    const q = parseQuery(ctx, boardQuerySchema);
    const { bookings, ...total } = await keptBoard(q, deps.clock.now());
    ctx.body = { success: true, bookings, page: q.page, limit: q.limit, ...total };
  });

  router.get('/bookings/:id', async (ctx) => {
    ctx.body = { success: true, booking: await getBoardBooking(parseId(ctx), deps.clock.now().getTime()) };
  });

  router.post('/bookings/:id/assign', async (ctx) => {
    const id = parseId(ctx);
    const booking = await assignAndTell(deps, officeActor(ctx), id, parseBody(ctx, assignPlanSchema));
    ctx.body = { success: true, message: OFFICE_MSG.assigned, booking };
  });

  router.post('/bookings/:id/unassign', async (ctx) => {
    const booking = await unassignAndTell(deps, officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: OFFICE_MSG.unassigned, booking };
  });

  router.post('/bookings/:id/cancel', async (ctx) => {
    const id = parseId(ctx);
    const { reason, cleaner } = parseBody(ctx, cancelSchema);
    const booking = await cancelAndTell(deps, officeActor(ctx), id, reason, cleaner);
    ctx.body = { success: true, message: OFFICE_MSG.cancelled, booking };
  });

  return router;
}
