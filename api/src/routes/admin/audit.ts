// GET /api/admin/audit: the office's audit log, newest first, paged. There is no route that changes it.
import Router from '@koa/router';
import type { Deps } from '../../deps';
import { auditQuerySchema } from '@shared/schemas/office';
import { parseQuery } from '../../http/validate';
import { keptAudit } from '../../services/office/kept-lists';

export function auditRouter(deps: Deps): Router {
  const router = new Router();
  router.get('/audit', async (ctx) => {
    const q = parseQuery(ctx, auditQuerySchema);
    const { entries, ...total } = await keptAudit(q, deps.clock.now());
    ctx.body = { success: true, entries, page: q.page, limit: q.limit, ...total };
  });
  return router;
}
