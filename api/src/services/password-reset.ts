// Password reset by e-mailed code: one flow, the same texts and errorTypes, for customers and staff
// (the errorTypes are listed in shared/messages.ts). Each side says how to find an account, why it may be refused, and how to
// store the new password (which also ends the account's sessions).
import { currentCompany } from './company';
import { MSG, type ResetErrorType } from '@shared/messages';
import { ACCOUNT_MSG } from '@shared/messages-api';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import type { OtpPurpose } from '../models/Otp';
import { checkOtp, deliverCode, otpRefused, takeCodeRequestFromIp, type OtpRefusal } from './otp';

/** The errorType (the reset dialog's title) for each way a code can fail. */
const RESET_ERROR_OF: Record<OtpRefusal['reason'], ResetErrorType> = { none: 'no_reset_request', expired: 'otp_expired', dead: 'invalid_otp', locked: 'invalid_otp', wrong: 'invalid_otp' };

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
  if (!account) throw resetError(404, 'user_not_found', ACCOUNT_MSG.noAccount);
  if (account.refused) throw resetError(403, 'account_blocked', account.refused);
  const { name } = await currentCompany();
  const mail = { subject: ACCOUNT_MSG.resetMailSubject(name), text: (code: string, minutes: number) => ACCOUNT_MSG.resetMailText(name, code, minutes) };
  if (!(await deliverCode(deps, email, accounts.purpose, mail, { ...pending, resendMessage: ACCOUNT_MSG.resetResendWait }))) throw resetError(503, 'unknown', MSG.sendResetFailed);
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
  if (!account) throw resetError(400, 'no_reset_request', ACCOUNT_MSG.noResetRequest);
  if (account.refused) throw resetError(403, 'account_blocked', account.refused);
  const check = await checkOtp(deps.config.otpPepper, email, accounts.purpose, otp);
  if (!check.ok) throw otpRefused(check, ACCOUNT_MSG.noResetRequest, (reason) => ({ errorType: RESET_ERROR_OF[reason] }));
  await accounts.setPassword(account.id, newPassword);
}
