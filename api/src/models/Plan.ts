// A plan: what a booking becomes once a cleaner accepts it (or the office assigns it). Its _id is the
// booking's, so a booking has at most one plan and every booking route finds it without a lookup.
// shared/README.md "Plans and visits" states the rules.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { PLAN_FREQUENCIES } from '@shared/visits';
import { PLAN_STATES } from '@shared/schemas/visits';
import { ENDED_BY } from '@shared/states';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';

const planSchema = new Schema(
  {
    _id: { type: Schema.Types.ObjectId, required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reference: String,
    // The regular cleaner: every generated visit is theirs (null: the plan waits for one).
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', default: null },
    // The rule (shared/visits.ts PlanRule), in London dates and wall time.
    frequency: { type: String, enum: PLAN_FREQUENCIES, required: true },
    anchor: { type: String, required: true },
    time: { type: String, required: true },
    days: { type: [Number], default: [] },
    interval_weeks: Number,
    // The office's estimate of one visit's length; without it the schedule reads shared/duration.ts's table.
    estimated_hours: Number,
    valid_from: String,
    state: { type: String, enum: PLAN_STATES, default: 'active' },
    paused_from: { type: String, default: null },
    paused_until: { type: String, default: null },
    ends_on: { type: String, default: null },
    // Ended (or cancelled within 14 days): who (shared/states.ts ENDED_BY), when (the server's clock), why.
    ended_by: { type: String, enum: ENDED_BY, default: undefined },
    ended_at: { type: Date, default: undefined },
    end_reason: { type: String, default: undefined },
    // The customer's home the visits are at (models/Home.ts): its sealed access notes, keys and alarm
    // code are what the cleaner reads on the day. null: a plan made before homes, until the upgrade.
    home: { type: Schema.Types.ObjectId, ref: 'Home', default: null },
    // Before homes: the plan's own access notes in plain text. The upgrade moves them into the plan's
    // home (sealed) and clears them; nothing writes them any more.
    access_notes: { type: String, default: '' },
    // Bumped by every change of the rule or state: a change conditional on the version read wins once.
    version: { type: Number, default: 0 },
    // Visits exist up to this London date; the generation pass reads only plans short of its horizon.
    generated_through: { type: String, default: '' },
    // The agreed price per visit (the booking's), copied onto each visit generated.
    price_pence: { type: Number, default: null },
  },
  STAMPED,
);
planSchema.index({ generated_through: 1 });
// Whether a home has a live plan (it cannot be removed meanwhile).
planSchema.index({ home: 1, state: 1 });

export type PlanDoc = InferSchemaType<typeof planSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(planSchema, 'plans');
export const Plan = mongoose.model('Plan', planSchema);
