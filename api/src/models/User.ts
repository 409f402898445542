import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { ROLES } from '@shared/constants';
import type { PublicUser } from '@shared/schemas/auth';
import { STAMPED, type Stamped, tokenVersion } from './stamps';

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
    tokenVersion,
  },
  STAMPED,
);

// The office's customer list, newest first, all or the blocked ones.
userSchema.index({ created_at: -1 });
userSchema.index({ blocked: 1, created_at: -1 });

export type UserDoc = InferSchemaType<typeof userSchema> & Stamped;
export const User = mongoose.model('User', userSchema);

/** The user as the API shows it: never the password hash. */
export function publicUser(u: UserDoc): PublicUser {
  return {
    id: String(u._id),
    email: u.email,
    name: u.name,
    picture: u.picture ?? undefined,
    role: u.role as PublicUser['role'],
    phone: u.phone ?? undefined,
    address: u.address ?? undefined,
    created_at: u.created_at.toISOString(),
    updated_at: u.updated_at.toISOString(),
  };
}
