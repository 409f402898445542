// Taking a payment (README "Payments"): one PaymentIntent, off_session and confirmed, on the saved
// card, whose idempotency key is the visit, the kind and the attempt number. The attempt is counted
// before the request and kept while it is in flight, so a retry of the job, another instance or a run
// after a kill -9 sends the very same request and Stripe answers it without charging again.
import type Stripe from 'stripe';
import type { Deps } from '../../deps';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { PaymentCard, type PaymentCardDoc } from '../../models/PaymentCard';
import { chargeJobKey, scheduleCharge } from './plan';
import { sendFailure, sendReceipt } from './notices';
import { updatePayment } from './state';
import { stripeOf } from './stripe';

export type ChargeDeps = Pick<Deps, 'config' | 'clock' | 'jobs' | 'log' | 'mailer' | 'push'>;
const DAY_MS = 86_400_000;

export const idempotencyKeyOf = (p: Pick<PaymentDoc, 'visit' | 'kind'>, attempt: number) => `visit-charge:${String(p.visit)}:${p.kind}:${attempt}`;

/** The Stripe-hosted page (Checkout, payment mode) that pays this amount: the link in a failure notice. */
async function payLink(deps: ChargeDeps, stripe: Stripe, p: PaymentDoc, customer: string | null): Promise<{ url: string | null; id: string | null; }> {
  const base = (deps.config.publicUrl ?? `http://localhost:${deps.config.port}`).replace(/\/+$/, '');
  try {
    const s = await stripe.checkout.sessions.create(
      {
        mode: 'payment',
        ...(customer ? { customer } : {}),
        allowed_payment_method_types: ['card'],
        line_items: [{ quantity: 1, price_data: { currency: 'gbp', unit_amount: p.amount_pence, product_data: { name: `Clean ${p.reference} on ${p.day}` } } }],
        payment_intent_data: { metadata: { payment_id: String(p._id), visit_id: String(p.visit), reference: p.reference } },
        metadata: { payment_id: String(p._id), purpose: 'pay' },
        success_url: `${base}/account/payments?paid=${String(p._id)}`,
        cancel_url: `${base}/account/payments`,
      },
      { idempotencyKey: `pay-link:${String(p._id)}:${p.attempt}:${p.amount_pence}` },
    );
    return { url: s.url ?? null, id: s.id };
  } catch (err) {
    deps.log.warn({ err, payment: String(p._id) }, 'could not make the page to pay a failed charge');
    return { url: null, id: null };
  }
}

/** A paid charge (the job's answer, or either webhook): recorded once; the receipt goes once. */
export async function recordPaid(
  deps: ChargeDeps,
  paymentId: string,
  intentId: string,
  card: { brand?: string | null; last4?: string | null; } | null,
): Promise<PaymentDoc | null> {
  const now = deps.clock.now();
  const after = await updatePayment(
    paymentId,
    (p) => (p.paid_at
      ? null
      : {
        paid_at: now,
        payment_intent: intentId,
        processing: false,
        retry_at: null,
        ...(card?.last4 ? { card: { brand: card.brand ?? '', last4: card.last4 } } : {}),
      }),
    now,
  );
  const p = after ?? (await Payment.findById(paymentId).lean<PaymentDoc>());
  if (!p?.paid_at) return p;
  if (after) {
    await deps.jobs.cancel(chargeJobKey(paymentId));
    const stripe = stripeOf(deps.config.payments);
    if (stripe && p.pay_session && p.payment_intent === intentId) await stripe.checkout.sessions.expire(p.pay_session).catch(() => undefined);
  } else if (p.payment_intent && p.payment_intent !== intentId) {
    // Paid twice (the hosted page and a retry a moment apart): the second is given back in full.
    const stripe = stripeOf(deps.config.payments);
    await stripe?.refunds.create({ payment_intent: intentId, metadata: { payment_id: paymentId, why: 'paid twice' } }, {
      idempotencyKey: `duplicate:${intentId}`,
    }).catch((err: unknown) => deps.log.error({ err, intentId }, 'could not give back a second payment'));
  }
  await sendReceipt(deps, p);
  return p;
}

/** A decline or a bank's request to authenticate, counted once per PaymentIntent: the next try is planned, or it is overdue. */
export async function recordFailure(deps: ChargeDeps, paymentId: string, intentId: string, code: string, message: string): Promise<void> {
  const now = deps.clock.now();
  const stripe = stripeOf(deps.config.payments);
  const retryDays = deps.config.payments.retryDays;
  const after = await updatePayment(paymentId, (p) => {
    if (p.paid_at || (p.payment_intent === intentId && p.failure_code)) return null;
    const failures = (p.failures ?? 0) + 1;
    const first = p.first_failed_at ?? now;
    const retryAt = failures <= retryDays.length ? new Date(first.getTime() + retryDays[failures - 1] * DAY_MS) : null;
    return {
      processing: false,
      failures,
      first_failed_at: first,
      failure_code: code,
      failure_message: message.slice(0, 300),
      payment_intent: intentId,
      retry_at: retryAt,
      overdue: !retryAt,
    };
  }, now);
  if (!after) return;
  if (after.retry_at && !after.held) await scheduleCharge(deps, paymentId, after.retry_at);
  if (stripe && !after.pay_url) {
    const card = await PaymentCard.findOne({ user: after.user }, { stripe_customer: 1 }).lean<PaymentCardDoc>();
    const link = await payLink(deps, stripe, after, card?.stripe_customer ?? null);
    if (link.url) await Payment.updateOne({ _id: after._id }, { $set: { pay_url: link.url, pay_session: link.id } });
  }
  const told = await Payment.findById(paymentId).lean<PaymentDoc>();
  if (told) await sendFailure(deps, told);
}

/** The charge job: nothing when paid, held or cards are off; a network fault throws so the runner retries the same request. */
export async function runCharge(deps: ChargeDeps, paymentId: string): Promise<void> {
  const stripe = stripeOf(deps.config.payments);
  if (!stripe) return;
  const now = deps.clock.now();
  const p = await updatePayment(
    paymentId,
    (x) => (x.paid_at || x.held ? null : { processing: true, attempt: x.processing ? x.attempt : (x.attempt ?? 0) + 1 }),
    now,
  );
  if (!p) return;
  const card = await PaymentCard.findOne({ user: p.user }).lean<PaymentCardDoc>();
  if (!card?.payment_method) return recordFailure(deps, paymentId, `no-card:${p.attempt}`, 'no_card', 'No card on file');
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: p.amount_pence,
        currency: 'gbp',
        customer: card.stripe_customer,
        payment_method: card.payment_method,
        off_session: true,
        confirm: true,
        description: `Clean ${p.reference} on ${p.day}`,
        metadata: { payment_id: paymentId, visit_id: String(p.visit), reference: p.reference, kind: p.kind },
      },
      { idempotencyKey: idempotencyKeyOf(p, p.attempt) },
    );
    const onCard = { brand: card.brand, last4: card.last4 };
    if (intent.status === 'succeeded') await recordPaid(deps, paymentId, intent.id, onCard);
    else if (intent.status === 'requires_action' || intent.status === 'requires_payment_method') {
      await recordFailure(
        deps,
        paymentId,
        intent.id,
        intent.status === 'requires_action' ? 'authentication_required' : 'card_declined',
        intent.last_payment_error?.message ?? intent.status,
      );
    }
    // 'processing': the webhook says how it ends.
  } catch (err) {
    const e = err as { type?: string; code?: string; message?: string; payment_intent?: { id?: string; }; raw?: { payment_intent?: { id?: string; }; }; };
    if (e.type === 'StripeCardError' || e.type === 'StripeInvalidRequestError') {
      const intentId = e.payment_intent?.id ?? e.raw?.payment_intent?.id ?? `attempt:${p.attempt}`;
      return recordFailure(deps, paymentId, intentId, e.code ?? 'card_declined', e.message ?? 'declined');
    }
    throw err;
  }
}
