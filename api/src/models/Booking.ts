import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { BOOKING_STATUSES } from '@shared/constants';
import { ENDED_BY } from '@shared/states';
import { STAMPED, type Stamped } from './stamps';
import { trackWriteVersion } from './write-version';
import { WORK_FIELDS } from './work-fields';
import { bookingSheetRow, countNewRows } from './TimesheetTotal';

const bookingSchema = new Schema(
  {
    user: { type: Schema.Types.ObjectId, ref: 'User', required: true },
    // Short human reference (SC-7K4Q2). Sparse only so bookings stored before it existed can be
    // backfilled at start; every booking created since has one from its first write.
    reference: { type: String, index: { unique: true, sparse: true } },
    // The booked moment when bestDays names one (UK time), null for free text; lists sort on it and
    // the submit-work rule reads it.
    scheduledAt: { type: Date, default: null },
    propertyType: { type: String, required: true },
    frequency: { type: String, required: true },
    bedrooms: { type: String, required: true },
    bathrooms: { type: String, required: true },
    receptions: { type: String, required: true },
    cleaningType: { type: String, required: true },
    hasCleaner: { type: String, required: true },
    bestDays: { type: String, required: true },
    supplies: { type: String, required: true },
    hiringLikelihood: { type: String, required: true },
    postcode: { type: String, required: true },
    // Where to clean and whom to call, as given with this booking (not read from the live profile).
    address: String,
    phone: String,
    // The customer's home it was booked for (models/Home.ts); its plan takes the same.
    home: { type: Schema.Types.ObjectId, ref: 'Home', default: undefined },
    status: { type: String, enum: BOOKING_STATUSES, default: 'pending', index: true },
    // Employee side: who accepted it, who declined it, and the work submission.
    accepted_by: { type: Schema.Types.ObjectId, ref: 'Employee' },
    accepted_at: Date,
    // Whole minutes from the request to its acceptance, kept beside accepted_at (office/accept-wait.ts):
    // the office's median wait is counted from an index's keys instead of reading every booking.
    accept_wait_min: Number,
    // The cleaner the office last took it back from (unassigned or released): their late submit is a
    // conflict to refresh, not someone else's booking.
    released_from: { type: Schema.Types.ObjectId, ref: 'Employee' },
    declined_by: { type: [Schema.Types.ObjectId], default: [] },
    // The work submission and the office's review of it (work-fields.ts).
    ...WORK_FIELDS,
    // A cancel (status rejected: the office's; cancelled: the customer's within 14 days; withdrawn: a
    // request of a closed account): who, the reason the customer was told, when.
    cancelled_by: { type: String, enum: ENDED_BY, default: undefined },
    cancel_reason: String,
    cancelled_at: Date,
    // When its plan ended (by the customer or closing the account; the office's end is its cancel
    // above): the figures and the board count ended plans by it.
    plan_ended_at: Date,
    // The price (services/bookings/booking-agreement.ts): the quote when booked, with its price-list version (a
    // later list leaves it as it is); the price per visit the office confirmed or changed.
    quote: { type: Schema.Types.Mixed, default: undefined },
    price_pence: { type: Number, default: null },
    price_confirmed_at: Date,
    // The customer's express request to start within the 14-day cancellation period, and a cancel in it.
    start_within_14_days: Boolean,
    cancelled_within_14_days_at: Date,
    cancel_charge_pence: Number,
  },
  STAMPED,
);
// Each index serves a list in its order (so a page reads only its own documents) and, by its prefix,
// the counts beside it; on MongoDB and on the embedded engine alike.
// A customer's list and dashboard: `{ user }` newest first.
bookingSchema.index({ user: 1, created_at: -1 });
// Available bookings: `{ status: 'pending', ... }` by booked time.
bookingSchema.index({ status: 1, scheduledAt: 1 });
// An employee's bookings by booked time; their counts by status and month of acceptance.
bookingSchema.index({ accepted_by: 1, scheduledAt: 1 });
bookingSchema.index({ accepted_by: 1, status: 1, accepted_at: 1 });
// Counts an index decides alone (no document read). By status: one key per employee and status, so the
// embedded engine counts it from that key's size (MongoDB by a count scan), also the open ones
// (`accepted_by: null, status: 'pending'`); with or without a booked time: the undated are a few keys.
bookingSchema.index({ accepted_by: 1, status: 1 });
bookingSchema.index({ accepted_by: 1, status: 1, scheduledAt: 1 });
// The open bookings an employee declined (taken off the open count instead of reading every open one).
bookingSchema.index({ declined_by: 1, status: 1, accepted_by: 1 });
// Work submissions, newest first (a cleaner's own, and the office's timesheets of one cleaner).
bookingSchema.index({ accepted_by: 1, work_submitted: 1, submitted_at: -1 });
// The office board and the company's figures: a period of one date (requested, accepted, work
// submitted, cancelled), read in that date's order, each with the fields the board's date filter
// pins first, so the figures' counts are decided by the index alone (no booking read).
bookingSchema.index({ created_at: -1 });
// The office figures are kept until a booking changes (write-version.ts).
trackWriteVersion(bookingSchema, 'bookings');
// The board's search by the start of a postcode.
bookingSchema.index({ postcode: 1 });
// The board by status, newest first.
bookingSchema.index({ status: 1, created_at: -1 });
// The board's other filter + date pairs, each read in the date's order (a page stops at its rows): one
// cleaner's by request date, accept date or cancel date; one status by accept or work-submitted date.
bookingSchema.index({ accepted_by: 1, created_at: -1 });
bookingSchema.index({ accepted_by: 1, accepted_at: -1 });
bookingSchema.index({ accepted_by: 1, status: 1, cancelled_at: -1 });
bookingSchema.index({ status: 1, accepted_at: -1 });
bookingSchema.index({ status: 1, submitted_at: -1 });
// The waits of a period grouped by minute from the keys (the office's median and 90th percentile).
bookingSchema.index({ accepted_at: -1, accept_wait_min: 1 });
// Timesheets of a period, and per cleaner, state and hours grouped from the keys (their totals, the
// hours approved) without reading a submission.
bookingSchema.index({ work_submitted: 1, submitted_at: -1, accepted_by: 1, timesheet_status: 1, submitted_work_hours: 1 });
// The timesheets filtered by review state, and by cleaner and state, newest first.
bookingSchema.index({ timesheet_status: 1, submitted_at: -1 });
bookingSchema.index({ accepted_by: 1, timesheet_status: 1, submitted_at: -1 });
bookingSchema.index({ status: 1, cancelled_at: -1 });
// Plans ended in a period (the figures' and the board's "ended").
bookingSchema.index({ plan_ended_at: -1 });
// Requests still waiting for a cleaner, oldest first or counted (`accepted_by: null, status: 'pending'`).
bookingSchema.index({ accepted_by: 1, status: 1, created_at: -1 });

countNewRows(bookingSchema, bookingSheetRow);

export type BookingDoc = InferSchemaType<typeof bookingSchema> & Stamped;
export const Booking = mongoose.model('Booking', bookingSchema);
