// Customer account: password reset by e-mailed code, profile, password change and dashboard figures.
import Router from '@koa/router';
import type { Context } from 'koa';
import { MSG, type ResetErrorType } from '../../../shared/messages';
import { MARKETING, OTP_TTL_MS } from '../../../shared/constants';
import { fieldErrors } from '../../../shared/schemas/common';
import { changePasswordSchema, forgotPasswordSchema, profileUpdateSchema, resetPasswordSchema } from '../../../shared/schemas/auth';
import type { Deps } from '../deps';
import { HttpError } from '../http/errors';
import { parseBody } from '../http/validate';
import { tooManyRequests } from '../http/rateLimit';
import { takePasswordAttempt } from '../http/password-attempts';
import { User, publicUser, type UserDoc } from '../models/User';
import { Booking } from '../models/Booking';
import { checkOtp, issueOtp, ResendTooSoon, withdrawOtp } from '../services/otp';
import { checkPassword, hashPassword } from '../services/passwords';
import { ACCOUNT_BLOCKED, customerOf, requireCustomer } from '../services/customers';
import { limitOtpPerIp } from './auth';


const TXT = {
  noAccount: 'No account found with this email address.',
  pending: 'A reset code was sent less than 30 seconds ago. Please check your email, or wait and try again.',
  resetSubject: `Your ${MARKETING.companyName} password reset code`,
  noRequest: 'No password reset was requested for this email. Please request a new OTP.',
  expired: 'This OTP has expired. Please request a new one.',
  dead: 'Too many wrong attempts: this OTP no longer works. Please request a new one.',
  lastTry: `${MSG.invalidOtp}. That was the last try: this OTP no longer works. Please request a new one.`,
  noPasswordYet: 'This account signs in with Google and has no password yet. Use "Forgot password" to set one.',
  wrongCurrent: 'Current password is incorrect.',
  tooManyWrongCurrent: 'Too many wrong current passwords. Please wait a few minutes and try again.',
  passwordChanged: 'Password changed successfully.',
} as const;

const MINUTE = 60_000;
/** Wrong current passwords allowed per account before a pause. */
const PASSWORD_CHANGE = { name: 'password-change-fail', max: 10, windowMs: 15 * MINUTE, message: TXT.tooManyWrongCurrent };

/** Every failed forgot/reset answer carries an errorType the PWA turns into a titled dialog (spec §8). */
const resetError = (status: number, errorType: ResetErrorType, message: string, extra: Record<string, unknown> = {}) =>
  new HttpError(status, message, { errorType, ...extra });

function body(ctx: Context): unknown {
  return (ctx.request as unknown as { body?: unknown }).body ?? {};
}

export function userRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api/user' });
  const customer = requireCustomer(deps);
  const cost = deps.config.bcryptCost;

  router.post('/forgot-password', async (ctx) => {
    const parsed = forgotPasswordSchema.safeParse(body(ctx));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      throw resetError(400, 'unknown', Object.values(errors)[0] ?? MSG.validationFailed, { errors });
    }
    const { email } = parsed.data;
    await limitOtpPerIp(ctx, { errorType: 'otp_pending' });
    const user = await User.findOne({ email }, { blocked: 1 }).lean();
    if (!user) throw resetError(404, 'user_not_found', TXT.noAccount);
    if (user.blocked) throw resetError(403, 'account_blocked', ACCOUNT_BLOCKED);
    let issued;
    try {
      issued = await issueOtp(deps.config.otpPepper, email, 'reset');
    } catch (err) {
      if (err instanceof ResendTooSoon) throw tooManyRequests(ctx, err.retryAfterMs, TXT.pending, { errorType: 'otp_pending' });
      throw err;
    }
    try {
      await deps.mailer.send({
        to: email,
        subject: TXT.resetSubject,
        text: `Your ${MARKETING.companyName} password reset code is ${issued.code}\n\nIt expires in ${Math.round(OTP_TTL_MS / MINUTE)} minutes. If you did not ask to reset your password, you can ignore this email.`,
      });
    } catch (err) {
      deps.log.error({ err }, 'reset OTP mail failed');
      await withdrawOtp(email, 'reset', issued.codeHash);
      throw resetError(503, 'unknown', MSG.sendResetFailed);
    }
    ctx.body = { success: true, message: MSG.otpSent };
  });

  router.post('/reset-password', async (ctx) => {
    const parsed = resetPasswordSchema.safeParse(body(ctx));
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      if (errors.newPassword) throw resetError(400, 'weak_password', errors.newPassword, { errors });
      if (errors.otp) throw resetError(400, 'invalid_otp', errors.otp, { errors });
      throw resetError(400, 'unknown', Object.values(errors)[0] ?? MSG.validationFailed, { errors });
    }
    const { email, otp, newPassword, confirmPassword } = parsed.data;
    if (confirmPassword !== undefined && confirmPassword !== newPassword) throw resetError(400, 'password_mismatch', MSG.resetPasswordsDontMatch);
    const user = await User.findOne({ email }, { blocked: 1 }).lean();
    if (!user) throw resetError(400, 'no_reset_request', TXT.noRequest);
    if (user.blocked) throw resetError(403, 'account_blocked', ACCOUNT_BLOCKED);
    const check = await checkOtp(deps.config.otpPepper, email, 'reset', otp);
    if (!check.ok) {
      if (check.reason === 'none') throw resetError(400, 'no_reset_request', TXT.noRequest);
      if (check.reason === 'expired') throw resetError(400, 'otp_expired', TXT.expired);
      if (check.reason === 'wrong' && check.triesLeft > 0) throw resetError(400, 'invalid_otp', MSG.invalidOtp, { triesLeft: check.triesLeft });
      throw resetError(400, 'invalid_otp', check.reason === 'wrong' ? TXT.lastTry : TXT.dead, { triesLeft: 0 });
    }
    // Google-only accounts (no password yet) may set one this way too.
    await User.updateOne({ _id: String(user._id) }, { $set: { passwordHash: await hashPassword(newPassword, cost) } });
    ctx.body = { success: true, message: MSG.passwordResetDone };
  });

  router.get('/profile', ...customer, (ctx) => {
    ctx.body = { success: true, user: publicUser(customerOf(ctx)) };
  });

  router.put('/profile', ...customer, async (ctx) => {
    const input = parseBody(ctx, profileUpdateSchema);
    const updated = await User.findOneAndUpdate({ _id: String(customerOf(ctx)._id) }, { $set: input }, { returnDocument: 'after' }).lean<UserDoc>();
    if (!updated) throw new HttpError(401, MSG.tokenInvalid);
    ctx.body = { success: true, user: publicUser(updated), message: MSG.profileUpdated };
  });

  router.put('/change-password', ...customer, async (ctx) => {
    const { currentPassword, newPassword } = parseBody(ctx, changePasswordSchema);
    const user = customerOf(ctx);
    if (!user.passwordHash) throw new HttpError(400, TXT.noPasswordYet);
    const attempt = await takePasswordAttempt(ctx, PASSWORD_CHANGE, String(user._id));
    if (!(await checkPassword(currentPassword, user.passwordHash, cost))) {
      throw new HttpError(400, TXT.wrongCurrent, { errors: { currentPassword: TXT.wrongCurrent } });
    }
    await attempt.succeeded();
    await User.updateOne({ _id: String(user._id) }, { $set: { passwordHash: await hashPassword(newPassword, cost) } });
    ctx.body = { success: true, message: TXT.passwordChanged };
  });

  router.get('/dashboard', ...customer, async (ctx) => {
    const mine = { user: String(customerOf(ctx)._id) };
    const [totalBookings, pendingBookings, completedBookings] = await Promise.all([
      Booking.countDocuments(mine),
      Booking.countDocuments({ ...mine, status: 'pending' }),
      Booking.countDocuments({ ...mine, status: 'completed' }),
    ]);
    ctx.body = { success: true, stats: { totalBookings, pendingBookings, completedBookings } };
  });

  return router;
}
