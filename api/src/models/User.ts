import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { ROLES } from '@shared/constants';
import { STAMPED, type Stamped, tokenVersion } from './stamps';
import { trackWriteVersion } from './write-version';

const userSchema = new Schema(
  {
    email: { type: String, required: true, unique: true, lowercase: true, trim: true },
    name: { type: String, required: true, trim: true },
    passwordHash: { type: String },
    googleId: { type: String, index: { unique: true, sparse: true } },
    picture: { type: String },
    role: { type: String, enum: ROLES, default: 'user' },
    phone: { type: String },
    address: { type: String },
    blocked: { type: Boolean, default: false },
    // Words of the name, e-mail and phone, lowercased (customerSearchKeys): the office's customer search
    // finds each word it is given as the start of one of these, through an index.
    search_keys: { type: [String], default: undefined },
    tokenVersion,
    // Set when the customer closed their account (services/data-rights/close-account.ts): the row is
    // anonymised then, and its remaining bookings go after the retention period.
    closed_at: { type: Date, default: undefined },
    // When they last opened "What we told you" (the server's clock): notices sent after it are new, on every device.
    notices_seen_at: { type: Date, default: null },
  },
  STAMPED,
);

/** The words a customer is found by: of the name, the e-mail (and the whole address), the phone (and its digits). */
export function customerSearchKeys(u: { name?: string | null; email?: string | null; phone?: string | null; }): string[] {
  const words = (t: string | null | undefined) => (t ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  const digits = (u.phone ?? '').replace(/\D+/g, '');
  return [...new Set([...words(u.name), ...words(u.email), ...(u.email ? [u.email.toLowerCase()] : []), ...words(u.phone), ...(digits ? [digits] : [])])];
}
userSchema.pre('save', function() {
  this.search_keys = customerSearchKeys(this);
});
userSchema.index({ search_keys: 1 });
// The office's customer list, newest first, all or the blocked ones.
userSchema.index({ created_at: -1 });
userSchema.index({ blocked: 1, created_at: -1 });

export type UserDoc = InferSchemaType<typeof userSchema> & Stamped;
// Visit lists and the office schedule are kept per write version (lib/versioned-cache.ts).
trackWriteVersion(userSchema, 'users');
export const User = mongoose.model('User', userSchema);
