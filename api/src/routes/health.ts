import Router from '@koa/router';
import mongoose from 'mongoose';
import type { Deps } from '../deps';
import { readinessCheck } from '../ops/readiness';

export function healthRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  router.get('/health', (ctx) => {
    const up = mongoose.connection.readyState === 1;
    ctx.status = up ? 200 : 503;
    ctx.body = { ok: up, db: deps.dbKind, version: deps.version };
  });
  // Kubernetes-style probes: live = the process answers; ready = database open, indexes ready, timers running.
  router.get('/health/live', (ctx) => {
    ctx.body = { ok: true };
  });
  const ready = readinessCheck(deps.dbKind, () => deps.timers);
  router.get('/health/ready', async (ctx) => {
    const checks = await ready();
    const ok = checks.database && checks.indexes && checks.timers;
    ctx.status = ok ? 200 : 503;
    ctx.body = { ok, ...checks };
  });
  return router;
}
