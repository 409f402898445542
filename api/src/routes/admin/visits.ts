// /api/admin/visits: the office's list of visits and its one change to a visit or "this and following".
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { VISIT_MSG } from '@shared/messages-api';
import { adminVisitPatchSchema, adminVisitsQuerySchema, recleanSchema } from '@shared/schemas/visits';
import { bookReclean } from '../../services/plans/reclean';
import { officeActor } from '../guards';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { listAdminVisits } from '../../services/plans/visits-admin';
import { officeChangeAndTell } from '../../services/plans/visit-actions';

export function visitsAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/visits', async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...q } = parseQuery(ctx, adminVisitsQuerySchema);
    const { visits, info } = await listAdminVisits({ ...q, limit }, deps.clock.now());
    ctx.body = { success: true, visits, ...info };
  });

  router.patch('/visits/:id', async (ctx) => {
    const id = parseId(ctx);
    const patch = parseBody(ctx, adminVisitPatchSchema);
    const rules = { now: deps.clock.now(), cutoff: deps.config.visitChangeCutoff, horizonDays: deps.config.visitHorizonDays };
    const { visit, changed } = await officeChangeAndTell(deps, officeActor(ctx), id, patch, rules);
    ctx.body = { success: true, message: VISIT_MSG.updated, visit, changed };
  });

  // The free re-clean of a visit rated 2★ or less, booked by the office (the customer is told).
  router.post('/visits/:id/reclean', async (ctx) => {
    const id = parseId(ctx);
    const { start } = parseBody(ctx, recleanSchema);
    const { visit, message } = await bookReclean(deps, {}, id, start);
    ctx.status = 201;
    ctx.body = { success: true, message, visit };
  });

  return router;
}
