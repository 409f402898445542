// /api/admin/price-list: every office member reads it; a super-admin saves a new version (audited).
// /api/admin/bookings/{id}/price: the office confirms or changes one booking's price per visit.
import Router from '@koa/router';
import { PRICE_MSG } from '@shared/messages-prices';
import { planPriceSchema, priceListSaveSchema } from '@shared/schemas/prices';
import type { Deps } from '../../deps';
import { employeeOf } from '../../http/auth';
import { officeActor } from '../guards';
import { forbidden } from '../../lib/errors';
import { parseBody, parseId } from '../../http/validate';
import { recordAudit } from '../../services/office/audit';
import { changePriceAndTell } from '../../services/prices/price-mail';
import { currentPriceList, savePriceList } from '../../services/prices/prices';

export function pricesAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/price-list', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = { success: true, ...(await currentPriceList()) };
  });

  router.put('/price-list', async (ctx) => {
    // The role first: an admin's PUT is refused whatever it holds.
    if (employeeOf(ctx).role !== 'super-admin') throw forbidden(PRICE_MSG.superAdminOnly);
    const { list, based_on } = parseBody(ctx, priceListSaveSchema);
    const state = await savePriceList(officeActor(ctx), list, based_on, deps.clock.now());
    ctx.body = { success: true, message: PRICE_MSG.listSaved(state.version), ...state };
  });

  // The office confirms or changes a booking's price per visit: the plan's visits not yet done follow,
  // and the customer is mailed the change.
  router.put('/bookings/:id/price', async (ctx) => {
    const id = parseId(ctx);
    const { pence_per_visit } = parseBody(ctx, planPriceSchema);
    const { booking, before } = await changePriceAndTell(deps, id, pence_per_visit, deps.clock.now());
    await recordAudit({
      actor: officeActor(ctx),
      action: 'booking.price',
      target: { type: 'booking', id, label: booking.reference ?? undefined },
      before: { price_pence: before },
      after: { price_pence: pence_per_visit },
    });
    ctx.body = { success: true, message: PRICE_MSG.priceChanged(booking.reference ?? '', before, pence_per_visit), price_pence: pence_per_visit };
  });

  return router;
}
