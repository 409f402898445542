import Router from '@koa/router';
import mongoose from 'mongoose';
import type { Deps } from '../deps';

export function healthRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', (ctx) => {
    const up = mongoose.connection.readyState === 1;
    ctx.status = up ? 200 : 503;
    ctx.body = { ok: up, db: deps.dbKind, version: deps.version };
  });
  return router;
}
