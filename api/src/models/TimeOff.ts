// A cleaner's time off: from–to (London dates, both included), asked for by the cleaner (requested)
// or entered by the office (approved at once). Approving turns their visits inside it into needs cover.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { TIME_OFF_STATES } from '@shared/schemas/schedule';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

const timeOffSchema = new Schema(
  {
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', required: true },
    from: { type: String, required: true },
    to: { type: String, required: true },
    note: { type: String, default: '' },
    state: { type: String, enum: TIME_OFF_STATES, default: 'requested' },
    decided_by: { type: Schema.Types.ObjectId, ref: 'Employee' },
    decided_at: Date,
  },
  STAMPED,
);
// The office's list by state, newest first; a cleaner's own list; the schedule's window.
timeOffSchema.index({ state: 1, created_at: -1 });
timeOffSchema.index({ employee: 1, created_at: -1 });
timeOffSchema.index({ to: 1 });

export type TimeOffDoc = InferSchemaType<typeof timeOffSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(timeOffSchema, 'time_off');
export const TimeOff = mongoose.model('TimeOff', timeOffSchema);
