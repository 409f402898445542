// GET /stats?from=&to=: the company's figures for the office home.
import Router from '@koa/router';
import { statsQuerySchema } from '@shared/schemas/stats';
import { parseQuery } from '../../http/validate';
import { companyStats } from '../../services/office/stats';
import type { Deps } from '../../deps';

export function statsRouter(deps: Deps): Router {
  const router = new Router();
  router.get('/stats', async (ctx) => {
    const q = parseQuery(ctx, statsQuerySchema);
    ctx.body = { success: true, stats: await companyStats(q.from, q.to, deps.clock.now()) };
  });
  return router;
}
