// Checklists on visits (shared/README.md "Checklists"): the cleaner's ticks and reasons, the customer's
// requests. Both may be queued offline, so both take an Idempotency-Key.
import Router from '@koa/router';
import type { Context } from 'koa';
import { CHECKLIST_MSG } from '@shared/messages-checklists';
import { checklistPatchSchema, visitRequestsSchema } from '@shared/schemas/checklists';
import type { Deps } from '../deps';
import { authOf, customerOf } from '../http/auth';
import { requireCustomer, requireEmployee } from './guards';
import { idempotent } from '../http/idempotency';
import { parseBody, parseId } from '../http/validate';
import { requestAndShow, tickAndShow } from '../services/checklists/visit-answers';

export function checklistsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const user = (ctx: Context) => String(customerOf(ctx)._id);

  router.patch('/employee/visits/:id/checklist', requireEmployee(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const patch = parseBody(ctx, checklistPatchSchema);
    ctx.body = { success: true, visit: await tickAndShow(authOf(ctx).sub, id, patch) };
  });

  router.put('/user/visits/:id/requests', requireCustomer(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const { text } = parseBody(ctx, visitRequestsSchema);
    const visit = await requestAndShow(user(ctx), id, text, { now: deps.clock.now(), cutoff: deps.config.visitChangeCutoff });
    ctx.body = { success: true, message: CHECKLIST_MSG.requestsSaved, visit };
  });

  return router;
}
