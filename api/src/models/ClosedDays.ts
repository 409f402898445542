// The company's own closed days (e.g. 25 Dec–1 Jan), set by a super-admin: visits on them are flagged
// and resolved like those on a bank holiday, for every region.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

const closedDaysSchema = new Schema(
  {
    from: { type: String, required: true },
    to: { type: String, required: true },
    note: { type: String, required: true },
  },
  STAMPED,
);
closedDaysSchema.index({ to: 1, from: 1 });

export type ClosedDaysDoc = InferSchemaType<typeof closedDaysSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(closedDaysSchema, 'closed_days');
export const ClosedDays = mongoose.model('ClosedDays', closedDaysSchema);
