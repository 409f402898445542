// The one place a card payment's change of state is announced, for whoever records money later (the
// books): every write that changes a payment's state, paid amount or refunds calls
// `onPaymentStateChanged` once, after the write, with the payment as stored. A listener must be
// idempotent by (payment id, state, refunded_pence): after a crash the same change may be announced again.
import type { PaymentDoc } from '../../models/Payment';

export interface PaymentChange {
  before: Pick<PaymentDoc, 'state' | 'refunded_pence' | 'amount_pence'> | null;
  after: PaymentDoc;
}
export type PaymentListener = (change: PaymentChange) => Promise<void> | void;

const listeners: PaymentListener[] = [];

/** Registers a listener (at start-up); answers a function that removes it. */
export function onPaymentStateChanged(listener: PaymentListener): () => void {
  listeners.push(listener);
  return () => {
    const i = listeners.indexOf(listener);
    if (i >= 0) listeners.splice(i, 1);
  };
}

export async function announcePaymentChange(change: PaymentChange): Promise<void> {
  if (
    change.before && change.before.state === change.after.state && change.before.refunded_pence === change.after.refunded_pence &&
    change.before.amount_pence === change.after.amount_pence
  ) return;
  for (const l of listeners) await l(change);
}
