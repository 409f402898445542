// A bank statement the office imported: its credits as read, and what became of each (matched to a
// customer and recorded as a payment, a duplicate of a credit already recorded, waiting, or dismissed).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

export const BANK_LINE_STATES = ['matched', 'duplicate', 'unmatched', 'dismissed'] as const;

const bankLineSchema = new Schema(
  {
    n: { type: Number, required: true },
    line: { type: Number, required: true },
    date: { type: String, required: true },
    description: { type: String, required: true },
    amount_pence: { type: Number, required: true },
    fingerprint: { type: String, required: true },
    state: { type: String, enum: BANK_LINE_STATES, required: true },
    /** How it was matched: the statement's or customer's reference, the open balance, or by the office. */
    matched_by: { type: String, default: null },
    customer: { type: Schema.Types.ObjectId, ref: 'User', default: null },
    payment: { type: Schema.Types.ObjectId, ref: 'LedgerPayment', default: null },
  },
  { _id: false },
);

const bankImportSchema = new Schema(
  {
    filename: { type: String, required: true },
    imported_by: { type: String, required: true },
    imported_at: { type: Date, required: true },
    debits: { type: Number, default: 0 },
    lines: { type: [bankLineSchema], default: [] },
  },
  STAMPED,
);
bankImportSchema.index({ imported_at: -1 });

export type BankImportDoc = InferSchemaType<typeof bankImportSchema> & Stamped;
export const BankImport = mongoose.model('BankImport', bankImportSchema);
