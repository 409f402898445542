// A card charge for one visit (README "Payments"): the clean itself (`kind: 'visit'`) or its late-change
// or lockout charge (`kind: 'charge'`), one per visit and kind by a unique index, so two instances
// planning at once make it once. The facts (held, paid, refunds, failures) are stored; `state` is
// derived from them on every write (services/payments/state.ts) and kept for the office's filters.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

export const PAYMENT_KINDS = ['visit', 'charge'] as const;

const refundSchema = new Schema(
  {
    // Our number for it within the payment: the idempotency key's tail, so a retried request refunds once.
    seq: { type: Number, required: true },
    stripe_id: { type: String, default: null },
    amount_pence: { type: Number, required: true },
    reason: { type: String, required: true },
    status: { type: String, enum: ['pending', 'succeeded', 'failed'], default: 'pending' },
    by: { type: String, default: null },
    at: { type: Date, required: true },
    told_at: { type: Date, default: null },
  },
  { _id: false },
);

const paymentSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    visit: { type: Schema.Types.ObjectId, ref: 'Visit', required: true },
    kind: { type: String, enum: PAYMENT_KINDS, required: true },
    reference: { type: String, default: '' },
    // The visit's London date and its month (the office filters by month).
    day: { type: String, required: true },
    month: { type: String, required: true },
    net_pence: { type: Number, required: true },
    vat_pence: { type: Number, required: true },
    amount_pence: { type: Number, required: true },
    refunded_pence: { type: Number, default: 0 },
    state: { type: String, required: true },
    // When the charge runs (the delay after completion), and whether its job was planned.
    due_at: { type: Date, required: true },
    job_planned: { type: Boolean, default: false },
    held: { type: Boolean, default: false },
    // A run in flight: its attempt number names the idempotency key, so a crash mid-charge repeats the same request.
    processing: { type: Boolean, default: false },
    attempt: { type: Number, default: 0 },
    failures: { type: Number, default: 0 },
    first_failed_at: { type: Date, default: null },
    failure_code: { type: String, default: null },
    failure_message: { type: String, default: null },
    retry_at: { type: Date, default: null },
    overdue: { type: Boolean, default: false },
    // The Stripe-hosted page that pays it after a decline or a bank's request to authenticate.
    pay_url: { type: String, default: null },
    pay_session: { type: String, default: null },
    payment_intent: { type: String, default: null },
    card: { brand: String, last4: String },
    paid_at: { type: Date, default: null },
    receipt_sent_at: { type: Date, default: null },
    failure_told_at: { type: Date, default: null },
    // Refunded at Stripe as a whole (charge.amount_refunded), however the refunds were made.
    stripe_refunded_pence: { type: Number, default: 0 },
    refunds: { type: [refundSchema], default: [] },
    version: { type: Number, default: 0 },
    created_at: { type: Date, required: true },
    updated_at: { type: Date, required: true },
  },
  { timestamps: false },
);
paymentSchema.index({ visit: 1, kind: 1 }, { unique: true });
paymentSchema.index({ user: 1, created_at: -1 });
paymentSchema.index({ state: 1, month: 1, created_at: -1 });
paymentSchema.index({ month: 1, created_at: -1 });
paymentSchema.index({ created_at: -1 });
paymentSchema.index({ job_planned: 1, state: 1 });

export type PaymentDoc = InferSchemaType<typeof paymentSchema> & { _id: mongoose.Types.ObjectId; };
export const Payment = mongoose.model('Payment', paymentSchema);
