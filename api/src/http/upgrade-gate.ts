// While the data of an older release is being upgraded, an answer that needs the part not yet done is
// 503 with Retry-After and says so, rather than a list with some plans or visits missing.
import type { Context, Next } from 'koa';
import { HttpError } from '../lib/errors';
import { UPGRADE_MSG } from '@shared/messages-upgrade';
import { UPGRADE_RETRY_AFTER_S, upgradeInProgress } from '../lib/upgrade-state';

export function upgradeGate() {
  return async function gate(ctx: Context, next: Next) {
    const upgrade = await upgradeInProgress();
    if (upgrade) {
      const target = ctx.querystring ? `${ctx.path}?${ctx.querystring}` : ctx.path;
      if (upgrade.blocks.some((re) => re.test(target))) {
        throw new HttpError(503, UPGRADE_MSG.blocked(upgrade.percent), {
          retryAfterSeconds: UPGRADE_RETRY_AFTER_S,
          upgrading: { percent: upgrade.percent },
        });
      }
    }
    await next();
  };
}
