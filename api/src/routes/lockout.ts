// The cleaner's "Couldn't get in" (README "Cancellation rule"): POST /api/employee/visits/{id}/lockout.
// Idempotent twice over: the Idempotency-Key replays the first answer, and the service reports once.
// It is also kept as a problem (services/problems/), so the office's Problems page lists it.
import Router from '@koa/router';
import { CHARGE_MSG } from '@shared/messages-charges';
import { lockoutSchema } from '@shared/schemas/visits';
import type { Deps } from '../deps';
import { authOf } from '../http/auth';
import { requireEmployee } from './guards';
import { idempotent } from '../http/idempotency';
import { parseBody, parseId } from '../http/validate';
import { reportLockoutProblem } from '../services/problems/problems';

export function lockoutRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/employee/visits/:id/lockout', requireEmployee(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { note } = parseBody(ctx, lockoutSchema);
    const { visit, told } = await reportLockoutProblem(deps, authOf(ctx).sub, id, note || undefined);
    ctx.body = { success: true, message: told ? CHARGE_MSG.lockoutSent : CHARGE_MSG.lockoutAlready, visit };
  });
  return router;
}
