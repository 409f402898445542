// /api/admin/bookings: the bookings board and the office's moves on a booking.
import Router from '@koa/router';
import { OFFICE_MSG } from '@shared/messages-office';
import { boardQuerySchema, cancelSchema } from '@shared/schemas/office';
import { assignPlanSchema } from '@shared/schemas/visits';
import { officeActor } from '../guards';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { getBoardBooking } from '../../services/office/board-list';
import { assignBooking, cancelBooking, cleanerOf, unassignBooking } from '../../services/office/board-actions';
import { keptBoard } from '../../services/office/kept-lists';
// Plans and visits: the board's moves on a booking carry on to its plan (README "Plans and visits").
import { ruleForAccept } from '../../services/plans/visits-accept';
import { cancelPlan, dropPlan, startAssignedPlan } from '../../services/plans/visits-board';
import { syncRemindersQuietly } from '../../jobs/visit-notices';
import { confirmPrice } from '../../services/prices/price-mail';

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
    const { employeeId, first_visit, days, frequency, interval_weeks, pence_per_visit } = parseBody(ctx, assignPlanSchema);
    const now = deps.clock.now();
    const rule = await ruleForAccept(id, { first_visit, days }, now);
    const booking = await assignBooking(deps, officeActor(ctx), id, employeeId);
    // The price first, so the plan's visits are made with it (services/bookings/booking-agreement.ts).
    if (pence_per_visit !== undefined) await confirmPrice(deps, id, pence_per_visit, now);
    await startAssignedPlan(
      id,
      employeeId,
      { ...rule, ...(frequency ? { frequency } : {}), ...(interval_weeks ? { interval_weeks } : {}) },
      now,
      deps.config.visitHorizonDays,
    );
    await syncRemindersQuietly(deps, id);
    ctx.body = { success: true, message: OFFICE_MSG.assigned, booking };
  });

  router.post('/bookings/:id/unassign', async (ctx) => {
    const id = parseId(ctx);
    const was = await cleanerOf(id);
    const booking = await unassignBooking(deps, officeActor(ctx), id);
    if (was) await dropPlan(id, was);
    await syncRemindersQuietly(deps, id);
    ctx.body = { success: true, message: OFFICE_MSG.unassigned, booking };
  });

  router.post('/bookings/:id/cancel', async (ctx) => {
    const id = parseId(ctx);
    const { reason, cleaner } = parseBody(ctx, cancelSchema);
    const booking = await cancelBooking(deps, officeActor(ctx), id, reason, cleaner);
    await cancelPlan(id, reason, deps.clock.now());
    await syncRemindersQuietly(deps, id);
    ctx.body = { success: true, message: OFFICE_MSG.cancelled, booking };
  });

  return router;
}
