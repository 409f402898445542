// GET /api/company: the company's details every page shows (public, small, briefly cacheable).
import Router from '@koa/router';
import type { Deps } from '../deps';
import { companyState } from '../services/office/company';

export function companyRouter(_deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/company', async (ctx) => {
    const { company, tag } = await companyState();
    // Browsers and proxies may reuse it briefly; a page asks at most about once a minute anyway.
    ctx.set('Cache-Control', 'public, max-age=30');
    ctx.status = 200;
    ctx.etag = tag;
    if (ctx.fresh) {
      ctx.status = 304;
      return;
    }
    ctx.body = { success: true, company };
  });
  return router;
}
