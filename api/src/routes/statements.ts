// The customer's monthly statements: GET /api/user/statements?month=YYYY-MM (one month, default this
// one) and GET /api/user/statements/months (a page of their months, newest first).
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { pageInfo } from '@shared/schemas/paging';
import { statementMonthsQuerySchema, statementQuerySchema } from '@shared/schemas/statements';
import type { Deps } from '../deps';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { parseQuery } from '../http/validate';
import { customerMonths, customerStatement, thisMonth } from '../services/statements/statements';

export function statementsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user' });

  router.get('/statements', requireCustomer(deps), async (ctx) => {
    const { month } = parseQuery(ctx, statementQuerySchema);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...(await customerStatement(String(customerOf(ctx)._id), month ?? thisMonth(deps.clock.now()), deps.config.vatPercent)) };
  });

  router.get('/statements/months', requireCustomer(deps), async (ctx) => {
    const q = parseQuery(ctx, statementMonthsQuerySchema);
    const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
    const { months, total } = await customerMonths(String(customerOf(ctx)._id), { page: q.page, limit }, deps.clock.now(), deps.config.vatPercent);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, months, ...pageInfo(q.page, limit, total) };
  });

  return router;
}
