// The office's problems (shared/README.md "Problems"): the open ones, a page at a time, each resolved
// with a note (audited); and any visit's photos for the schedule's dialog.
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { PROBLEM_MSG } from '@shared/messages-photos';
import { problemsQuerySchema, resolveProblemSchema } from '@shared/schemas/photos';
import type { Deps } from '../../deps';
import { officeActor } from '../guards';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { officeProblems, resolveProblem } from '../../services/problems/problems';
import { visitPhotos } from '../../services/photos/photos';

export function problemsAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/problems', async (ctx) => {
    const { limit = PAGE_LIMIT_DEFAULT, ...q } = parseQuery(ctx, problemsQuerySchema);
    const { problems, info } = await officeProblems({ ...q, limit });
    ctx.body = { success: true, problems, ...info };
  });

  router.post('/problems/:id/resolve', async (ctx) => {
    const id = parseId(ctx);
    const { note } = parseBody(ctx, resolveProblemSchema);
    const problem = await resolveProblem(officeActor(ctx), id, note, deps.clock.now());
    ctx.body = { success: true, message: PROBLEM_MSG.resolved, problem };
  });

  router.get('/visits/:id/photos', async (ctx) => {
    ctx.body = { success: true, photos: await visitPhotos(deps, { type: 'office' }, parseId(ctx)) };
  });

  return router;
}
