// The cleaner's Earnings (/api/employee/earnings): this period (or the one a date falls in) line by
// line, and the earlier periods' totals. Their own only.
import Router from '@koa/router';
import { pagingQuerySchema } from '@shared/schemas/paging';
import { earningsQuerySchema } from '@shared/schemas/pay';
import type { Deps } from '../deps';
import { authOf } from '../http/auth';
import { requireEmployee } from './guards';
import { parseQuery } from '../http/validate';
import { myEarnings, myPeriods } from '../services/pay/earnings';

export function payRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/employee' });
  const asEmployee = requireEmployee(deps);

  router.get('/earnings', asEmployee, async (ctx) => {
    const q = parseQuery(ctx, earningsQuerySchema);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...(await myEarnings(authOf(ctx).sub, q, deps.clock.now())) };
  });

  router.get('/earnings/periods', asEmployee, async (ctx) => {
    const { page } = parseQuery(ctx, pagingQuerySchema);
    ctx.set('Cache-Control', 'private, no-store');
    const { periods, info } = await myPeriods(authOf(ctx).sub, page, deps.clock.now());
    ctx.body = { success: true, periods, ...info };
  });

  return router;
}
