// What the database keeps of a customer's month (README "Statements"): its payment state and whether
// its e-mail went. The figures themselves are computed from the visits each time (shared/statements.ts),
// so a visit done or charged late still counts. `paid`, `paid_pence`, `paid_at` and `payment_reference`
// are an earlier release's marks, no longer read: what is paid is a sum of payment lines (LedgerPayment).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

const statementSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    month: { type: String, required: true },
    paid: { type: Boolean, default: false },
    paid_pence: { type: Number, default: null },
    paid_at: { type: Date, default: null },
    payment_reference: { type: String, default: null },
    // The monthly e-mail went (set after the mail; the job's key makes it once across instances).
    emailed_at: { type: Date, default: null },
    // The overdue reminder went (once: PAYMENT_TERMS_DAYS after the e-mail, while still owing).
    overdue_mailed_at: { type: Date, default: null },
  },
  STAMPED,
);
// One per customer and month; the office's list reads a month's at once.
statementSchema.index({ user: 1, month: 1 }, { unique: true });
statementSchema.index({ month: 1, paid: 1 });

export type StatementDoc = InferSchemaType<typeof statementSchema> & Stamped;
export const Statement = mongoose.model('Statement', statementSchema);
