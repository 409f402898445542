// A pay period handed to payroll: its summary export was taken. The period then reads "paid" on the
// cleaners' Earnings screens.
import mongoose, { Schema } from 'mongoose';

const payExportSchema = new Schema(
  {
    // The period's first day (its id: one record per period, the first export's time kept).
    _id: { type: String, required: true },
    to: { type: String, required: true },
    exported_at: { type: Date, required: true },
    by: { type: Schema.Types.ObjectId, ref: 'Employee' },
  },
  { versionKey: false },
);

export interface PayExportDoc {
  _id: string;
  to: string;
  exported_at: Date;
}
export const PayExport = mongoose.model('PayExport', payExportSchema);
