// What the office adds to a cleaner's pay beside their work: a top-up to the minimum wage for a pay
// period, or paid holiday taken on a date (its pay fixed when recorded, at the 52-week average then).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

export const PAY_ADJUSTMENT_KINDS = ['top_up', 'holiday'] as const;

const payAdjustmentSchema = new Schema(
  {
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', required: true },
    kind: { type: String, enum: PAY_ADJUSTMENT_KINDS, required: true },
    // The London date it counts on: a top-up, its period's first day; holiday, the day taken.
    date: { type: String, required: true },
    pay_pence: { type: Number, required: true },
    // Holiday: the hours taken and the hourly average they were paid at.
    hours: { type: Number, default: 0 },
    rate_pence: { type: Number, default: null },
    note: { type: String, default: '' },
    by: { type: Schema.Types.ObjectId, ref: 'Employee' },
  },
  STAMPED,
);
// A cleaner's adjustments of a period; every cleaner's of a period.
payAdjustmentSchema.index({ employee: 1, date: 1 });
payAdjustmentSchema.index({ date: 1 });

export type PayAdjustmentDoc = InferSchemaType<typeof payAdjustmentSchema> & Stamped;
export const PayAdjustment = mongoose.model('PayAdjustment', payAdjustmentSchema);
