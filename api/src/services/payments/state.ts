// Every write to a payment goes through `updatePayment`: read, change the facts, derive the state
// (shared/payments.ts), write only if nobody wrote meanwhile (version), and announce the change.
import mongoose from 'mongoose';
import { paymentStateOf } from '@shared/payments';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { announcePaymentChange } from './events';

/** What a change may set: the stored facts (refunds as plain objects). */
export type PaymentPatch = Partial<Omit<PaymentDoc, '_id' | 'version' | 'state' | 'refunds'>> & { refunds?: object[]; };

export const refundedOf = (
  p: { stripe_refunded_pence?: number | null; refunds?: ReadonlyArray<{ status?: unknown; amount_pence?: unknown; }> | null; },
): number => Math.max(p.stripe_refunded_pence ?? 0, (p.refunds ?? []).filter((r) => r.status === 'succeeded').reduce((n, r) => n + Number(r.amount_pence), 0));

export function derivedState(p: PaymentDoc): string {
  return paymentStateOf({
    amount_pence: p.amount_pence,
    refunded_pence: refundedOf(p),
    paid: Boolean(p.paid_at),
    held: Boolean(p.held),
    overdue: Boolean(p.overdue),
    failure_code: p.failure_code ?? null,
  });
}

/**
 * Applies `change` to the payment (null: nothing to do) until it lands on the version read; answers
 * the payment as stored after it, or null when the change declined or the payment is gone.
 */
export async function updatePayment(
  id: mongoose.Types.ObjectId | string,
  change: (p: PaymentDoc) => PaymentPatch | null,
  now: Date,
): Promise<PaymentDoc | null> {
  for (let i = 0; i < 20; i++) {
    const p = await Payment.findById(id).lean<PaymentDoc>();
    if (!p) return null;
    const patch = change(p);
    if (!patch) return null;
    const next = { ...p, ...patch } as unknown as PaymentDoc;
    const set = { ...patch, refunded_pence: refundedOf(next), state: derivedState({ ...next, refunded_pence: refundedOf(next) }), updated_at: now };
    const after = await Payment.findOneAndUpdate({ _id: p._id, version: p.version }, { $set: set, $inc: { version: 1 } }, { returnDocument: 'after' }).lean<
      PaymentDoc
    >();
    if (after) {
      await announcePaymentChange({ before: { state: p.state, refunded_pence: p.refunded_pence ?? 0, amount_pence: p.amount_pence }, after });
      return after;
    }
  }
  throw new Error('payment kept changing under this write');
}
