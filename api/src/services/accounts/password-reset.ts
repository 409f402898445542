// Password reset by e-mailed code: one flow, the same texts and errorTypes, for customers and staff
// (the errorTypes are listed in shared/messages.ts). Each side says how to find an account, why it may be refused, and how to
// store the new password (which also ends the account's sessions).
import { OTP_TTL_MS } from '@shared/constants';
import { currentCompany } from '../office/company';
import type { Company } from '@shared/company';
import { MSG, type ResetErrorType } from '@shared/messages';
import { API_MSG, ACCOUNT_MSG } from '@shared/messages-api';
import type { Deps } from '../../deps';
import { notify } from '../../notify/notify';
import { HttpError } from '../../lib/errors';
import { takeAll, tooMany } from '../../lib/rate-limit';
import type { OtpPurpose } from '../../models/Otp';
import { OTP_LIMITS, ResendTooSoon, checkOtp, deliverCode, issueOtp, otpRefused, takeCodeRequestFromIp, withdrawOtp, type OtpRefusal } from './otp';

/** The errorType (the reset dialog's title) for each way a code can fail. */
const RESET_ERROR_OF: Record<OtpRefusal['reason'], ResetErrorType> = {
  none: 'no_reset_request',
  expired: 'otp_expired',
  dead: 'invalid_otp',
  locked: 'invalid_otp',
  wrong: 'invalid_otp',
};

type CodeDeps = Pick<Deps, 'config' | 'mailer' | 'log' | 'clock'>;

/** Every failed forgot/reset answer carries an errorType the PWA turns into a titled dialog. */
export const resetError = (status: number, errorType: ResetErrorType, message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, message, { errorType, ...extra });

export interface ResetAccounts {
  purpose: OtpPurpose;
  /** The account for an e-mail; `refused` is the message when it may not reset (blocked, deactivated). */
  find(email: string): Promise<{ id: string; refused?: string; } | null>;
  setPassword(id: string, newPassword: string): Promise<void>;
  /**
   * Staff: answer every address alike, so the office's addresses cannot be listed (customers keep the
   * spec's user_not_found). `sent` is the one answer; `refusedMail` tells a refused account why no code came.
   */
  discreet?: { sent: string; refusedMail(reason: string, co: Company): { subject: string; text: string; }; };
}

export async function sendAccountResetCode(deps: CodeDeps, accounts: ResetAccounts, email: string, ip: string): Promise<void> {
  const pending = { errorType: 'otp_pending' };
  await takeCodeRequestFromIp(ip, deps.clock.now(), pending);
  const account = await accounts.find(email);
  if (!account) throw resetError(404, 'user_not_found', ACCOUNT_MSG.noAccount);
  if (account.refused) throw resetError(403, 'account_blocked', account.refused);
  const { name } = await currentCompany();
  const mail = { subject: ACCOUNT_MSG.resetMailSubject(name), text: (code: string, minutes: number) => ACCOUNT_MSG.resetMailText(name, code, minutes) };
  if (!(await deliverCode(deps, email, accounts.purpose, mail, { ...pending, resendMessage: ACCOUNT_MSG.resetResendWait }))) {
    throw resetError(503, 'unknown', MSG.sendResetFailed);
  }
}

/**
 * Forgot-password, discreet (staff); resolves with the one answer's message. Every address takes the
 * same steps before the answer — the per-e-mail caps and resend gap (deliverCode's counters), a stored
 * code, one account look-up — so an unknown address answers like a known one, 429s included, and a
 * wrong code later is answered alike too. Only the mail differs, and it goes after the answer: waiting
 * for the mail server would time the difference. A refused account gets why instead of a code.
 */
export async function sendResetCodeDiscreetly(deps: CodeDeps, accounts: Required<ResetAccounts>, email: string, ip: string): Promise<string> {
  const pending = { errorType: 'otp_pending' };
  await takeCodeRequestFromIp(ip, deps.clock.now(), pending);
  const key = `${accounts.purpose}:${email}`;
  const now = deps.clock.now().getTime();
  const giveBack = await takeAll(
    [
      { name: 'otp-email-hour', key, ...OTP_LIMITS.perEmailHour, message: API_MSG.otpEmailCapped },
      { name: 'otp-email-day', key, ...OTP_LIMITS.perEmailDay, message: API_MSG.otpEmailCapped },
    ],
    now,
    pending,
  );
  let issued;
  try {
    issued = await issueOtp(deps.config.otpPepper, email, accounts.purpose, now);
  } catch (err) {
    await giveBack();
    if (err instanceof ResendTooSoon) throw tooMany(err.retryAfterMs, ACCOUNT_MSG.resetResendWait(), pending);
    throw err;
  }
  const account = await accounts.find(email);
  if (account) {
    const co = await currentCompany();
    const name = co.name;
    const mail = account.refused
      ? accounts.discreet.refusedMail(account.refused, co)
      : { subject: ACCOUNT_MSG.resetMailSubject(name), text: ACCOUNT_MSG.resetMailText(name, issued.code, Math.round(OTP_TTL_MS / 60_000)) };
    // On the next turn of the event loop, once this answer is on its way.
    setImmediate(() => {
      notify(deps, { type: 'address', email }, 'transactional', mail).catch(async (err: unknown) => {
        deps.log.error({ err, purpose: accounts.purpose }, 'reset mail failed');
        await withdrawOtp(email, accounts.purpose, issued.codeHash).catch(() => undefined);
        await giveBack().catch(() => undefined);
      });
    });
  }
  return accounts.discreet.sent;
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
  const checkCode = async () => {
    const check = await checkOtp(deps.config.otpPepper, email, accounts.purpose, otp, deps.clock.now().getTime());
    if (!check.ok) throw otpRefused(check, ACCOUNT_MSG.noResetRequest, (reason) => ({ errorType: RESET_ERROR_OF[reason] }));
  };
  // Discreet (staff): the code first, so an address without an account (or a refused one) answers like any other.
  if (accounts.discreet) await checkCode();
  const account = await accounts.find(email);
  if (!account) throw resetError(400, 'no_reset_request', ACCOUNT_MSG.noResetRequest);
  if (account.refused) throw resetError(403, 'account_blocked', account.refused);
  if (!accounts.discreet) await checkCode();
  await accounts.setPassword(account.id, newPassword);
}
