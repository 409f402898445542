// Card payments (README "Payments"): the customer's and the office's queries and bodies, and the
// answers' shapes, one contract for the API and the screens.
import { z } from 'zod';
import { PAYMENT_MSG } from '../messages-payments';
import { PAYMENT_STATES, type PaymentState } from '../payments';
import { pagingQuerySchema } from './paging';
import { monthSchema } from './statements';

export const REFUND_REASON_MAX = 200;
/** £100,000: far above any clean, well inside what a card payment may be. */
export const PAYMENT_AMOUNT_MAX_PENCE = 10_000_000;

const pence = z
  .number({ error: PAYMENT_MSG.amountInvalid })
  .int(PAYMENT_MSG.amountInvalid)
  .min(1, PAYMENT_MSG.amountInvalid)
  .max(PAYMENT_AMOUNT_MAX_PENCE, PAYMENT_MSG.amountTooLarge);

/** GET /api/user/payments */
export const customerPaymentsQuerySchema = pagingQuerySchema;

/** GET /api/admin/payments: by state and month (the visit's), paged. */
export const officePaymentsQuerySchema = pagingQuerySchema.extend({
  state: z.enum(PAYMENT_STATES, { error: PAYMENT_MSG.stateInvalid }).optional(),
  month: monthSchema.optional(),
});
export type OfficePaymentsQuery = z.infer<typeof officePaymentsQuerySchema>;

/** PATCH /api/admin/payments/{id}: a new amount, only before the charge runs. */
export const paymentAmountSchema = z.strictObject({ amount_pence: pence });

/** POST /api/admin/payments/{id}/refund */
export const refundSchema = z.strictObject({
  amount_pence: pence,
  reason: z.string({ error: PAYMENT_MSG.reasonRequired }).max(REFUND_REASON_MAX, { message: PAYMENT_MSG.reasonTooLong(REFUND_REASON_MAX), abort: true }).trim()
    .min(1, PAYMENT_MSG.reasonRequired),
});
export type RefundInput = z.infer<typeof refundSchema>;

export interface CardOnFile {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface CustomerPayment {
  id: string;
  visit_id: string;
  reference: string;
  kind: 'visit' | 'charge';
  day: string;
  amount_pence: number;
  vat_pence: number;
  refunded_pence: number;
  state: PaymentState;
  created_at: string;
  paid_at: string | null;
  due_at: string;
  card: { brand: string; last4: string; } | null;
  pay_url?: string;
}

export interface OfficePayment extends CustomerPayment {
  customer: { id: string; name: string; email: string; };
  failure_code: string | null;
  failure_message: string | null;
  retry_at: string | null;
  refunds: { amount_pence: number; reason: string; at: string; status: string; }[];
}
