// A used signed visit link (skip, move, rate): its nonce is the _id, so a link works once. Written
// before the action and removed again when the action is refused, so a refused try does not use it up.
import mongoose, { Schema } from 'mongoose';

const visitLinkUseSchema = new Schema(
  {
    _id: { type: String, required: true },
    visit: { type: Schema.Types.ObjectId, ref: 'Visit', required: true },
    purpose: { type: String, required: true },
    used_at: { type: Date, required: true },
  },
  { versionKey: false },
);

export const VisitLinkUse = mongoose.model('VisitLinkUse', visitLinkUseSchema);
