// Customer account: sign-in (password and Google), signup after a verified code, password change and
// reset, sign-out, and the session check behind every customer request. Mirrors employee-account.ts.
import { currentCompany } from '../office/company';
import mongoose from 'mongoose';
import { MSG } from '@shared/messages';
import { API_MSG, ACCOUNT_MSG } from '@shared/messages-api';
import type { AuthResponse, ProfileUpdateInput } from '@shared/schemas/auth';
import type { Deps } from '../../deps';
import { HttpError, conflict, forbidden, unauthorized } from '../../lib/errors';
import { knownDevice, signInLimits, takePasswordAttempt } from '../../lib/password-attempts';
import { isDuplicateKey } from '../../models/duplicate-key';
import { User, customerSearchKeys, type UserDoc } from '../../models/User';
import { publicUser } from './account-view';
import { checkCurrentPassword, checkPassword, hashPassword } from './passwords';
import { checkOtp, consumeVerification, deliverCode, isVerified, otpRefused, takeCodeRequestFromIp } from './otp';
import { verifyGoogleCredential } from './google';
import { resetAccountPassword, sendAccountResetCode, type ResetAccounts, type ResetInput } from './password-reset';

type AccountDeps = Pick<Deps, 'tokens' | 'config' | 'clock'>;

/** Wrong current passwords allowed per account before a pause. */
const PASSWORD_CHANGE = { name: 'password-change-fail', max: 10, windowMs: 15 * 60_000, message: ACCOUNT_MSG.tooManyWrongCurrent };

function signedIn(deps: AccountDeps, user: UserDoc, message: string): AuthResponse & { success: true; } {
  return { success: true, token: customerToken(deps, user), user: publicUser(user), message };
}

const customerToken = (deps: AccountDeps, user: UserDoc) => deps.tokens.sign('customer', String(user._id), user.role ?? 'user', user.tokenVersion ?? 0);

/**
 * The account behind a customer token, checked on every request: gone, or signed out / password
 * changed since the token was made (token version moved on) → 401; blocked → 403.
 */
export async function sessionCustomer(id: string, tokenVersion: number): Promise<UserDoc> {
  // A forged sub that is not an id is simply not a valid token.
  if (!mongoose.isValidObjectId(id)) throw unauthorized(API_MSG.tokenInvalid);
  const user = await User.findById(id).lean<UserDoc>();
  if (!user || (user.tokenVersion ?? 0) !== tokenVersion) throw unauthorized(API_MSG.tokenInvalid);
  if (user.blocked) throw forbidden(API_MSG.accountBlocked);
  return user;
}

/** `deviceCookie`: what the device carried; a device the account signed in on has its own failure count. */
export async function loginCustomer(deps: AccountDeps, email: string, password: string, ip: string, deviceCookie?: string) {
  const device = knownDevice(deps.config.jwtSecret, 'customer', email, deviceCookie, deps.clock.now().getTime());
  const attempt = await takePasswordAttempt(signInLimits('customer', email, ip, device), deps.clock.now());
  const user = await User.findOne({ email }).lean<UserDoc>();
  // Same answer for an unknown e-mail and a wrong password, so accounts cannot be discovered.
  if (!(await checkPassword(password, user?.passwordHash, deps.config.bcryptCost)) || !user) throw unauthorized(API_MSG.invalidCredentials);
  await attempt.succeeded();
  if (user.blocked) throw forbidden(API_MSG.accountBlocked);
  return signedIn(deps, user, API_MSG.loginSuccess);
}

export async function signUpCustomer(deps: AccountDeps, input: { name: string; email: string; password: string; }) {
  const { name, email, password } = input;
  if (await User.exists({ email })) throw conflict(ACCOUNT_MSG.accountExists);
  if (!(await isVerified(email, deps.clock.now().getTime()))) throw forbidden(ACCOUNT_MSG.notVerified);
  const passwordHash = await hashPassword(password, deps.config.bcryptCost);
  // Used up atomically: two signups racing on one verification cannot both pass.
  if (!(await consumeVerification(email, deps.clock.now().getTime()))) throw forbidden(ACCOUNT_MSG.notVerified);
  try {
    const user = await User.create({ name, email, passwordHash, role: 'user' });
    return signedIn(deps, user.toObject() as unknown as UserDoc, ACCOUNT_MSG.signedUp);
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(ACCOUNT_MSG.accountExists);
    throw err;
  }
}

export async function googleSignIn(deps: AccountDeps, credential: string) {
  const clientId = deps.config.googleClientId;
  if (!clientId) throw new HttpError(503, ACCOUNT_MSG.googleOff);
  const google = await verifyGoogleCredential(credential, clientId, deps.config.googleJwksUrl);
  if (!google) throw unauthorized(MSG.googleLoginFailed);
  let user = await User.findOne({ googleId: google.googleId }).lean<UserDoc>();
  if (!user) {
    // Same e-mail already has an account: link it (Google has verified the address) — unless it is
    // blocked: a refused sign-in changes nothing.
    const link: Record<string, string> = { googleId: google.googleId };
    if (google.picture) link.picture = google.picture;
    user = await User.findOneAndUpdate({ email: google.email, googleId: { $exists: false }, blocked: { $ne: true } }, { $set: link }, {
      returnDocument: 'after',
    }).lean<UserDoc>();
  }
  if (!user) {
    const existing = await User.findOne({ email: google.email }, { blocked: 1 }).lean<UserDoc>();
    if (existing?.blocked) throw forbidden(API_MSG.accountBlocked);
    if (existing) throw conflict(ACCOUNT_MSG.googleOtherAccount);
    try {
      const created = await User.create({
        email: google.email,
        name: google.name ?? google.email.split('@')[0],
        googleId: google.googleId,
        picture: google.picture,
        role: 'user',
      });
      user = created.toObject() as unknown as UserDoc;
    } catch (err) {
      // A concurrent first sign-in created it: use that one.
      if (!isDuplicateKey(err)) throw err;
      user = await User.findOne({ googleId: google.googleId }).lean<UserDoc>();
      if (!user) throw conflict(ACCOUNT_MSG.googleOtherAccount);
    }
  }
  if (user.blocked) throw forbidden(API_MSG.accountBlocked);
  return signedIn(deps, user, API_MSG.loginSuccess);
}

/**
 * Sets a new password and ends every earlier session of the account in the same write; returns
 * the account as it is now (its new token version), or null when it is gone.
 */
export async function setCustomerPassword(userId: string, newPassword: string, bcryptCost: number): Promise<UserDoc | null> {
  const passwordHash = await hashPassword(newPassword, bcryptCost);
  return User.findOneAndUpdate({ _id: userId }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } }, { returnDocument: 'after' }).lean<UserDoc>();
}

/** Changes the signed-in customer's password; other devices are signed out, this one gets a fresh token. */
export async function changeCustomerPassword(deps: AccountDeps, user: UserDoc, currentPassword: string, newPassword: string) {
  if (!user.passwordHash) throw new HttpError(400, ACCOUNT_MSG.noPasswordYet);
  await checkCurrentPassword({ ...PASSWORD_CHANGE, key: String(user._id) }, currentPassword, user.passwordHash, deps.config.bcryptCost, deps.clock.now());
  const updated = await setCustomerPassword(String(user._id), newPassword, deps.config.bcryptCost);
  if (!updated) throw unauthorized(API_MSG.tokenInvalid);
  return { success: true as const, token: customerToken(deps, updated), message: ACCOUNT_MSG.passwordChanged };
}

/** Saves profile fields; 401 when the account is gone. */
export async function updateCustomerProfile(userId: string, input: ProfileUpdateInput): Promise<UserDoc> {
  const updated = await User.findOneAndUpdate({ _id: userId }, { $set: input }, { returnDocument: 'after' }).lean<UserDoc>();
  if (!updated) throw unauthorized(API_MSG.tokenInvalid);
  // The office finds customers by the words of their name and phone: kept in step (while unchanged since).
  const search_keys = customerSearchKeys(updated);
  await User.updateOne({ _id: updated._id, name: updated.name, phone: updated.phone ?? null }, { $set: { search_keys } });
  return { ...updated, search_keys };
}

/** Server-side sign-out: every token of the account issued so far stops working. */
export async function signOutCustomer(userId: string): Promise<void> {
  await User.updateOne({ _id: userId }, { $inc: { tokenVersion: 1 } });
}

// Codes by e-mail: signup verification and password reset.

type CodeDeps = Pick<Deps, 'config' | 'mailer' | 'log' | 'clock'>;

export async function sendSignupCode(deps: CodeDeps, email: string, ip: string): Promise<void> {
  await takeCodeRequestFromIp(ip, deps.clock.now());
  if (await User.exists({ email })) throw conflict(ACCOUNT_MSG.accountExists);
  const { name } = await currentCompany();
  const mail = { subject: ACCOUNT_MSG.signupMailSubject(name), text: (code: string, minutes: number) => ACCOUNT_MSG.signupMailText(name, code, minutes) };
  if (!(await deliverCode(deps, email, 'signup', mail, { resendMessage: ACCOUNT_MSG.signupResendWait }))) throw new HttpError(503, MSG.sendOtpFailed);
}

export async function verifySignupCode(deps: CodeDeps, email: string, otp: string): Promise<string> {
  const check = await checkOtp(deps.config.otpPepper, email, 'signup', otp, deps.clock.now().getTime());
  if (!check.ok) throw otpRefused(check, ACCOUNT_MSG.noSignupCode);
  return ACCOUNT_MSG.emailVerified;
}

/** Customers' side of the shared reset flow (services/accounts/password-reset.ts). */
const customerResets = (bcryptCost: number): ResetAccounts => ({
  purpose: 'reset',
  async find(email) {
    const user = await User.findOne({ email }, { blocked: 1 }).lean();
    return user ? { id: String(user._id), refused: user.blocked ? API_MSG.accountBlocked : undefined } : null;
  },
  // Google-only accounts (no password yet) may set one this way too; every session ends.
  async setPassword(id, newPassword) {
    await setCustomerPassword(id, newPassword, bcryptCost);
  },
});

export function sendCustomerResetCode(deps: CodeDeps, email: string, ip: string): Promise<void> {
  return sendAccountResetCode(deps, customerResets(deps.config.bcryptCost), email, ip);
}

/** Sets a new password with a reset code; every session of the account ends (sign in again). */
export function resetCustomerPassword(deps: CodeDeps, input: ResetInput): Promise<void> {
  return resetAccountPassword(deps, customerResets(deps.config.bcryptCost), input);
}
