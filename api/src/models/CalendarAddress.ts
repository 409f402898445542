// A person's private calendar address (README "Calendar subscription"). Only a hash of its secret is
// kept: the secret is HMAC(server key, nonce), so the address can be shown again on the profile while a
// copy of the database alone cannot rebuild it. One address per person: making a new one replaces this
// document, and the old secret's hash then finds nothing (404 at once).
import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED, type Stamped } from './stamps';

export const CALENDAR_OWNERS = ['customer', 'employee'] as const;

const calendarAddressSchema = new Schema(
  {
    owner_kind: { type: String, enum: CALENDAR_OWNERS, required: true },
    owner: { type: Schema.Types.ObjectId, required: true },
    nonce: { type: String, required: true },
    // sha256 of the secret, hex: what a feed request is looked up by.
    hash: { type: String, required: true, unique: true },
  },
  STAMPED,
);
calendarAddressSchema.index({ owner_kind: 1, owner: 1 }, { unique: true });

export type CalendarAddressDoc = InferSchemaType<typeof calendarAddressSchema> & Stamped;
export const CalendarAddress = mongoose.model('CalendarAddress', calendarAddressSchema);
