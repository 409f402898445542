// Money received from (or returned to) a customer: one line each, in integer pence — a card payment, a
// bank transfer, cash or a cheque, a refund as a negative line. A balance is the customer's charges
// (their visits, shared/statements.ts) less the sum of these lines; no paid flag is stored anywhere.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

export const LEDGER_METHODS = ['card', 'bank_transfer', 'cash', 'cheque'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

const allocationSchema = new Schema({ month: { type: String, required: true }, pence: { type: Number, required: true } }, { _id: false });

const ledgerPaymentSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    method: { type: String, enum: LEDGER_METHODS, required: true },
    /** Positive: money in. Negative: a refund. */
    amount_pence: { type: Number, required: true },
    /** The London date the money moved, 'YYYY-MM-DD'. */
    date: { type: String, required: true },
    reference: { type: String, default: null },
    note: { type: String, default: null },
    /**
     * Which statements (months) it settles, oldest open first unless its reference named one: a
     * statement's "paid" is the sum of these for its month.
     */
    allocations: { type: [allocationSchema], default: [] },
    /** Where it came from, unique: `office:<id>`, `bank:<fingerprint>`, `card:<payment id>`. */
    source: { type: String, required: true },
    recorded_by: { type: String, default: null },
    /** When it was recorded, on the server's clock. */
    recorded_at: { type: Date, required: true },
  },
  STAMPED,
);
ledgerPaymentSchema.index({ source: 1 }, { unique: true });
ledgerPaymentSchema.index({ user: 1, date: -1 });
ledgerPaymentSchema.index({ 'allocations.month': 1 });
ledgerPaymentSchema.index({ date: 1 });

export type LedgerPaymentDoc = InferSchemaType<typeof ledgerPaymentSchema> & Stamped;
export const LedgerPayment = mongoose.model('LedgerPayment', ledgerPaymentSchema);
