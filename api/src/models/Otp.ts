import mongoose, { Schema } from 'mongoose';

export const OTP_PURPOSES = ['signup', 'reset', 'staff-reset', 'close-account'] as const;
export type OtpPurpose = (typeof OTP_PURPOSES)[number];

/**
 * One live one-time code per e-mail and purpose. Only a peppered hash of the code is kept.
 * `verifiedUntil` marks a signup e-mail as proven; `purgeAt` drives the TTL index and is kept
 * past `expiresAt` so the API can still tell "expired" apart from "never requested".
 */
const otpSchema = new Schema(
  {
    email: { type: String, required: true, lowercase: true, trim: true },
    purpose: { type: String, enum: OTP_PURPOSES, required: true },
    codeHash: { type: String },
    sentAt: { type: Date, required: true },
    expiresAt: { type: Date, required: true },
    tries: { type: Number, default: 0 },
    verifiedUntil: { type: Date },
    purgeAt: { type: Date, required: true, index: { expireAfterSeconds: 0 } },
  },
  { versionKey: false },
);
otpSchema.index({ email: 1, purpose: 1 }, { unique: true });

export const Otp = mongoose.model('Otp', otpSchema);
