// A problem the cleaner reported from a visit (shared/README.md "Problems"): open until the office
// resolves it with a note. Its id may be made on the phone (photos taken offline name it before the
// server has it). A problem is part of its visit's answer, so a write moves the visits' write version.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { PROBLEM_KINDS, PROBLEM_STATES } from '@shared/schemas/photos';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

const problemSchema = new Schema(
  {
    visit: { type: Schema.Types.ObjectId, ref: 'Visit', required: true },
    plan: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', required: true },
    kind: { type: String, enum: PROBLEM_KINDS, required: true },
    note: { type: String, default: '', maxlength: 1000 },
    state: { type: String, enum: PROBLEM_STATES, default: 'open' },
    reported_at: { type: Date, required: true },
    resolved_at: Date,
    resolved_by: { type: Schema.Types.ObjectId, ref: 'Employee' },
    resolve_note: String,
  },
  STAMPED,
);
// The office's list (open first by time), each visit's problems, a customer's copy.
problemSchema.index({ state: 1, reported_at: -1 });
problemSchema.index({ visit: 1, reported_at: 1 });
problemSchema.index({ user: 1, reported_at: 1 });

export type ProblemDoc = InferSchemaType<typeof problemSchema> & Stamped & { _id: mongoose.Types.ObjectId; };
trackWriteVersion(problemSchema, 'visits');
export const Problem = mongoose.model('Problem', problemSchema);
