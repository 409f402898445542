// One-time codes for signup and password reset: issued, checked and consumed with atomic updates.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_TRIES, OTP_RESEND_MS, OTP_TTL_MS, OTP_VERIFIED_WINDOW_MS } from '../../../shared/constants';
import { Otp, type OtpPurpose } from '../models/Otp';

/** Records outlive their code by a day so "expired" can still be told apart from "never asked". */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

export class ResendTooSoon extends Error {
  constructor(public retryAfterMs: number) {
    super('resend too soon');
  }
}

export type OtpCheck =
  | { ok: true }
  | { ok: false; reason: 'none' | 'expired' | 'dead' }
  | { ok: false; reason: 'wrong'; triesLeft: number };

const isDuplicate = (err: unknown) => typeof err === 'object' && err !== null && (err as { code?: number }).code === 11000;

function hashCode(pepper: string, purpose: OtpPurpose, email: string, code: string): string {
  return createHmac('sha256', pepper).update(`${purpose}:${email}:${code}`).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Stores a fresh code for email+purpose and returns it (to be mailed). At most one per OTP_RESEND_MS:
 * the upsert only matches a record sent before the cutoff, so a recent one makes the insert collide
 * on the unique (email, purpose) index — atomic even with several API instances.
 */
export async function issueOtp(pepper: string, email: string, purpose: OtpPurpose, now = Date.now()): Promise<{ code: string; codeHash: string }> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const codeHash = hashCode(pepper, purpose, email, code);
  const expiresAt = new Date(now + OTP_TTL_MS);
  try {
    await Otp.findOneAndUpdate(
      { email, purpose, sentAt: { $lte: new Date(now - OTP_RESEND_MS) } },
      { $set: { codeHash, sentAt: new Date(now), expiresAt, tries: 0, purgeAt: new Date(now + OTP_TTL_MS + KEEP_AFTER_EXPIRY_MS) }, $unset: { verifiedUntil: 1 } },
      { upsert: true },
    );
  } catch (err) {
    if (!isDuplicate(err)) throw err;
    const existing = await Otp.findOne({ email, purpose }).lean();
    const wait = existing ? existing.sentAt.getTime() + OTP_RESEND_MS - now : OTP_RESEND_MS;
    throw new ResendTooSoon(Math.max(1000, wait));
  }
  return { code, codeHash };
}

/** Removes a code whose mail could not be sent, so the person can ask again at once. */
export async function withdrawOtp(email: string, purpose: OtpPurpose, codeHash: string): Promise<void> {
  await Otp.deleteOne({ email, purpose, codeHash });
}

/** When the last code for email+purpose was sent (for "a code was sent < 30 s ago"). */
export async function lastSent(email: string, purpose: OtpPurpose): Promise<Date | undefined> {
  const rec = await Otp.findOne({ email, purpose }, { sentAt: 1 }).lean();
  return rec?.sentAt ?? undefined;
}

/**
 * Checks a code. A right code is used up at once: for signup it turns into a verification window,
 * for reset the record is removed. A wrong code costs one of OTP_MAX_TRIES; then the code is dead.
 */
export async function checkOtp(pepper: string, email: string, purpose: OtpPurpose, code: string, now = Date.now()): Promise<OtpCheck> {
  const rec = await Otp.findOne({ email, purpose }).lean();
  if (!rec || !rec.codeHash) return { ok: false, reason: 'none' };
  if (rec.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  if ((rec.tries ?? 0) >= OTP_MAX_TRIES) return { ok: false, reason: 'dead' };
  const live = { _id: rec._id, codeHash: rec.codeHash, tries: { $lt: OTP_MAX_TRIES } };

  if (sameHash(hashCode(pepper, purpose, email, code), rec.codeHash)) {
    // Conditional on the same live code, so two concurrent right answers use it only once.
    const used =
      purpose === 'signup'
        ? await Otp.findOneAndUpdate(live, {
            $set: { verifiedUntil: new Date(now + OTP_VERIFIED_WINDOW_MS), purgeAt: new Date(now + OTP_VERIFIED_WINDOW_MS) },
            $unset: { codeHash: 1 },
          })
        : await Otp.findOneAndDelete(live);
    return used ? { ok: true } : { ok: false, reason: 'none' };
  }
  const after = await Otp.findOneAndUpdate(live, { $inc: { tries: 1 } }, { returnDocument: 'after' }).lean();
  if (!after) return { ok: false, reason: 'dead' };
  return { ok: false, reason: 'wrong', triesLeft: Math.max(0, OTP_MAX_TRIES - (after.tries ?? 0)) };
}

/** Uses up a signup verification made within OTP_VERIFIED_WINDOW_MS; false when there is none. */
export async function consumeVerification(email: string, now = Date.now()): Promise<boolean> {
  const rec = await Otp.findOneAndDelete({ email, purpose: 'signup', verifiedUntil: { $gt: new Date(now) } });
  return rec !== null;
}

/** Whether the e-mail holds a live signup verification (without using it). */
export async function isVerified(email: string, now = Date.now()): Promise<boolean> {
  return (await Otp.exists({ email, purpose: 'signup', verifiedUntil: { $gt: new Date(now) } })) !== null;
}
