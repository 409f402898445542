// A customer's Stripe customer and the card on file: only what Stripe answers about it (payment method
// id, brand, last 4, expiry), never a card number (README "Payments"). One per customer.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';

const paymentCardSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    stripe_customer: { type: String, required: true },
    payment_method: { type: String, default: null },
    brand: { type: String, default: null },
    last4: { type: String, default: null },
    exp_month: { type: Number, default: null },
    exp_year: { type: Number, default: null },
    // When this card was saved: visits done from then on are charged to a card.
    saved_at: { type: Date, default: null },
    // Bumped on each change, so two tabs saving or removing at once cannot interleave.
    version: { type: Number, default: 0 },
  },
  { timestamps: false },
);
paymentCardSchema.index({ user: 1 }, { unique: true });
paymentCardSchema.index({ stripe_customer: 1 });
paymentCardSchema.index({ payment_method: 1 });

export type PaymentCardDoc = InferSchemaType<typeof paymentCardSchema> & { _id: mongoose.Types.ObjectId; };
export const PaymentCard = mongoose.model('PaymentCard', paymentCardSchema);

/** Each Stripe event id applied once (the webhook); kept so a replay changes nothing. */
const stripeEventSchema = new Schema({ _id: { type: String, required: true }, type: String, at: Date }, { timestamps: false });
export const StripeEvent = mongoose.model('StripeEvent', stripeEventSchema);
