// The Koa middleware chain, in one visible place.
import { constants as zlib } from 'node:zlib';
import Koa from 'koa';
import compress from 'koa-compress';
import Router from '@koa/router';
import cors from '@koa/cors';
import { errorHandler } from './http/error-answer';
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
    app.use(
      cors({
        origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''),
        allowHeaders: ['Authorization', 'Content-Type', IDEMPOTENCY_HEADER, CLIENT_ID_HEADER],
        exposeHeaders: ['Retry-After', 'Idempotent-Replayed'],
      }),
    );
  }
  // JSON answers over 1 KB go compressed as the client accepts (brotli first, else gzip): the office's
  // week schedule and lists are tens of KB of repetitive JSON that shrink about tenfold. koa-compress is
  // Koa's own middleware: it reads Accept-Encoding, sets Vary, and leaves alone an answer already encoded,
  // a HEAD, a 204/304 and a range. The PWA's own files are compressed once and kept by servePwa, so only
  // JSON is taken here. Brotli at quality 4 (its streaming default is 11): about gzip's size or better
  // for a fraction of the CPU, which matters on a 10-request-at-once office reload.
  app.use(compress({ threshold: 1024, filter: (type) => /\bjson\b/i.test(type), br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } } }));
  // Answers that need data an upgrade has not reached yet wait for it (503, Retry-After).
  app.use(upgradeGate());
  app.use(jsonBodies(deps.config.jsonLimit));
  // One router holding every area's routes: one match per request instead of one per area router
  // (eight routers in a row cost ~10 µs per request, about a sixth of the whole chain).
  const api = new Router();
  for (const router of apiRouters(deps)) api.use(router.routes());
  app.use(api.routes()).use(api.allowedMethods());
  app.use(
    servePwa(deps.config.pwaDistDir, {
      blogSlugExists,
      blogFirstPage: firstPublicPage(deps),
      blogFirstPageWaitMs: deps.config.blogFirstPageWaitMs,
      company: companyState,
    }),
  );
  // Errors after the answer has started streaming reach Koa, not errorHandler. A client that hung up
  // mid-answer (a phone going into a tunnel) is not a server fault: debug level, no stack on stderr.
  app.on('error', (err: NodeJS.ErrnoException, ctx?: Koa.Context) => {
    const hungUp = err.code === 'ERR_STREAM_PREMATURE_CLOSE' || err.code === 'ECONNRESET' || err.code === 'EPIPE';
    deps.log[hungUp ? 'debug' : 'error']({ err, path: ctx?.path, method: ctx?.method }, hungUp ? 'client went away mid-answer' : 'response failed');
  });
  return app;
}
