// Customer sign-in: e-mail + password login, OTP-verified signup, and Google sign-in.
import Router from '@koa/router';
import type { Context } from 'koa';
import { MSG } from '../../../shared/messages';
import { MARKETING, OTP_TTL_MS } from '../../../shared/constants';
import { googleLoginSchema, loginSchema, sendOtpSchema, signupSchema, verifyOtpSchema } from '../../../shared/schemas/auth';
import type { Deps } from '../deps';
import { HttpError, badRequest, conflict, forbidden, unauthorized } from '../http/errors';
import { parseBody } from '../http/validate';
import { hit, tooManyRequests } from '../http/rateLimit';
import { LOGIN_MAX_FAILS, LOGIN_WINDOW_MS, takePasswordAttempt } from '../http/password-attempts';
import { User, publicUser, type UserDoc } from '../models/User';
import { checkPassword, hashPassword } from '../services/passwords';
import { ResendTooSoon, checkOtp, consumeVerification, isVerified, issueOtp, withdrawOtp, type OtpCheck } from '../services/otp';
import { verifyGoogleCredential } from '../services/google';
import { ACCOUNT_BLOCKED } from '../services/customers';

const MINUTE = 60_000;
/** Codes (signup and reset together) one IP address may ask for per hour. */
export const OTP_PER_IP_MAX = 50;
export const OTP_PER_IP_WINDOW_MS = 60 * MINUTE;

export const TXT = {
  badLogin: 'Invalid email or password',
  loginLocked: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  loggedIn: 'Login successful',
  accountExists: 'An account with this email already exists. Please log in instead.',
  otpSubject: `Your ${MARKETING.companyName} verification code`,
  otpIpCapped: 'Too many codes were requested from this network. Please try again later.',
  resendWait: (s: number) => `Please wait ${s} seconds before requesting another code.`,
  verified: 'Email verified. You can now create your account.',
  notVerified: 'Please verify your email with the code we sent before creating an account.',
  signedUp: 'Account created successfully.',
  googleOff: 'Google sign-in is not configured on this server.',
  googleOtherAccount: 'This email is already linked to a different Google account.',
} as const;

/** The answer for a code that did not work, shared by signup verification. */
export function otpProblem(check: Exclude<OtpCheck, { ok: true }>): { message: string; triesLeft?: number } {
  switch (check.reason) {
    case 'none':
      return { message: 'No code is waiting for this email. Please request a new one.' };
    case 'expired':
      return { message: 'This code has expired. Please request a new one.' };
    case 'dead':
      return { message: 'Too many wrong attempts: this code no longer works. Please request a new one.', triesLeft: 0 };
    case 'wrong':
      return check.triesLeft > 0
        ? { message: MSG.invalidOtp, triesLeft: check.triesLeft }
        : { message: `${MSG.invalidOtp}. That was the last try: this code no longer works. Please request a new one.`, triesLeft: 0 };
  }
}

/** Per-IP cap on mailing codes (signup and reset), on top of the per-e-mail resend limit. */
export async function limitOtpPerIp(ctx: Context, extra: Record<string, unknown> = {}): Promise<void> {
  const r = await hit('otp-ip', ctx.ip, OTP_PER_IP_MAX, OTP_PER_IP_WINDOW_MS);
  if (!r.allowed) throw tooManyRequests(ctx, r.retryAfterMs, TXT.otpIpCapped, extra);
}

const CUSTOMER_LOGIN = { name: 'login-fail', max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS, message: TXT.loginLocked };

function signedIn(deps: Deps, user: UserDoc, message: string) {
  return { success: true, token: deps.tokens.sign('customer', String(user._id), user.role ?? 'user'), user: publicUser(user), message };
}

export function authRouter(deps: Deps): Router {
  const router = new Router({ prefix: '/api' });
  const cost = deps.config.bcryptCost;

  router.post('/auth/user/login', async (ctx) => {
    const { email, password } = parseBody(ctx, loginSchema);
    // Counted per e-mail + IP so one attacker cannot lock a customer out from everywhere.
    const attempt = await takePasswordAttempt(ctx, CUSTOMER_LOGIN, `${email}|${ctx.ip}`);
    const user = await User.findOne({ email }).lean<UserDoc>();
    // Same answer for an unknown e-mail and a wrong password, so accounts cannot be discovered.
    if (!(await checkPassword(password, user?.passwordHash, cost)) || !user) throw unauthorized(TXT.badLogin);
    await attempt.succeeded();
    if (user.blocked) throw forbidden(ACCOUNT_BLOCKED);
    ctx.body = signedIn(deps, user, TXT.loggedIn);
  });

  router.post('/send-otp', async (ctx) => {
    const { email } = parseBody(ctx, sendOtpSchema);
    await limitOtpPerIp(ctx);
    if (await User.exists({ email })) throw conflict(TXT.accountExists);
    let issued;
    try {
      issued = await issueOtp(deps.config.otpPepper, email, 'signup');
    } catch (err) {
      if (err instanceof ResendTooSoon) throw tooManyRequests(ctx, err.retryAfterMs, TXT.resendWait(Math.ceil(err.retryAfterMs / 1000)));
      throw err;
    }
    const minutes = Math.round(OTP_TTL_MS / MINUTE);
    try {
      await deps.mailer.send({
        to: email,
        subject: TXT.otpSubject,
        text: `Your ${MARKETING.companyName} verification code is ${issued.code}\n\nIt expires in ${minutes} minutes. If you did not ask for it, you can ignore this email.`,
      });
    } catch (err) {
      deps.log.error({ err }, 'signup OTP mail failed');
      await withdrawOtp(email, 'signup', issued.codeHash);
      throw new HttpError(503, MSG.sendOtpFailed);
    }
    ctx.body = { success: true, message: MSG.otpSent };
  });

  router.post('/verify-otp', async (ctx) => {
    const { email, otp } = parseBody(ctx, verifyOtpSchema);
    const check = await checkOtp(deps.config.otpPepper, email, 'signup', otp);
    if (!check.ok) throw badRequest(otpProblem(check).message, { triesLeft: otpProblem(check).triesLeft });
    ctx.body = { success: true, message: TXT.verified };
  });

  router.post('/auth/user/signup', async (ctx) => {
    const { name, email, password } = parseBody(ctx, signupSchema);
    if (await User.exists({ email })) throw conflict(TXT.accountExists);
    if (!(await isVerified(email))) throw forbidden(TXT.notVerified);
    const passwordHash = await hashPassword(password, cost);
    // Used up atomically: two signups racing on one verification cannot both pass.
    if (!(await consumeVerification(email))) throw forbidden(TXT.notVerified);
    let user;
    try {
      user = await User.create({ name, email, passwordHash, role: 'user' });
    } catch (err) {
      if ((err as { code?: number }).code === 11000) throw conflict(TXT.accountExists);
      throw err;
    }
    ctx.status = 201;
    ctx.body = signedIn(deps, user.toObject() as unknown as UserDoc, TXT.signedUp);
  });

  router.post('/auth/google-login', async (ctx) => {
    const clientId = deps.config.googleClientId;
    if (!clientId) throw new HttpError(503, TXT.googleOff);
    const { credential } = parseBody(ctx, googleLoginSchema);
    const google = await verifyGoogleCredential(credential, clientId, deps.config.googleJwksUrl);
    if (!google) throw unauthorized(MSG.googleLoginFailed);
    let user = await User.findOne({ googleId: google.googleId }).lean<UserDoc>();
    if (!user) {
      // Same e-mail already has an account: link it (Google has verified the address) — unless it is
      // blocked: a refused sign-in changes nothing.
      const link: Record<string, string> = { googleId: google.googleId };
      if (google.picture) link.picture = google.picture;
      user = await User.findOneAndUpdate({ email: google.email, googleId: { $exists: false }, blocked: { $ne: true } }, { $set: link }, { returnDocument: 'after' }).lean<UserDoc>();
    }
    if (!user) {
      const existing = await User.findOne({ email: google.email }, { blocked: 1 }).lean<UserDoc>();
      if (existing?.blocked) throw forbidden(ACCOUNT_BLOCKED);
      if (existing) throw conflict(TXT.googleOtherAccount);
      try {
        const created = await User.create({ email: google.email, name: google.name ?? google.email.split('@')[0], googleId: google.googleId, picture: google.picture, role: 'user' });
        user = created.toObject() as unknown as UserDoc;
      } catch (err) {
        // A concurrent first sign-in created it: use that one.
        if ((err as { code?: number }).code !== 11000) throw err;
        user = await User.findOne({ googleId: google.googleId }).lean<UserDoc>();
        if (!user) throw conflict(TXT.googleOtherAccount);
      }
    }
    if (user.blocked) throw forbidden(ACCOUNT_BLOCKED);
    ctx.body = signedIn(deps, user, TXT.loggedIn);
  });

  return router;
}
