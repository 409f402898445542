// Password reset by e-mailed code: one flow, the same texts and errorTypes (spec §4, §8), for
// customers and staff. Each side says how to find an account, why it may be refused, and how to
// store the new password (which also ends the account's sessions).
import { MSG, type ResetErrorType } from '@shared/messages';
import { MARKETING, OTP_TTL_MS } from '@shared/constants';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import type { OtpPurpose } from '../models/Otp';
import { checkOtp, deliverCode, takeCodeRequestFromIp } from './otp';

export const RESET_TXT = {
  resetSubject: `Your ${MARKETING.companyName} password reset code`,
  resetPending: () => 'A reset code was sent less than 30 seconds ago. Please check your email, or wait and try again.',
  noAccount: 'No account found with this email address.',
  noRequest: 'No password reset was requested for this email. Please request a new OTP.',
  expired: 'This OTP has expired. Please request a new one.',
  dead: 'Too many wrong attempts: this OTP no longer works. Please request a new one.',
  lastTry: `${MSG.invalidOtp}. That was the last try: this OTP no longer works. Please request a new one.`,
} as const;

const minutes = Math.round(OTP_TTL_MS / 60_000);
type CodeDeps = Pick<Deps, 'config' | 'mailer' | 'log'>;

/** Every failed forgot/reset answer carries an errorType the PWA turns into a titled dialog. */
export const resetError = (status: number, errorType: ResetErrorType, message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, message, { errorType, ...extra });

export interface ResetAccounts {
  purpose: OtpPurpose;
  /** The account for an e-mail; `refused` is the message when it may not reset (blocked, deactivated). */
  find(email: string): Promise<{ id: string; refused?: string } | null>;
  setPassword(id: string, newPassword: string): Promise<void>;
}

export async function sendAccountResetCode(deps: CodeDeps, accounts: ResetAccounts, email: string, ip: string): Promise<void> {
  const pending = { errorType: 'otp_pending' };
  await takeCodeRequestFromIp(ip, pending);
  const account = await accounts.find(email);
  if (!account) throw resetError(404, 'user_not_found', RESET_TXT.noAccount);
  if (account.refused) throw resetError(403, 'account_blocked', account.refused);
  const mail = {
    subject: RESET_TXT.resetSubject,
    text: (code: string) =>
      `Your ${MARKETING.companyName} password reset code is ${code}\n\nIt expires in ${minutes} minutes. If you did not ask to reset your password, you can ignore this email.`,
  };
  if (!(await deliverCode(deps, email, accounts.purpose, mail, { ...pending, resendMessage: RESET_TXT.resetPending }))) throw resetError(503, 'unknown', MSG.sendResetFailed);
}

export interface ResetInput {
  email: string;
  otp: string;
  newPassword: string;
  confirmPassword?: string;
}

export async function resetAccountPassword(deps: CodeDeps, accounts: ResetAccounts, input: ResetInput): Promise<void> {
  const { email, otp, newPassword, confirmPassword } = input;
  if (confirmPassword !== undefined && confirmPassword !== newPassword) throw resetError(400, 'password_mismatch', MSG.resetPasswordsDontMatch);
  const account = await accounts.find(email);
  if (!account) throw resetError(400, 'no_reset_request', RESET_TXT.noRequest);
  if (account.refused) throw resetError(403, 'account_blocked', account.refused);
  const check = await checkOtp(deps.config.otpPepper, email, accounts.purpose, otp);
  if (!check.ok) {
    if (check.reason === 'none') throw resetError(400, 'no_reset_request', RESET_TXT.noRequest);
    if (check.reason === 'expired') throw resetError(400, 'otp_expired', RESET_TXT.expired);
    if (check.reason === 'locked') throw resetError(429, 'invalid_otp', MSG.otpTooManyWrong, { triesLeft: 0, retryAfterSeconds: Math.max(1, Math.ceil(check.retryAfterMs / 1000)) });
    if (check.reason === 'wrong' && check.triesLeft > 0) throw resetError(400, 'invalid_otp', MSG.invalidOtp, { triesLeft: check.triesLeft });
    throw resetError(400, 'invalid_otp', check.reason === 'wrong' ? RESET_TXT.lastTry : RESET_TXT.dead, { triesLeft: 0 });
  }
  await accounts.setPassword(account.id, newPassword);
}
