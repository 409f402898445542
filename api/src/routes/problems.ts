// Problems from the doorstep (shared/README.md "Problems"): the cleaner's report at their own visit,
// offline too (Idempotency-Key, and the phone's own problem id so its photos can name it).
import Router from '@koa/router';
import { PROBLEM_MSG } from '@shared/messages-photos';
import { problemSchema } from '@shared/schemas/photos';
import type { Deps } from '../deps';
import { authOf } from '../http/auth';
import { requireEmployee } from './guards';
import { idempotent } from '../http/idempotency';
import { parseBody, parseId } from '../http/validate';
import { reportProblem } from '../services/problems/problems';

export function problemsRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  router.post('/employee/visits/:id/problems', requireEmployee(deps), idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, problemSchema);
    const { problem, created } = await reportProblem(deps, authOf(ctx).sub, id, input);
    ctx.status = created ? 201 : 200;
    ctx.body = { success: true, message: PROBLEM_MSG.reported, problem };
  });
  return router;
}
