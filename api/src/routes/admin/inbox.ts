// The office inbox: GET /inbox (paged, new first), GET/PATCH /inbox/{kind}/{id}, GET /career/{id}/cv.
import Router from '@koa/router';
import type { Context } from 'koa';
import { OFFICE_MSG } from '@shared/messages-office';
import { inboxKind, inboxQuerySchema, inboxUpdateSchema } from '@shared/schemas/inbox';
import { employeeOf } from '../../http/auth';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { actorOf } from '../../services/office/audit';
import { careerCv, inboxItem, updateInboxItem } from '../../services/office/inbox';
import { keptInbox } from '../../services/office/kept-lists';
import type { Deps } from '../../deps';

const kindOf = (ctx: Context) => inboxKind.parse(ctx.params.kind);

export function inboxRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/inbox', async (ctx) => {
    const q = parseQuery(ctx, inboxQuerySchema);
    const { items, total, counts } = await keptInbox(q, deps.clock.now());
    ctx.body = { success: true, items, counts, page: q.page, limit: q.limit, total };
  });

  router.get('/inbox/:kind/:id', async (ctx) => {
    ctx.body = { success: true, item: await inboxItem(kindOf(ctx), parseId(ctx), deps.clock.now()) };
  });

  router.patch('/inbox/:kind/:id', async (ctx) => {
    const kind = kindOf(ctx);
    const id = parseId(ctx);
    const input = parseBody(ctx, inboxUpdateSchema);
    const item = await updateInboxItem(actorOf(employeeOf(ctx)), kind, id, input, deps.clock.now());
    const message = input.status === 'handled' ? OFFICE_MSG.inboxMarkedHandled : input.status === 'new' ? OFFICE_MSG.inboxMarkedNew : OFFICE_MSG.inboxUpdated;
    ctx.body = { success: true, item, message };
  });

  // The applicant's CV as they sent it: streamed from GridFS, saved under their own file name.
  router.get('/career/:id/cv', async (ctx) => {
    const cv = await careerCv(deps.files, parseId(ctx));
    ctx.attachment(cv.filename);
    ctx.type = cv.contentType;
    ctx.length = cv.length;
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = cv.stream;
  });

  return router;
}
