import mongoose, { Schema } from 'mongoose';
import { serverClock } from '../clock';

export const IDEMPOTENCY_TTL_SECONDS = 24 * 60 * 60;

/**
 * A remembered answer for one Idempotency-Key. `scope` (caller + method + path + key) is unique,
 * so the first insert wins atomically; records expire after 24 hours through the TTL index.
 */
const idempotencyKeySchema = new Schema(
  {
    scope: { type: String, required: true, unique: true },
    bodyHash: { type: String, required: true },
    state: { type: String, enum: ['in-progress', 'done'], required: true },
    status: Number,
    // The answer is kept as JSON text so any body shape (keys with '$' or '.') stores safely.
    responseJson: String,
    created_at: { type: Date, default: () => serverClock.now(), index: { expireAfterSeconds: IDEMPOTENCY_TTL_SECONDS } },
  },
  { versionKey: false },
);

export const IdempotencyKey = mongoose.model('IdempotencyKey', idempotencyKeySchema);
