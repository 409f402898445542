// The Koa middleware chain, in one visible place.
import Koa from 'koa';
import Router from '@koa/router';
import cors from '@koa/cors';
import { errorHandler } from './http/errors';
import { jsonBodies } from './http/body';
import { CLIENT_ID_HEADER, IDEMPOTENCY_HEADER } from '@shared/constants';
import { securityHeaders } from './http/security-headers';
import { upgradeGate } from './http/upgrade-gate';
import { servePwa } from './http/static';
import { blogSlugExists } from './services/blog/blog';
import { firstPublicPage } from './routes/blog';
import { apiRouters } from './routes/index';
import { companyState, setCompanyClock } from './services/office/company';
import type { Deps } from './deps';
import { createMetrics, metricsEndpoint, requestMetrics } from './ops/metrics';

export function createApp(deps: Deps): Koa {
  setCompanyClock(deps.clock);
  // Behind N trusted proxies only the last N X-Forwarded-For entries count (each proxy appends the
  // address it saw); without maxIpsCount Koa took the leftmost entry, which the client writes itself.
  const hops = deps.config.trustProxyHops;
  const app = new Koa({ proxy: hops > 0, maxIpsCount: hops });
  const metrics = deps.metrics ?? createMetrics();
  app.use(requestMetrics(metrics));
  app.use(errorHandler(deps.log));
  app.use(securityHeaders());
  app.use(metricsEndpoint(metrics, deps.config.metricsToken));
  if (deps.config.corsOrigins.length) {
    const allowed = new Set(deps.config.corsOrigins);
    app.use(cors({ origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''), allowHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, CLIENT_ID_HEADER], exposeHeaders: ['Retry-After', 'Idempotent-Replayed'] }));
  }
  // Answers that need data an upgrade has not reached yet wait for it (503, Retry-After).
  app.use(upgradeGate());
  app.use(jsonBodies(deps.config.jsonLimit));
  // One router holding every area's routes: one match per request instead of one per area router
  // (eight routers in a row cost ~10 µs per request, about a sixth of the whole chain).
  const api = new Router();
  for (const router of apiRouters(deps)) api.use(router.routes());
  app.use(api.routes()).use(api.allowedMethods());
  app.use(servePwa(deps.config.pwaDistDir, { blogSlugExists, blogFirstPage: firstPublicPage(deps), blogFirstPageWaitMs: deps.config.blogFirstPageWaitMs, company: companyState }));
  // Errors after the answer has started streaming reach Koa, not errorHandler. A client that hung up
  // mid-answer (a phone going into a tunnel) is not a server fault: debug level, no stack on stderr.
  app.on('error', (err: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    const hungUp = err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE';
    deps.log[hungUp ? 'debug' : 'error']({ err, path: ctx?.path, method: ctx?.method }, hungUp ? 'client went away mid-answer' : 'response failed');
  });
  return app;
}
