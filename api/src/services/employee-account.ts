// Employee sign-in, profile, sign-out and the session check behind every employee request. There is
// no employee signup: accounts come from the staff CLI. Mirrors customer-account.ts.
import mongoose from 'mongoose';
import { MSG } from '@shared/messages';
import type { Employee as EmployeeDto, EmployeeProfileUpdateInput } from '@shared/schemas/employee';
import { Employee, publicEmployee, type EmployeeDoc } from '../models/Employee';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { LOGIN_MAX_FAILS, LOGIN_WINDOW_MS, signInLimits, takePasswordAttempt } from '../http/password-attempts';
import { checkPassword, hashPassword } from './passwords';
import type { Deps } from '../deps';

type AccountDeps = Pick<Deps, 'tokens' | 'config'>;

const employeeToken = (deps: AccountDeps, e: EmployeeDoc) => deps.tokens.sign('employee', String(e._id), e.role ?? 'employee', e.tokenVersion ?? 0);

export async function loginEmployee(deps: AccountDeps, email: string, password: string, ip: string): Promise<{ token: string; user: EmployeeDto }> {
  const attempt = await takePasswordAttempt(signInLimits('employee', email, ip));
  const found = (await Employee.findOne({ email }).lean()) as EmployeeDoc | null;
  const ok = await checkPassword(password, found?.passwordHash, deps.config.bcryptCost);
  if (!found || !ok) throw unauthorized(MSG.invalidCredentials);
  await attempt.succeeded();
  // Only after the password is right, so the answer does not reveal which accounts exist.
  if (!found.is_active) throw forbidden(MSG.employeeInactive);
  const employee = (await Employee.findByIdAndUpdate(found._id, { $set: { last_login: new Date() } }, { returnDocument: 'after' }).lean()) as EmployeeDoc;
  return { token: employeeToken(deps, employee), user: publicEmployee(employee) };
}

/**
 * The account behind an employee token, checked on every request: gone, or signed out / password
 * changed since the token was made (token version moved on) → 401; deactivated → 403.
 */
export async function sessionEmployee(id: string, tokenVersion: number): Promise<EmployeeDoc> {
  if (!mongoose.isValidObjectId(id)) throw unauthorized(MSG.tokenInvalid);
  const e = (await Employee.findById(id).lean()) as EmployeeDoc | null;
  if (!e || (e.tokenVersion ?? 0) !== tokenVersion) throw unauthorized(MSG.tokenInvalid);
  if (!e.is_active) throw forbidden(MSG.employeeInactive);
  return e;
}

/** Server-side sign-out: every token of the account issued so far stops working. */
export async function signOutEmployee(id: string): Promise<void> {
  await Employee.updateOne({ _id: id }, { $inc: { tokenVersion: 1 } });
}

/** Wrong current passwords allowed per employee before a pause (a stolen token must not guess its way to the account). */
const EMPLOYEE_PASSWORD_CHANGE = { name: 'employee-password-change-fail', max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS };

/**
 * Saves profile fields and, when asked, a new password. A password change ends every other session
 * of the account; the answer then carries a fresh token for this device.
 */
export async function updateEmployeeProfile(
  deps: AccountDeps,
  employeeId: string,
  input: EmployeeProfileUpdateInput,
): Promise<{ employee: EmployeeDto; passwordChanged: boolean; token?: string }> {
  const { currentPassword, newPassword, confirmPassword: _confirm, ...fields } = input;
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) set[k] = v;
  const update: Record<string, unknown> = { $set: set };
  // The schema already checked that all three password fields are filled and agree.
  if (newPassword) {
    const current = (await Employee.findById(employeeId, { passwordHash: 1 }).lean()) as EmployeeDoc | null;
    if (!current) throw notFound();
    const attempt = await takePasswordAttempt([{ ...EMPLOYEE_PASSWORD_CHANGE, key: employeeId }]);
    if (!(await checkPassword(currentPassword ?? '', current.passwordHash, deps.config.bcryptCost))) {
      throw badRequest(MSG.currentPasswordWrong, { errors: { currentPassword: MSG.currentPasswordWrong } });
    }
    await attempt.succeeded();
    set.passwordHash = await hashPassword(newPassword, deps.config.bcryptCost);
    update.$inc = { tokenVersion: 1 };
  }
  const updated = (await Employee.findByIdAndUpdate(employeeId, update, { returnDocument: 'after' }).lean()) as EmployeeDoc | null;
  if (!updated) throw new HttpError(404, MSG.notFound);
  return { employee: publicEmployee(updated), passwordChanged: Boolean(newPassword), token: newPassword ? employeeToken(deps, updated) : undefined };
}
