// The public price list (GET /api/price-list: what the wizard prices with, cached by it for offline)
// and POST /api/quote (the wizard's answers → the price, by the same shared rule).
import Router from '@koa/router';
import type { Context } from 'koa';
import { quoteRequestSchema, type PublicPriceList } from '@shared/schemas/prices';
import type { Deps } from '../deps';
import { rateLimit } from '../http/rate-limit';
import { parseBody } from '../http/validate';
import { currentPriceList, quoteNow } from '../services/prices/prices';

/** As the public forms: generous for people, tight for scripts (per IP). */
const QUOTE_MAX = 60;
const QUOTE_WINDOW_MS = 10 * 60 * 1000;

export function pricesRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });

  router.get('/price-list', async (ctx) => {
    const { list, version } = await currentPriceList();
    const body: PublicPriceList = {
      list,
      version,
      change_cutoff: deps.config.visitChangeCutoff,
      late_change_charge_percent: deps.config.lateChangeChargePercent,
    };
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { success: true, ...body };
  });

  router.post(
    '/quote',
    rateLimit({ name: 'quote', max: QUOTE_MAX, windowMs: QUOTE_WINDOW_MS, key: (ctx: Context) => ctx.ip, clock: deps.clock }),
    async (ctx) => {
      const q = await quoteNow(parseBody(ctx, quoteRequestSchema));
      ctx.body = { success: true, ...q };
    },
  );

  return router;
}
