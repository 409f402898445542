// One-time codes for signup and password reset: issued, checked and consumed with atomic updates.
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { OTP_LENGTH, OTP_MAX_TRIES, OTP_RESEND_MS, OTP_TTL_MS, OTP_VERIFIED_WINDOW_MS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { API_MSG, ACCOUNT_MSG } from '@shared/messages-api';
import { Otp, type OtpPurpose } from '../../models/Otp';
import { hit, takeAll, tooMany, unhit } from '../../lib/rate-limit';
import { badRequest, type HttpError } from '../../lib/errors';
import type { Deps } from '../../deps';
import { notify } from '../../notify/notify';
import { isDuplicateKey } from '../../models/duplicate-key';

/** Records outlive their code by a day so "expired" can still be told apart from "never asked". */
const KEEP_AFTER_EXPIRY_MS = 24 * 60 * 60 * 1000;

export class ResendTooSoon extends Error {
  constructor(public retryAfterMs: number) {
    super('resend too soon');
  }
}

export type OtpCheck =
  | { ok: true; }
  | { ok: false; reason: 'none' | 'expired' | 'dead'; }
  | { ok: false; reason: 'wrong'; triesLeft: number; }
  /** Too many wrong codes for this e-mail and purpose this hour, whatever code is live. */
  | { ok: false; reason: 'locked'; retryAfterMs: number; };

const HOUR = 60 * 60_000;
/** Sending limits: per IP (all e-mails), and per e-mail and purpose per hour and per day. */
export const OTP_LIMITS = {
  perIp: { max: 50, windowMs: HOUR },
  perEmailHour: { max: 5, windowMs: HOUR },
  perEmailDay: { max: 10, windowMs: 24 * HOUR },
  /** Wrong codes per e-mail and purpose per hour, across codes: a resend gives no tries back. */
  wrongPerHour: { max: OTP_MAX_TRIES, windowMs: HOUR },
} as const;

/** Counts one code request from `ip` at `now`, or throws 429 when the IP has asked for too many this hour. */
export async function takeCodeRequestFromIp(ip: string, now: Date, extra: Record<string, unknown> = {}): Promise<void> {
  await takeAll([{ name: 'otp-ip', key: ip, ...OTP_LIMITS.perIp, message: API_MSG.otpIpCapped }], now.getTime(), extra);
}

export interface CodeMail {
  subject: string;
  text(code: string, minutesValid: number): string;
}

/**
 * Issues a code and mails it, within the per-e-mail caps (hour and day) and the 30 s resend gap;
 * throws 429 (with `extra`) when one is reached. False when the mail could not be sent: then the
 * code is withdrawn and the send not counted, so the person can ask again at once.
 */
export async function deliverCode(
  deps: Pick<Deps, 'config' | 'mailer' | 'log' | 'clock'>,
  email: string,
  purpose: OtpPurpose,
  mail: CodeMail,
  extra: Record<string, unknown> & { resendMessage: (seconds: number) => string; },
): Promise<boolean> {
  const { resendMessage, ...answerExtra } = extra;
  const key = `${purpose}:${email}`;
  const now = deps.clock.now().getTime();
  const giveBack = await takeAll(
    [
      { name: 'otp-email-hour', key, ...OTP_LIMITS.perEmailHour, message: API_MSG.otpEmailCapped },
      { name: 'otp-email-day', key, ...OTP_LIMITS.perEmailDay, message: API_MSG.otpEmailCapped },
    ],
    now,
    answerExtra,
  );
  let issued;
  try {
    issued = await issueOtp(deps.config.otpPepper, email, purpose, now);
  } catch (err) {
    await giveBack();
    if (err instanceof ResendTooSoon) throw tooMany(err.retryAfterMs, resendMessage(Math.ceil(err.retryAfterMs / 1000)), answerExtra);
    throw err;
  }
  try {
    await notify(deps, { type: 'address', email }, 'transactional', { subject: mail.subject, text: mail.text(issued.code, Math.round(OTP_TTL_MS / 60_000)) });
    return true;
  } catch (err) {
    deps.log.error({ err, purpose }, 'OTP mail failed');
    await withdrawOtp(email, purpose, issued.codeHash);
    await giveBack();
    return false;
  }
}

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
export async function issueOtp(pepper: string, email: string, purpose: OtpPurpose, now: number): Promise<{ code: string; codeHash: string; }> {
  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const codeHash = hashCode(pepper, purpose, email, code);
  const expiresAt = new Date(now + OTP_TTL_MS);
  try {
    await Otp.findOneAndUpdate(
      { email, purpose, sentAt: { $lte: new Date(now - OTP_RESEND_MS) } },
      {
        $set: { codeHash, sentAt: new Date(now), expiresAt, tries: 0, purgeAt: new Date(now + OTP_TTL_MS + KEEP_AFTER_EXPIRY_MS) },
        $unset: { verifiedUntil: 1 },
      },
      { upsert: true },
    );
  } catch (err) {
    if (!isDuplicateKey(err)) throw err;
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

/**
 * Checks a code. A right code is used up at once: for signup it turns into a verification window,
 * for reset the record is removed. A wrong code costs one of OTP_MAX_TRIES; then the code is dead.
 */
export async function checkOtp(pepper: string, email: string, purpose: OtpPurpose, code: string, now: number): Promise<OtpCheck> {
  const rec = await Otp.findOne({ email, purpose }).lean();
  if (!rec || !rec.codeHash) return { ok: false, reason: 'none' };
  if (rec.expiresAt.getTime() <= now) return { ok: false, reason: 'expired' };
  if ((rec.tries ?? 0) >= OTP_MAX_TRIES) return { ok: false, reason: 'dead' };
  const live = { _id: rec._id, codeHash: rec.codeHash, tries: { $lt: OTP_MAX_TRIES } };
  // Counted before comparing (given back when right), so a parallel burst cannot compare more codes
  // than the hourly allowance; counted per e-mail, not per code, so a resend refills nothing.
  const wrong = OTP_LIMITS.wrongPerHour;
  const counted = await hit('otp-wrong', `${purpose}:${email}`, wrong.max, wrong.windowMs, now);
  if (!counted.allowed) {
    await unhit('otp-wrong', `${purpose}:${email}`, wrong.windowMs, now);
    return { ok: false, reason: 'locked', retryAfterMs: counted.retryAfterMs };
  }

  if (sameHash(hashCode(pepper, purpose, email, code), rec.codeHash)) {
    await unhit('otp-wrong', `${purpose}:${email}`, wrong.windowMs, now);
    // Conditional on the same live code, so two concurrent right answers use it only once.
    const used = purpose === 'signup'
      ? await Otp.findOneAndUpdate(live, {
        $set: { verifiedUntil: new Date(now + OTP_VERIFIED_WINDOW_MS), purgeAt: new Date(now + OTP_VERIFIED_WINDOW_MS) },
        $unset: { codeHash: 1 },
      })
      : await Otp.findOneAndDelete(live);
    return used ? { ok: true } : { ok: false, reason: 'none' };
  }
  const after = await Otp.findOneAndUpdate(live, { $inc: { tries: 1 } }, { returnDocument: 'after' }).lean();
  if (!after) return { ok: false, reason: 'dead' };
  const triesLeft = Math.min(OTP_MAX_TRIES - (after.tries ?? 0), wrong.max - counted.count);
  return { ok: false, reason: 'wrong', triesLeft: Math.max(0, triesLeft) };
}

export type OtpRefusal = Exclude<OtpCheck, { ok: true; }>;

/**
 * The answer for a code that did not work, in the same words for every flow: `noCode` says what
 * "nothing to check against" means in this flow, `extra` adds the flow's own fields per reason.
 */
export function otpRefused(check: OtpRefusal, noCode: string, extra: (reason: OtpRefusal['reason']) => Record<string, unknown> = () => ({})): HttpError {
  const more = extra(check.reason);
  switch (check.reason) {
    case 'none':
      return badRequest(noCode, more);
    case 'expired':
      return badRequest(ACCOUNT_MSG.otpExpired, more);
    case 'dead':
      return badRequest(ACCOUNT_MSG.otpDead, { ...more, triesLeft: 0 });
    case 'locked':
      return tooMany(check.retryAfterMs, API_MSG.otpTooManyWrong, { ...more, triesLeft: 0 });
    case 'wrong':
      return check.triesLeft > 0
        ? badRequest(MSG.invalidOtp, { ...more, triesLeft: check.triesLeft })
        : badRequest(ACCOUNT_MSG.otpLastTry, { ...more, triesLeft: 0 });
  }
}

/** Uses up a signup verification made within OTP_VERIFIED_WINDOW_MS; false when there is none. */
export async function consumeVerification(email: string, now: number): Promise<boolean> {
  const rec = await Otp.findOneAndDelete({ email, purpose: 'signup', verifiedUntil: { $gt: new Date(now) } });
  return rec !== null;
}

/** Whether the e-mail holds a live signup verification (without using it). */
export async function isVerified(email: string, now: number): Promise<boolean> {
  return (await Otp.exists({ email, purpose: 'signup', verifiedUntil: { $gt: new Date(now) } })) !== null;
}
