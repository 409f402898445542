// The work submission and its timesheet review, the same on a booking (its first clean) and on each
// later visit of a plan: submitted → queried ⇄ submitted → approved (README "Timesheets").
import { Schema } from 'mongoose';
import { TIMESHEET_STATUSES } from '@shared/schemas/timesheets';

export const WORK_FIELDS = {
  work_submitted: { type: Boolean, default: false },
  submitted_work_hours: Number,
  completion_notes: String,
  // Travel from the cleaner's previous job that day as they stated it (minutes, with why), instead of
  // the figure the two jobs' times give; approved with the hours (shared/pay-rules.ts).
  travel_minutes: Number,
  travel_note: String,
  submitted_at: Date,
  timesheet_status: { type: String, enum: TIMESHEET_STATUSES },
  timesheet_query: {
    type: new Schema({ message: { type: String, required: true }, at: { type: Date, required: true }, by: Schema.Types.ObjectId, answered_at: Date }, {
      _id: false,
    }),
    required: false,
  },
  approved_at: Date,
  approved_by: { type: Schema.Types.ObjectId, ref: 'Employee' },
} as const;
