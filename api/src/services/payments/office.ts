// The office's card payments (README "Payments"): hold, release, change the amount before it runs,
// retry now, refund (at most what remains, with a reason). Each is one conditional write on the state
// read, audited, and the customer is told of a changed amount or a refund.
import type { RefundInput } from '@shared/schemas/payments';
import { PAYMENT_MSG } from '@shared/messages-payments';
import { refundableOf } from '@shared/payments';
import { HttpError, conflict, notFound } from '../../lib/errors';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { recordAudit, type AuditActor } from '../office/audit';
import { chargeJobKey, scheduleCharge } from './plan';
import { sendAmountChanged, sendRefund } from './notices';
import { updatePayment, type PaymentPatch } from './state';
import { requireStripe, unavailable } from './stripe';
import type { ChargeDeps } from './charge';

const WAITING = new Set(['scheduled', 'failed', 'action_needed']);

async function found(id: string): Promise<PaymentDoc> {
  const p = await Payment.findById(id).lean<PaymentDoc>();
  if (!p) throw notFound(PAYMENT_MSG.paymentNotFound);
  return p;
}

/** One conditional change, or 409 with `why` when the payment is not in a state that allows it. */
async function change(
  deps: ChargeDeps,
  id: string,
  allowed: (p: PaymentDoc) => boolean,
  patch: (p: PaymentDoc) => PaymentPatch,
  why: string,
): Promise<{ before: PaymentDoc; after: PaymentDoc; }> {
  const before = await found(id);
  let seen = before;
  const after = await updatePayment(id, (p) => {
    seen = p;
    return allowed(p) ? patch(p) : null;
  }, deps.clock.now());
  if (!after) throw conflict(why, { state: seen.state });
  return { before: seen, after };
}

const audit = (actor: AuditActor, action: string, p: PaymentDoc, before: Record<string, unknown>, after: Record<string, unknown>, note?: string) =>
  recordAudit({
    actor,
    action,
    target: { type: 'customer', id: String(p.user), label: `Payment ${p.reference} (${p.kind})` },
    before,
    after,
    ...(note ? { note } : {}),
  });

export async function holdPayment(deps: ChargeDeps, actor: AuditActor, id: string): Promise<PaymentDoc> {
  const { after } = await change(
    deps,
    id,
    (p) => !p.paid_at && !p.held && !p.processing && WAITING.has(p.state),
    () => ({ held: true }),
    PAYMENT_MSG.notHoldable,
  );
  await deps.jobs.cancel(chargeJobKey(id));
  await audit(actor, 'payment.hold', after, { held: false }, { held: true });
  return after;
}

export async function releasePayment(deps: ChargeDeps, actor: AuditActor, id: string): Promise<PaymentDoc> {
  const { after } = await change(deps, id, (p) => Boolean(p.held) && !p.paid_at, () => ({ held: false }), PAYMENT_MSG.notHeld);
  const now = deps.clock.now();
  const at = after.retry_at ?? after.due_at;
  if (!after.overdue) await scheduleCharge(deps, id, at > now ? at : now);
  await audit(actor, 'payment.release', after, { held: true }, { held: false });
  return after;
}

export async function retryPayment(deps: ChargeDeps, actor: AuditActor, id: string): Promise<PaymentDoc> {
  const { after } = await change(
    deps,
    id,
    (p) => !p.paid_at && !p.held && !p.processing && ['failed', 'action_needed', 'overdue'].includes(p.state),
    () => ({ overdue: false }),
    PAYMENT_MSG.notRetryable,
  );
  await scheduleCharge(deps, id, deps.clock.now());
  await audit(actor, 'payment.retry', after, {}, {});
  return after;
}

export async function changePaymentAmount(deps: ChargeDeps, actor: AuditActor, id: string, amount: number): Promise<PaymentDoc> {
  const { before, after } = await change(
    deps,
    id,
    (p) => !p.paid_at && !p.processing && (p.failures ?? 0) === 0 && (p.state === 'scheduled' || p.state === 'held'),
    (p) => {
      // The amount is what the customer pays; the VAT in it keeps the statement's rate.
      const vat = p.net_pence > 0 ? Math.round((amount * p.vat_pence) / (p.net_pence + p.vat_pence)) : 0;
      return { amount_pence: amount, vat_pence: vat, net_pence: amount - vat };
    },
    PAYMENT_MSG.notChangeable,
  );
  await audit(actor, 'payment.amount', after, { amount_pence: before.amount_pence }, { amount_pence: amount });
  if (before.amount_pence !== amount) await sendAmountChanged(deps, after, before.amount_pence);
  return after;
}

/** A refund of part or all of what remains: reserved first (so two at once cannot exceed it), then asked of Stripe with its own key. */
export async function refundPayment(deps: ChargeDeps, actor: AuditActor, id: string, input: RefundInput): Promise<PaymentDoc> {
  const stripe = requireStripe(deps.config.payments);
  const now = deps.clock.now();
  const p0 = await found(id);
  if (!p0.paid_at || !p0.payment_intent) throw conflict(PAYMENT_MSG.notRefundable, { state: p0.state });
  let seq = 0;
  const reserved = await updatePayment(id, (p) => {
    const pending = (p.refunds ?? []).filter((r) => r.status === 'pending').reduce((n, r) => n + r.amount_pence, 0);
    const left = refundableOf({ amount_pence: p.amount_pence, refunded_pence: p.refunded_pence ?? 0, paid: Boolean(p.paid_at) }) - pending;
    if (input.amount_pence > left) throw conflict(PAYMENT_MSG.overRefund(Math.max(0, left)), { errorType: 'over_refund', left_pence: Math.max(0, left) });
    seq = (p.refunds ?? []).length + 1;
    return {
      refunds: [...(p.refunds ?? []), {
        seq,
        stripe_id: null,
        amount_pence: input.amount_pence,
        reason: input.reason,
        status: 'pending',
        by: actor.id,
        at: now,
        told_at: null,
      }],
    };
  }, now);
  if (!reserved) throw notFound(PAYMENT_MSG.paymentNotFound);
  let refund: { id: string; status: string | null; };
  try {
    refund = await stripe.refunds.create({
      payment_intent: reserved.payment_intent!,
      amount: input.amount_pence,
      reason: 'requested_by_customer',
      metadata: { payment_id: id, reason: input.reason.slice(0, 200) },
    }, { idempotencyKey: `refund:${id}:${seq}` });
  } catch (err) {
    const e = err as { type?: string; };
    // Stripe refused it: the reservation is let go. A fault in reaching Stripe keeps it pending (the same key sends it again).
    if (e.type === 'StripeInvalidRequestError' || e.type === 'StripeCardError') {
      await updatePayment(id, (p) => ({ refunds: (p.refunds ?? []).map((r) => (r.seq === seq ? { ...r, status: 'failed' } : r)) }), deps.clock.now());
      throw new HttpError(409, PAYMENT_MSG.refundFailed, { errorType: 'refund_refused' });
    }
    throw unavailable(err);
  }
  const ok = refund.status !== 'failed' && refund.status !== 'canceled';
  const after = (await updatePayment(
    id,
    (p) => ({ refunds: (p.refunds ?? []).map((r) => (r.seq === seq ? { ...r, stripe_id: refund.id, status: ok ? 'succeeded' : 'failed' } : r)) }),
    deps.clock.now(),
  ))!;
  await audit(actor, 'payment.refund', after, { refunded_pence: reserved.refunded_pence }, {
    refunded_pence: after.refunded_pence,
    amount_pence: input.amount_pence,
  }, input.reason);
  if (ok) await sendRefund(deps, after, input.amount_pence, input.reason);
  else throw new HttpError(409, PAYMENT_MSG.refundFailed, { errorType: 'refund_refused' });
  return after;
}
