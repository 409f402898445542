// The office's card payments (README "Payments"): GET /payments?state=&month=&page=&limit=,
// POST /payments/{id}/hold | release | retry | refund, PATCH /payments/{id} { amount_pence }. Audited.
import Router from '@koa/router';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { PAYMENT_MSG } from '@shared/messages-payments';
import { pageInfo } from '@shared/schemas/paging';
import { officePaymentsQuerySchema, paymentAmountSchema, refundSchema } from '@shared/schemas/payments';
import type { Deps } from '../../deps';
import { officeActor } from '../guards';
import { parseBody, parseId, parseQuery } from '../../http/validate';
import { customerPaymentOf, officePayments } from '../../services/payments/lists';
import { changePaymentAmount, holdPayment, refundPayment, releasePayment, retryPayment } from '../../services/payments/office';
import { stripeOf } from '../../services/payments/stripe';

export function paymentsAdminRouter(deps: Deps): Router {
  const router = new Router();

  router.get('/payments', async (ctx) => {
    const q = parseQuery(ctx, officePaymentsQuerySchema);
    const limit = q.limit ?? PAGE_LIMIT_DEFAULT;
    const { payments, total, total_capped } = await officePayments({ ...q, limit });
    ctx.set('Cache-Control', 'private, no-store');
    ctx.body = {
      success: true,
      cards_enabled: Boolean(stripeOf(deps.config.payments)),
      payments,
      ...(total_capped ? { total_capped } : {}),
      ...pageInfo(q.page, limit, total),
    };
  });

  router.post('/payments/:id/hold', async (ctx) => {
    const p = await holdPayment(deps, officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: PAYMENT_MSG.held, payment: customerPaymentOf(p) };
  });

  router.post('/payments/:id/release', async (ctx) => {
    const p = await releasePayment(deps, officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: PAYMENT_MSG.released, payment: customerPaymentOf(p) };
  });

  router.post('/payments/:id/retry', async (ctx) => {
    const p = await retryPayment(deps, officeActor(ctx), parseId(ctx));
    ctx.body = { success: true, message: PAYMENT_MSG.retrying, payment: customerPaymentOf(p) };
  });

  router.patch('/payments/:id', async (ctx) => {
    const { amount_pence } = parseBody(ctx, paymentAmountSchema);
    const p = await changePaymentAmount(deps, officeActor(ctx), parseId(ctx), amount_pence);
    ctx.body = { success: true, message: PAYMENT_MSG.amountChanged(amount_pence), payment: customerPaymentOf(p) };
  });

  router.post('/payments/:id/refund', async (ctx) => {
    const input = parseBody(ctx, refundSchema);
    const p = await refundPayment(deps, officeActor(ctx), parseId(ctx), input);
    ctx.body = { success: true, message: PAYMENT_MSG.refunded(input.amount_pence), payment: customerPaymentOf(p) };
  });

  return router;
}
