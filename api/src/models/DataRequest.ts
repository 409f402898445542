// One data-rights request: a copy of someone's data made, an account closed, an applicant
// erased. The office's "Data requests" list reads these; a large export prepared by the job runner
// keeps its GridFS file name and its single-use link's state here.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { DATA_REQUEST_KINDS } from '@shared/schemas/data-rights';

/** GridFS bucket holding prepared exports (removed once downloaded or expired). */
export const EXPORT_BUCKET = 'exports';

const dataRequestSchema = new Schema(
  {
    at: { type: Date, required: true },
    kind: { type: String, enum: DATA_REQUEST_KINDS, required: true },
    // Whose data: a closed customer's label is dropped with the rest of their details.
    subject: {
      type: new Schema({ type: { type: String, required: true }, id: String, label: String }, { _id: false }),
      required: true,
    },
    by: {
      type: new Schema({ type: { type: String, required: true }, id: String, name: String }, { _id: false }),
      required: true,
    },
    // A prepared export: queued → sent (link mailed) → downloaded | expired.
    state: { type: String },
    file: String,
    expires_at: Date,
    used_at: Date,
  },
  { versionKey: false },
);
dataRequestSchema.index({ at: -1 });
dataRequestSchema.index({ 'subject.id': 1, at: -1 });
dataRequestSchema.index({ state: 1, expires_at: 1 });

export type DataRequestDoc = InferSchemaType<typeof dataRequestSchema> & { _id: mongoose.Types.ObjectId; };
export const DataRequest = mongoose.model('DataRequest', dataRequestSchema);
