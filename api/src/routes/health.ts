import Router from '@koa/router';
import mongoose from 'mongoose';
import type { Deps } from '../deps';
import { dataSizeProbe, sizeWarning, type DataSize } from '../ops/data-size';
import { readinessCheck } from '../ops/readiness';
import { UPGRADE_MSG } from '@shared/messages-upgrade';
import { upgradeInProgress } from '../lib/upgrade-state';

/** How far the data upgrade after a new release is, in the office's words; undefined when none runs. */
async function upgradingNow(): Promise<{ percent: number; message: string; } | undefined> {
  const upgrade = await upgradeInProgress();
  return upgrade ? { percent: upgrade.percent, message: UPGRADE_MSG.progress(upgrade.percent) } : undefined;
}

/** `serves`: the size past which the embedded database's health warns (SIZE_WARNING_CUSTOMERS / _BOOKINGS). */
export function healthRouter(deps: Deps, serves: DataSize = deps.config.sizeWarningAt): Router {
  const router = new Router({ prefix: '/api' });
  const dataSize = dataSizeProbe();
  router.get('/health', async (ctx) => {
    const up = mongoose.connection.readyState === 1;
    ctx.status = up ? 200 : 503;
    const size = up && deps.dbKind === 'embedded' ? await dataSize().catch(() => undefined) : undefined;
    const size_warning = size && sizeWarning(size, serves);
    // The office home reads its two notices (the size, an upgrade in progress) from this one answer.
    const upgrading = up ? await upgradingNow() : undefined;
    ctx.body = { ok: up, db: deps.dbKind, version: deps.version, ...(size_warning ? { size_warning } : {}), ...(upgrading ? { upgrading } : {}) };
  });
  // Kubernetes-style probes: live = the process answers; ready = database open, indexes ready, timers running.
  router.get('/health/live', (ctx) => {
    ctx.body = { ok: true };
  });
  const ready = readinessCheck(deps.dbKind, () => deps.timers);
  router.get('/health/ready', async (ctx) => {
    const checks = await ready();
    const ok = checks.database && checks.indexes && checks.timers;
    // An upgrade in progress does not take the instance out of service: it answers meanwhile (what
    // needs the part not done is 503 on its own), and the probe says how far it is.
    const upgrading = await upgradingNow();
    ctx.status = ok ? 200 : 503;
    ctx.body = { ok, ...checks, ...(upgrading ? { upgrading } : {}) };
  });
  return router;
}
