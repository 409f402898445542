// The Koa middleware chain, in one visible place.
import Koa from 'koa';
import helmet from 'koa-helmet';
import cors from '@koa/cors';
import { koaBody } from 'koa-body';
import { errorHandler } from './http/errors';
import { servePwa } from './http/static';
import { apiRouters } from './routes/index';
import type { Deps } from './deps';

/** Third parties the PWA uses: Google sign-in, the map embed and the story video. */
const CSP = {
  useDefaults: true,
  directives: {
    'script-src': ["'self'", 'https://accounts.google.com/gsi/client'],
    'style-src': ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
    'frame-src': ["'self'", 'https://accounts.google.com', 'https://www.google.com', 'https://www.youtube-nocookie.com'],
    'connect-src': ["'self'", 'https://accounts.google.com/gsi/'],
    'img-src': ["'self'", 'data:', 'blob:', 'https:'],
    'media-src': ["'self'", 'blob:', 'https:'],
    'worker-src': ["'self'"],
  },
};

export function createApp(deps: Deps): Koa {
  const app = new Koa({ proxy: deps.config.trustProxy });
  app.use(errorHandler(deps.log));
  app.use(helmet({ contentSecurityPolicy: CSP, crossOriginEmbedderPolicy: false }));
  if (deps.config.corsOrigins.length) {
    const allowed = new Set(deps.config.corsOrigins);
    app.use(cors({ origin: (ctx) => (allowed.has(ctx.get('Origin')) ? ctx.get('Origin') : ''), allowHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'], exposeHeaders: ['Retry-After', 'Idempotent-Replayed'] }));
  }
  // JSON bodies only here; multipart routes parse their own uploads with per-route size limits.
  app.use(koaBody({ jsonLimit: deps.config.jsonLimit, formLimit: deps.config.jsonLimit, textLimit: '64kb', multipart: false, jsonStrict: true }));
  for (const router of apiRouters(deps)) app.use(router.routes()).use(router.allowedMethods());
  app.use(servePwa(deps.config.pwaDistDir));
  return app;
}
