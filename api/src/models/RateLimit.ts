import mongoose, { Schema } from 'mongoose';

/**
 * One fixed-window counter: _id is "name:key:windowStart". Kept in MongoDB so several API
 * instances share the same limits; the TTL index drops a window once it has ended.
 */
const rateLimitSchema = new Schema(
  {
    _id: { type: String },
    count: { type: Number, default: 0 },
    expiresAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { versionKey: false },
);

export const RateLimit = mongoose.model('RateLimit', rateLimitSchema);
