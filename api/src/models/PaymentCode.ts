// A customer's payment code (shared/payment-reference.ts): given on first need, never changed, unique,
// so a bank transfer quoting `SC-<code>` is theirs and nobody else's.
import mongoose, { Schema } from 'mongoose';

const paymentCodeSchema = new Schema({
  user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
  code: { type: String, required: true },
});
paymentCodeSchema.index({ user: 1 }, { unique: true });
paymentCodeSchema.index({ code: 1 }, { unique: true });

export interface PaymentCodeDoc {
  _id: mongoose.Types.ObjectId;
  user: mongoose.Types.ObjectId;
  code: string;
}
export const PaymentCode = mongoose.model('PaymentCode', paymentCodeSchema);
