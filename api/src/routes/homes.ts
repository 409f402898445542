// A customer's homes: GET/POST /api/user/homes, GET/PATCH/DELETE /api/user/homes/{id} (their own only:
// another customer's home is 404). Writes take an Idempotency-Key like every customer change.
import Router from '@koa/router';
import { HOMES_MSG } from '@shared/messages-homes';
import { homeCreateSchema, homeUpdateSchema } from '@shared/schemas/homes';
import type { Deps } from '../deps';
import { customerOf } from '../http/auth';
import { idempotent } from '../http/idempotency';
import { parseBody, parseId } from '../http/validate';
import { requireCustomer } from './guards';
import { createHome, deleteHome, getHome, listHomes, updateHome } from '../services/homes/homes';

export function homesRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user/homes' });
  const customer = requireCustomer(deps);
  const me = (ctx: Parameters<typeof customerOf>[0]) => String(customerOf(ctx)._id);

  router.get('/', customer, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, homes: await listHomes(me(ctx)) };
  });

  router.post('/', customer, idempotent(), async (ctx) => {
    const input = parseBody(ctx, homeCreateSchema);
    ctx.status = 201;
    ctx.body = { success: true, message: HOMES_MSG.homeAdded, home: await createHome(me(ctx), input) };
  });

  router.get('/:id', customer, async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, home: await getHome(me(ctx), parseId(ctx)) };
  });

  router.patch('/:id', customer, idempotent(), async (ctx) => {
    const id = parseId(ctx);
    const input = parseBody(ctx, homeUpdateSchema);
    ctx.body = { success: true, message: HOMES_MSG.homeSaved, home: await updateHome(me(ctx), id, input) };
  });

  router.delete('/:id', customer, async (ctx) => {
    await deleteHome(me(ctx), parseId(ctx));
    ctx.body = { success: true, message: HOMES_MSG.homeRemoved };
  });

  return router;
}
