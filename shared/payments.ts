// A card charge's state from its facts: pure, so the API stores and filters by it and every answer
// agrees. Facts only ever move forward (paid stays paid, refunds only add), which is why Stripe's
// events can arrive in any order and still end in the right state.

export const PAYMENT_STATES = ['scheduled', 'held', 'paid', 'failed', 'action_needed', 'overdue', 'refunded', 'part_refunded'] as const;
export type PaymentState = (typeof PAYMENT_STATES)[number];

export interface PaymentFacts {
  amount_pence: number;
  refunded_pence: number;
  paid: boolean;
  held: boolean;
  overdue: boolean;
  /** The last failure's code: `authentication_required` means the bank asked the customer to confirm. */
  failure_code: string | null;
}

export function paymentStateOf(f: PaymentFacts): PaymentState {
  if (f.paid) {
    if (f.refunded_pence > 0 && f.refunded_pence >= f.amount_pence) return 'refunded';
    return f.refunded_pence > 0 ? 'part_refunded' : 'paid';
  }
  if (f.held) return 'held';
  if (f.overdue) return 'overdue';
  if (f.failure_code) return f.failure_code === 'authentication_required' ? 'action_needed' : 'failed';
  return 'scheduled';
}

/** States in which the customer still owes the amount. */
export const OWED_STATES: readonly PaymentState[] = ['failed', 'action_needed', 'overdue'];

/** What may still be refunded. */
export const refundableOf = (
  p: { amount_pence: number; refunded_pence: number; paid: boolean; },
): number => (p.paid ? Math.max(0, p.amount_pence - p.refunded_pence) : 0);
