// A customer's rating of one clean: 1–5 stars and an optional comment, once per visit (unique index),
// given by the signed link of the rating request or in the app (README "Reminders and live notices").
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

const ratingSchema = new Schema(
  {
    visit: { type: Schema.Types.ObjectId, ref: 'Visit', required: true },
    plan: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    // The cleaner who did the visit (kept: the visit's cleaner may change later only if it is redone).
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', default: null },
    reference: String,
    visit_start: Date,
    stars: { type: Number, required: true, min: 1, max: 5 },
    comment: { type: String, default: '', maxlength: 1000 },
    // 2★ or less: until when the free re-clean may be booked (the server's clock at the rating + 48 h).
    reclean_until: { type: Date, default: undefined },
  },
  STAMPED,
);
ratingSchema.index({ visit: 1 }, { unique: true });
// The office's list (newest first, optionally of one cleaner) and each cleaner's average.
ratingSchema.index({ created_at: -1 });
ratingSchema.index({ employee: 1, created_at: -1 });
// Averages are counted per cleaner and star (the engine counts $group keys from this index).
ratingSchema.index({ employee: 1, stars: 1 });

export type RatingDoc = InferSchemaType<typeof ratingSchema> & Stamped;
// A customer's visits list shows their stars, kept per write version (lib/versioned-cache.ts).
trackWriteVersion(ratingSchema, 'ratings');
export const Rating = mongoose.model('Rating', ratingSchema);
