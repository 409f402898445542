// /api/admin/data-requests: the office's list of data-rights requests, a copy of a person's data made
// for someone who asked by e-mail, and erasing an applicant.
import Router from '@koa/router';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import { dataRequestsQuerySchema, eraseApplicantSchema, officeDataRequestSchema } from '@shared/schemas/data-rights';
import type { Deps } from '../../deps';
import { officeActor } from '../guards';
import { parseBody, parseQuery } from '../../http/validate';
import { eraseApplicant, listDataRequests, officeExport } from '../../services/data-rights/office';
import { answerExport } from '../data-rights';

export function dataRequestsRouter(deps: Deps): Router {
  const router = new Router();
  router.get('/data-requests', async (ctx) => {
    const q = parseQuery(ctx, dataRequestsQuerySchema);
    const { requests, total } = await listDataRequests(q);
    ctx.body = { success: true, requests, page: q.page, limit: q.limit, total };
  });
  router.post('/data-requests/export', async (ctx) => {
    const { email, kind } = parseBody(ctx, officeDataRequestSchema);
    answerExport(ctx, await officeExport(deps, officeActor(ctx), email, kind));
  });
  router.post('/data-requests/erase-applicant', async (ctx) => {
    const { email } = parseBody(ctx, eraseApplicantSchema);
    const erased = await eraseApplicant(deps, officeActor(ctx), email);
    ctx.body = { success: true, erased, message: M.officeErased(erased) };
  });
  return router;
}
