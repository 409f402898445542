// /api/admin/visits: the office's list of visits and its one change to a visit or "this and following".
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { VISIT_MSG } from '@shared/messages-api';
import { adminVisitPatchSchema, adminVisitsQuerySchema } from '@shared/schemas/visits';
import { officeActor } from '../guards';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { listAdminVisits, patchAdminVisit } from '../../services/plans/visits-admin';
import { visitChanged } from '../visit-changed';
import { tellCovered } from '../../services/schedule/schedule-mail';

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
    const { visit, changed, change } = await patchAdminVisit(officeActor(ctx), id, patch, rules);
    await visitChanged(deps, change);
    // A needs-cover visit given a cleaner: its customer hears who comes instead.
    if (patch.employee_id !== undefined) void tellCovered(deps, [(visit as { booking_id: string }).booking_id]);
    ctx.body = { success: true, message: VISIT_MSG.updated, visit, changed };
  });

  return router;
}
