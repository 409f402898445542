import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { STAMPED } from './stamps';

/**
 * A staff invitation: the link's token is never stored, only its SHA-256. Single use (usedAt set by
 * one conditional update), revocable, and dead after expiresAt.
 */
const invitationSchema = new Schema(
  {
    employee: { type: Schema.Types.ObjectId, ref: 'Employee', required: true, index: true },
    tokenHash: { type: String, required: true, unique: true },
    expiresAt: { type: Date, required: true },
    usedAt: Date,
    revokedAt: Date,
    createdBy: String,
  },
  { ...STAMPED, versionKey: false },
);

export type InvitationDoc = InferSchemaType<typeof invitationSchema> & { _id: mongoose.Types.ObjectId; created_at: Date; };
export const Invitation = mongoose.model('Invitation', invitationSchema);
