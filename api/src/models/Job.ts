import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED } from './stamps';

/** Never: a lease that is "free" compares as long expired (a Date, not null, so one index serves the claim). */
export const NO_LEASE = new Date(0);

/**
 * Something to do later (a reminder, an evening list…), kept in the database so it survives a restart
 * and is shared by every instance. `key` is unique: scheduling the same key again moves the one job.
 * A job is claimed by setting a lease (owner + expiry) in one findOneAndUpdate; a lease that expires
 * (its instance died) makes the job claimable again. `rev` changes on every reschedule, so a run that
 * started before it does not mark the newer version done.
 */
const jobSchema = new Schema(
  {
    key: { type: String, required: true, unique: true, maxlength: 200 },
    kind: { type: String, required: true, maxlength: 80 },
    payload: { type: Schema.Types.Mixed, default: {} },
    run_at: { type: Date, required: true },
    /** Past this time the job is no longer worth doing (a reminder for a visit that has begun): dropped, logged. */
    stale_after: { type: Date, default: null },
    state: { type: String, enum: ['pending', 'done', 'failed', 'dropped', 'cancelled'], default: 'pending', required: true },
    attempts: { type: Number, default: 0 },
    last_error: { type: String, default: null },
    lease_owner: { type: String, default: null },
    lease_until: { type: Date, default: () => NO_LEASE },
    rev: { type: Number, default: 0 },
    finished_at: { type: Date, default: null },
  },
  { ...STAMPED, versionKey: false },
);
// The claim: pending jobs by due time.
jobSchema.index({ state: 1, run_at: 1 });
// A plan's pending visit reminders, cancelled together when its visits go (jobs/visit-notices.ts).
jobSchema.index({ 'payload.planId': 1, state: 1 }, { sparse: true });

export type JobDoc = InferSchemaType<typeof jobSchema> & { _id: mongoose.Types.ObjectId; };
export const Job = mongoose.model('Job', jobSchema);
