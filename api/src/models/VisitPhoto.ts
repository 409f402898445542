// A photo of a visit (shared/README.md "Photos"): before and after a room, or of a problem. The bytes
// live in GridFS (bucket PHOTO_BUCKET, `file` its unique stored name); this row says whose it is.
// Kept PHOTO_RETENTION_DAYS from `taken_at` (the server's clock), then removed by the retention job.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { PHOTO_STAGES } from '@shared/schemas/photos';
import { STAMPED, type Stamped } from './stamps';

export const PHOTO_BUCKET = 'visit_photos';

const visitPhotoSchema = new Schema(
  {
    visit: { type: Schema.Types.ObjectId, ref: 'Visit', required: true },
    plan: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', required: true },
    room: { type: String, required: true, maxlength: 60 },
    stage: { type: String, enum: PHOTO_STAGES, required: true },
    problem: { type: Schema.Types.ObjectId, ref: 'Problem', default: undefined },
    file: { type: String, required: true },
    content_type: { type: String, required: true },
    size: { type: Number, required: true },
    taken_at: { type: Date, required: true },
  },
  STAMPED,
);
// A visit's photos in the order taken; the retention job's oldest first; a customer's copy.
visitPhotoSchema.index({ visit: 1, taken_at: 1 });
visitPhotoSchema.index({ taken_at: 1 });
visitPhotoSchema.index({ user: 1, taken_at: 1 });

export type VisitPhotoDoc = InferSchemaType<typeof visitPhotoSchema> & Stamped & { _id: mongoose.Types.ObjectId; };
export const VisitPhoto = mongoose.model('VisitPhoto', visitPhotoSchema);
