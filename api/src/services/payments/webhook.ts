// Stripe's webhook (README "Payments"): the raw body verified through the SDK's constructEvent with
// STRIPE_WEBHOOK_SECRET (a bad or missing signature is 400 and changes nothing), each event id applied
// once, and every change written as a fact that only moves forward, so events in any order end in the
// same state: a refund seen before the payment still records the payment, a failure after it is ignored.
import type Stripe from 'stripe';
import { PAYMENT_MSG } from '@shared/messages-payments';
import { HttpError, badRequest } from '../../lib/errors';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { StripeEvent } from '../../models/PaymentCard';
import { saveCardFromSession } from './cards';
import { recordFailure, recordPaid, type ChargeDeps } from './charge';
import { sendRefund } from './notices';
import { refundedOf, updatePayment } from './state';
import { stripeOf } from './stripe';

const idOf = (x: string | { id: string; } | null | undefined): string | null => (typeof x === 'string' ? x : (x?.id ?? null));

/** The payment an intent is for: its metadata, else the intent we recorded. */
async function paymentOfIntent(stripe: Stripe, intent: string | Stripe.PaymentIntent | null): Promise<PaymentDoc | null> {
  const id = idOf(intent);
  if (!id) return null;
  const known = await Payment.findOne({ payment_intent: id }).lean<PaymentDoc>();
  if (known) return known;
  const pi = typeof intent === 'string' ? await stripe.paymentIntents.retrieve(id) : intent;
  const paymentId = pi?.metadata?.payment_id;
  return paymentId && /^[a-f\d]{24}$/i.test(paymentId) ? Payment.findById(paymentId).lean<PaymentDoc>() : null;
}

async function cardOfIntent(stripe: Stripe, pi: Stripe.PaymentIntent) {
  const pm = idOf(pi.payment_method as string | { id: string; } | null);
  if (!pm) return null;
  const method = await stripe.paymentMethods.retrieve(pm).catch(() => null);
  return method?.card ? { brand: method.card.brand, last4: method.card.last4 } : null;
}

async function applyEvent(deps: ChargeDeps, stripe: Stripe, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const s = event.data.object;
      if (s.mode === 'setup') await saveCardFromSession(deps, s);
      else if (s.mode === 'payment' && s.payment_status === 'paid' && s.metadata?.payment_id) {
        const pi = idOf(s.payment_intent);
        if (!pi) return;
        const card = await cardOfIntent(stripe, await stripe.paymentIntents.retrieve(pi));
        await recordPaid(deps, s.metadata.payment_id, pi, card);
      }
      return;
    }
    case 'payment_intent.succeeded': {
      const pi = event.data.object;
      const p = await paymentOfIntent(stripe, pi);
      if (p) await recordPaid(deps, String(p._id), pi.id, await cardOfIntent(stripe, pi));
      return;
    }
    case 'payment_intent.payment_failed': {
      const pi = event.data.object;
      const p = await paymentOfIntent(stripe, pi);
      const err = pi.last_payment_error;
      if (p && !p.paid_at) await recordFailure(deps, String(p._id), pi.id, err?.code ?? 'card_declined', err?.message ?? 'declined');
      return;
    }
    case 'charge.refunded': {
      const charge = event.data.object;
      const p = await paymentOfIntent(stripe, charge.payment_intent as string | null);
      if (!p) return;
      const now = deps.clock.now();
      const known = refundedOf(p);
      const after = await updatePayment(
        p._id,
        (x) => (charge.amount_refunded <= (x.stripe_refunded_pence ?? 0)
          ? null
          : { stripe_refunded_pence: charge.amount_refunded, paid_at: x.paid_at ?? now, payment_intent: x.payment_intent ?? idOf(charge.payment_intent) }),
        now,
      );
      // A refund made at Stripe itself (not through the office's screen) is told here.
      if (after && after.refunded_pence > known && !(p.refunds ?? []).some((r) => r.status === 'pending')) {
        await sendRefund(deps, after, after.refunded_pence - known, '');
      }
      return;
    }
    default:
      return;
  }
}

/** POST /api/payments/stripe/webhook */
export async function handleStripeWebhook(deps: ChargeDeps, raw: Buffer, signature: string | undefined): Promise<{ received: true; duplicate?: true; }> {
  const stripe = stripeOf(deps.config.payments);
  const secret = deps.config.payments.webhookSecret;
  if (!stripe || !secret) throw new HttpError(404, PAYMENT_MSG.webhookOff);
  if (!signature) throw badRequest(PAYMENT_MSG.badSignature);
  let event: Stripe.Event;
  try {
    // The tolerance is measured on the server's clock, like every other time rule.
    event = stripe.webhooks.constructEvent(raw, signature, secret, undefined, undefined, deps.clock.now().getTime());
  } catch {
    throw badRequest(PAYMENT_MSG.badSignature);
  }
  if (await StripeEvent.exists({ _id: event.id })) return { received: true, duplicate: true };
  await applyEvent(deps, stripe, event);
  // Marked after it is applied: a crash between them applies it again, which the facts make harmless.
  await StripeEvent.create({ _id: event.id, type: event.type, at: deps.clock.now() }).catch((err: unknown) => {
    if ((err as { code?: number; }).code !== 11000) throw err;
  });
  return { received: true };
}
