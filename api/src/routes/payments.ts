// Card payments, the customer's side and Stripe's webhook (README "Payments"):
// GET/DELETE /api/user/payment-method, POST /api/user/payment-method/checkout, GET /api/user/payments,
// POST /api/payments/stripe/webhook (raw body, Stripe-Signature). Money moves only from live requests:
// none of these is ever queued offline by the app.
import Router from '@koa/router';
import { z } from 'zod';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { PAYMENT_MSG } from '@shared/messages-payments';
import { pageInfo } from '@shared/schemas/paging';
import { customerPaymentsQuerySchema } from '@shared/schemas/payments';
import type { Deps } from '../deps';
import { customerOf } from '../http/auth';
import { requireCustomer } from './guards';
import { readRawBody } from '../http/raw-body';
import { parseQuery } from '../http/validate';
import { cardOnFile, removeCard, saveCardFromReturn, startCardCheckout } from '../services/payments/cards';
import { customerPayments } from '../services/payments/lists';
import { stripeOf } from '../services/payments/stripe';
import { handleStripeWebhook } from '../services/payments/webhook';

/** Stripe's events are a few kilobytes; anything near this is not one. */
const WEBHOOK_MAX_BYTES = 256 * 1024;
const cardQuerySchema = z.strictObject({ session_id: z.string().max(300).optional() });

export function paymentsRouter(deps: Deps): Router {
  const router = new Router();
  const enabled = () => Boolean(stripeOf(deps.config.payments));
  const off = { cards_enabled: false, how_to_pay: PAYMENT_MSG.cardsOffHow };

  router.get('/api/user/payment-method', requireCustomer(deps), async (ctx) => {
    const { session_id } = parseQuery(ctx, cardQuerySchema);
    const userId = String(customerOf(ctx)._id);
    ctx.set('Cache-Control', 'private, no-store');
    if (!enabled()) {
      ctx.body = { success: true, payment_method: null, ...off };
      return;
    }
    const payment_method = session_id ? await saveCardFromReturn(deps, userId, session_id) : await cardOnFile(userId);
    ctx.body = { success: true, cards_enabled: true, payment_method };
  });

  router.post('/api/user/payment-method/checkout', requireCustomer(deps), async (ctx) => {
    const { url } = await startCardCheckout(deps, String(customerOf(ctx)._id), `${ctx.protocol}://${ctx.host}`);
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = { success: true, url };
  });

  router.delete('/api/user/payment-method', requireCustomer(deps), async (ctx) => {
    await removeCard(deps, String(customerOf(ctx)._id));
    ctx.body = { success: true, payment_method: null };
  });

  router.get('/api/user/payments', requireCustomer(deps), async (ctx) => {
    const q = parseQuery(ctx, customerPaymentsQuerySchema);
    const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
    const { payments, total, owed_pence } = await customerPayments(String(customerOf(ctx)._id), { page: q.page, limit });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      success: true,
      cards_enabled: enabled(),
      ...(enabled() ? {} : { how_to_pay: PAYMENT_MSG.cardsOffHow }),
      payments,
      owed_pence,
      as_of: deps.clock.now().toISOString(),
      ...pageInfo(q.page, limit, total),
    };
  });

  router.post('/api/payments/stripe/webhook', async (ctx) => {
    const raw = await readRawBody(ctx, WEBHOOK_MAX_BYTES);
    ctx.body = await handleStripeWebhook(deps, raw, ctx.get('Stripe-Signature') || undefined);
  });

  return router;
}
