// Each change of a cleaner's hourly rate and the London date it applies from, so a visit is paid at
// the rate of its day (and the 52-week holiday average sees the rates as they were).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

const payRateChangeSchema = new Schema(
  {
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', required: true },
    from: { type: String, required: true },
    pence: { type: Number, default: null },
  },
  STAMPED,
);
payRateChangeSchema.index({ employee: 1, from: 1, created_at: 1 });

export type PayRateChangeDoc = InferSchemaType<typeof payRateChangeSchema> & Stamped;
export const PayRateChange = mongoose.model('PayRateChange', payRateChangeSchema);
