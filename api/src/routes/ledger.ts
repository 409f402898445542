// GET /api/user/balance: what the customer owes (charges less payments), their payment reference, the
// company's bank details, and the lines of their account, newest first, one page.
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { pageInfo } from '@shared/schemas/paging';
import { balanceQuerySchema } from '@shared/schemas/ledger';
import type { Deps } from '../deps';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { parseQuery } from '../http/validate';
import { customerBalance } from '../services/ledger/office';

export function ledgerRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user' });

  router.get('/balance', requireCustomer(deps), async (ctx) => {
    const q = parseQuery(ctx, balanceQuerySchema);
    const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
    const { total, ...balance } = await customerBalance(String(customerOf(ctx)._id), { page: q.page, limit }, deps.config.vatPercent);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, ...balance, ...pageInfo(q.page, limit, total) };
  });

  return router;
}
