// Employee account: sign-in, profile and password change, password reset, sign-out, and the session
// check behind every employee request. Mirrors customer-account.ts; there is no employee signup
// (accounts come from an office invitation or the staff CLI).
import mongoose from 'mongoose';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import type { Employee as EmployeeDto, EmployeeProfileUpdateInput } from '@shared/schemas/employee';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { publicEmployee } from './account-view';
import { HttpError, forbidden, notFound, unauthorized } from '../../lib/errors';
import { LOGIN_MAX_FAILS, LOGIN_WINDOW_MS, knownDevice, signInLimits, takePasswordAttempt } from '../../lib/password-attempts';
import { checkCurrentPassword, checkPassword, hashPassword } from './passwords';
import { resetAccountPassword, sendResetCodeDiscreetly, type ResetAccounts, type ResetInput } from './password-reset';
import type { Deps } from '../../deps';

type AccountDeps = Pick<Deps, 'tokens' | 'config' | 'clock'>;
type CodeDeps = Pick<Deps, 'config' | 'mailer' | 'log' | 'clock'>;

const employeeToken = (deps: AccountDeps, e: EmployeeDoc) => deps.tokens.sign('employee', String(e._id), e.role ?? 'employee', e.tokenVersion ?? 0);

/** `deviceCookie`: what the device carried; a device the account signed in on has its own failure count. */
export async function loginEmployee(deps: AccountDeps, email: string, password: string, ip: string, deviceCookie?: string) {
  const device = knownDevice(deps.config.jwtSecret, 'employee', email, deviceCookie, deps.clock.now().getTime());
  const attempt = await takePasswordAttempt(signInLimits('employee', email, ip, device), deps.clock.now());
  const found = (await Employee.findOne({ email }).lean()) as EmployeeDoc | null;
  const ok = await checkPassword(password, found?.passwordHash, deps.config.bcryptCost);
  if (!found || !ok) throw unauthorized(API_MSG.invalidCredentials);
  await attempt.succeeded();
  // Only after the password is right, so the answer does not reveal which accounts exist.
  if (!found.is_active) throw forbidden(API_MSG.employeeInactive);
  const employee = (await Employee.findByIdAndUpdate(found._id, { $set: { last_login: deps.clock.now() } }, { returnDocument: 'after' }).lean()) as EmployeeDoc;
  return { success: true as const, token: employeeToken(deps, employee), user: publicEmployee(employee), message: API_MSG.loginSuccess };
}

/**
 * The account behind an employee token, checked on every request: gone, or signed out / password
 * changed since the token was made (token version moved on) → 401; deactivated → 403.
 */
export async function sessionEmployee(id: string, tokenVersion: number): Promise<EmployeeDoc> {
  if (!mongoose.isValidObjectId(id)) throw unauthorized(API_MSG.tokenInvalid);
  const e = (await Employee.findById(id).lean()) as EmployeeDoc | null;
  if (!e || (e.tokenVersion ?? 0) !== tokenVersion) throw unauthorized(API_MSG.tokenInvalid);
  if (!e.is_active) throw forbidden(API_MSG.employeeInactive);
  return e;
}

/** Server-side sign-out: every token of the account issued so far stops working. */
export async function signOutEmployee(id: string): Promise<void> {
  await Employee.updateOne({ _id: id }, { $inc: { tokenVersion: 1 } });
}

/** Wrong current passwords allowed per employee before a pause. */
const EMPLOYEE_PASSWORD_CHANGE = { name: 'employee-password-change-fail', max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS };

/**
 * Saves profile fields and, when asked, a new password. A password change ends every other session
 * of the account; the answer then carries a fresh token for this device.
 */
export async function updateEmployeeProfile(
  deps: AccountDeps,
  employeeId: string,
  input: EmployeeProfileUpdateInput,
): Promise<{ employee: EmployeeDto; passwordChanged: boolean; token?: string; }> {
  const { currentPassword, newPassword, confirmPassword: _confirm, ...fields } = input;
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) set[k] = v;
  const update: Record<string, unknown> = { $set: set };
  // The schema already checked that all three password fields are filled and agree.
  if (newPassword) {
    const current = (await Employee.findById(employeeId, { passwordHash: 1 }).lean()) as EmployeeDoc | null;
    if (!current) throw notFound();
    await checkCurrentPassword(
      { ...EMPLOYEE_PASSWORD_CHANGE, key: employeeId },
      currentPassword ?? '',
      current.passwordHash,
      deps.config.bcryptCost,
      deps.clock.now(),
    );
    set.passwordHash = await hashPassword(newPassword, deps.config.bcryptCost);
    update.$inc = { tokenVersion: 1 };
  }
  const updated = (await Employee.findByIdAndUpdate(employeeId, update, { returnDocument: 'after' }).lean()) as EmployeeDoc | null;
  if (!updated) throw new HttpError(404, API_MSG.notFound);
  return { employee: publicEmployee(updated), passwordChanged: Boolean(newPassword), token: newPassword ? employeeToken(deps, updated) : undefined };
}

/** Sets a new password and ends every earlier session of the account in the same write. */
export async function setEmployeePassword(employeeId: string, newPassword: string, bcryptCost: number): Promise<void> {
  await Employee.updateOne({ _id: employeeId }, { $set: { passwordHash: await hashPassword(newPassword, bcryptCost) }, $inc: { tokenVersion: 1 } });
}

/**
 * Staff side of the shared reset flow (services/accounts/password-reset.ts), discreet: every address gets the
 * same answer. Refused: a deactivated account, and one that never chose a password — that is done
 * through its invitation only, or a withdrawn or expired invitation would still become an account.
 */
const employeeResets = (bcryptCost: number): Required<ResetAccounts> => ({
  purpose: 'staff-reset',
  async find(email) {
    const e = await Employee.findOne({ email }, { is_active: 1, passwordHash: 1 }).lean<EmployeeDoc>();
    if (!e) return null;
    return { id: String(e._id), refused: !e.passwordHash ? OFFICE_MSG.resetNoPassword : !e.is_active ? API_MSG.employeeInactive : undefined };
  },
  async setPassword(id, newPassword) {
    // Conditional on what find saw, so a deactivation at the same moment is not undone by a password.
    const passwordHash = await hashPassword(newPassword, bcryptCost);
    const res = await Employee.updateOne({ _id: id, is_active: true, passwordHash: { $exists: true } }, { $set: { passwordHash }, $inc: { tokenVersion: 1 } });
    if (res.modifiedCount !== 1) throw forbidden(API_MSG.employeeInactive);
  },
  discreet: {
    sent: OFFICE_MSG.staffResetSent,
    refusedMail: (reason, co) => ({ subject: OFFICE_MSG.staffResetRefusedSubject(co), text: OFFICE_MSG.staffResetRefusedText(co, reason) }),
  },
});

/** Forgot-password: the same answer for every address (the mail says the rest). */
export function sendEmployeeResetCode(deps: CodeDeps, email: string, ip: string): Promise<string> {
  return sendResetCodeDiscreetly(deps, employeeResets(deps.config.bcryptCost), email, ip);
}

/** Sets a new password with a reset code; every session of the account ends (sign in again). */
export function resetEmployeePassword(deps: CodeDeps, input: ResetInput): Promise<void> {
  return resetAccountPassword(deps, employeeResets(deps.config.bcryptCost), input);
}
