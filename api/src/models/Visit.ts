// A visit: one clean of a plan on one London date and time, with its own cleaner, state and work
// submission (shared/README.md "Plans and visits"). One visit per plan and rule date (`slot`), by a
// unique index: two instances generating at once create each visit once.
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { VISIT_STATES } from '@shared/schemas/visits';
import { STAMPED, type Stamped } from './stamps';
import { WORK_FIELDS } from './work-fields';
import { CHECKLIST_FIELDS } from './checklist-fields';
import { countNewRows, visitSheetRow } from './TimesheetTotal';
import { trackWriteVersion } from './write-version';

const visitSchema = new Schema(
  {
    plan: { type: Schema.Types.ObjectId, ref: 'Plan', required: true },
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    reference: String,
    // The rule's date this visit stands for: its identity within the plan, kept when it is moved.
    slot: { type: String, required: true },
    // When it happens (moved or not) and that moment's London date (one visit per plan and day).
    start: { type: Date, required: true },
    day: { type: String, required: true },
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', default: null },
    state: { type: String, enum: VISIT_STATES, default: 'scheduled' },
    // Moved, skipped, released or given another cleaner: the generator never touches it again, and a
    // change of the plan's regular time or cleaner leaves it as it is.
    exception: { type: Boolean, default: false },
    // The plan's first visit: its work submission and timesheet review live on the booking (as before
    // plans existed), where the booking routes, timesheets and figures read them.
    on_booking: { type: Boolean, default: false },
    version: { type: Number, default: 0 },
    released_from: { type: Schema.Types.ObjectId, ref: 'Employee' },
    cancel_reason: String,
    // The cleaner's "On my way" (README "Reminders and live notices"): set once; the customer is told once.
    on_my_way_at: { type: Date, default: null },
    on_my_way_minutes: { type: Number, default: null },
    // The office was alerted that this visit had not started 30 minutes after its time (once).
    late_alerted_at: { type: Date, default: null },
    // Its cleaner's approved time off took it away: the office finds it cover (listed first); cleared
    // once the customer has been told who comes instead.
    needs_cover: { type: Boolean, default: undefined },
    // The office chose to keep it on a bank holiday or closed day: no longer flagged.
    holiday_kept: { type: Boolean, default: undefined },
    // What this visit costs (integer pence, the plan's price when it was generated or last changed).
    price_pence: { type: Number, default: null },
    // A skip or move after the change cut-off: what the customer accepted to pay, and the cleaner's share.
    late_charge_pence: Number,
    late_charge_cleaner_pence: Number,
    late_charge_at: Date,
    // The cleaner's "Couldn't get in" (set once; the visit is then skipped and charged by the same rule).
    lockout_at: Date,
    // A free re-clean after a rating of 2★ or less: the visit it makes good (at no charge, price 0).
    reclean_of: { type: Schema.Types.ObjectId, ref: 'Visit', default: undefined },
    lockout_note: String,
    ...WORK_FIELDS,
    ...CHECKLIST_FIELDS,
  },
  STAMPED,
);
visitSchema.index({ plan: 1, slot: 1 }, { unique: true });
// One scheduled or done visit per plan and day: two moves at once onto one free day, one wins.
visitSchema.index({ plan: 1, day: 1 }, { unique: true, partialFilterExpression: { state: { $in: ['scheduled', 'completed'] } } });
// A plan's visits in time order (next visits, "this and following", one per day).
visitSchema.index({ plan: 1, start: 1 });
// Each person's list of a period, in time order.
visitSchema.index({ user: 1, start: 1 });
visitSchema.index({ employee: 1, start: 1 });
// The office's list of a period, and the cover jobs (released: no cleaner).
visitSchema.index({ start: 1 });
// Timesheet rows (work submitted, not the plan's first visit: that one is the booking's row), newest
// first; the fields after them let a recount group the rows from the keys alone (no visit read).
visitSchema.index({ work_submitted: 1, on_booking: 1, submitted_at: -1, employee: 1, timesheet_status: 1, submitted_work_hours: 1 });
// ...filtered by cleaner, by review state, or both.
visitSchema.index({ employee: 1, submitted_at: -1 });
visitSchema.index({ timesheet_status: 1, submitted_at: -1 });
visitSchema.index({ employee: 1, timesheet_status: 1, submitted_at: -1 });
countNewRows(visitSchema, visitSheetRow);
// Payroll: the cleaners' shares of late charges, by when they were charged.
visitSchema.index({ late_charge_at: 1 });

export type VisitDoc = InferSchemaType<typeof visitSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(visitSchema, 'visits');
export const Visit = mongoose.model('Visit', visitSchema);
