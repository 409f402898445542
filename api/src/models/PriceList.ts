import mongoose, { Schema } from 'mongoose';

/**
 * One saved version of the price list (shared/pricing.ts), `_id` its version number (1, 2, …). A save
 * inserts the next version and never edits one: a booking's quote names the version it was priced
 * with, which stays readable. No document at all: the seeded defaults, version 0.
 */
const priceListSchema = new Schema(
  {
    _id: { type: Number, required: true },
    value: { type: Schema.Types.Mixed, required: true },
    created_at: { type: Date, required: true },
    created_by: { id: String, name: String },
  },
  { versionKey: false, minimize: false, collection: 'price_lists' },
);

export interface PriceListDoc {
  _id: number;
  value: unknown;
  created_at: Date;
  created_by?: { id?: string; name?: string; };
}
export const PriceListModel = mongoose.model('PriceList', priceListSchema);
