// /api/admin/customers: customer records and blocking.
import Router from '@koa/router';
import { OFFICE_MSG } from '@shared/messages-office';
import { customerPatchSchema, customersQuerySchema } from '@shared/schemas/office';
import { officeActor } from '../guards';
import type { Deps } from '../../deps';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import * as customers from '../../services/office/customers';
import { keptCustomers } from '../../services/office/kept-lists';
import { listHomes } from '../../services/homes/homes';

export function customersRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/customers', async (ctx) => {
    const q = parseQuery(ctx, customersQuerySchema);
    const { customers: items, ...total } = await keptCustomers(q, deps.clock.now());
    ctx.body = { success: true, customers: items, page: q.page, limit: q.limit, ...total };
  });

  router.get('/customers/:id', async (ctx) => {
    ctx.body = { success: true, ...(await customers.getCustomer(parseId(ctx), deps.clock.now().getTime())) };
  });

  // The office reads a customer's homes with their access notes, keys and alarm codes (never in a CSV).
  router.get('/customers/:id/homes', async (ctx) => {
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, homes: await listHomes(parseId(ctx)) };
  });

  router.patch('/customers/:id', async (ctx) => {
    const id = parseId(ctx);
    const { blocked } = parseBody(ctx, customerPatchSchema);
    const customer = await customers.setBlocked(officeActor(ctx), id, blocked);
    ctx.body = { success: true, message: blocked ? OFFICE_MSG.customerBlocked : OFFICE_MSG.customerUnblocked, customer };
  });

  return router;
}
