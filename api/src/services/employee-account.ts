// Employee sign-in and profile. There is no employee signup: accounts come from the staff CLI.
import type { Context } from 'koa';
import { MSG } from '../../../shared/messages';
import type { Employee as EmployeeDto, EmployeeProfileUpdateInput } from '../../../shared/schemas/employee';
import { Employee, publicEmployee, type EmployeeDoc } from '../models/Employee';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { LOGIN_MAX_FAILS, LOGIN_WINDOW_MS, takePasswordAttempt } from '../http/password-attempts';
import { checkPassword, hashPassword } from './passwords';
import type { Deps } from '../deps';

const EMPLOYEE_LOGIN = { name: 'employee-login-failed', max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS };

export async function loginEmployee(
  deps: Deps,
  ctx: Context,
  email: string,
  password: string,
): Promise<{ token: string; user: EmployeeDto }> {
  const attempt = await takePasswordAttempt(ctx, EMPLOYEE_LOGIN, `${email}|${ctx.ip}`);
  const found = (await Employee.findOne({ email }).lean()) as EmployeeDoc | null;
  const ok = await checkPassword(password, found?.passwordHash, deps.config.bcryptCost);
  if (!found || !ok) throw unauthorized(MSG.invalidCredentials);
  await attempt.succeeded();
  // Only after the password is right, so the answer does not reveal which accounts exist.
  if (!found.is_active) throw forbidden(MSG.employeeInactive);
  const employee = (await Employee.findByIdAndUpdate(found._id, { $set: { last_login: new Date() } }, { returnDocument: 'after' }).lean()) as EmployeeDoc;
  return { token: deps.tokens.sign('employee', String(found._id), found.role ?? 'employee'), user: publicEmployee(employee) };
}

/** A token outlives a deactivation or deletion; every employee request checks the account still works. */
export async function activeEmployee(id: string): Promise<EmployeeDoc> {
  const e = (await Employee.findById(id).lean()) as EmployeeDoc | null;
  if (!e) throw unauthorized(MSG.tokenInvalid);
  if (!e.is_active) throw forbidden(MSG.employeeInactive);
  return e;
}

/** Wrong current passwords allowed per employee before a pause (a stolen token must not guess its way to the account). */
const EMPLOYEE_PASSWORD_CHANGE = { name: 'employee-password-change-fail', max: LOGIN_MAX_FAILS, windowMs: LOGIN_WINDOW_MS };

export async function updateEmployeeProfile(
  deps: Deps,
  ctx: Context,
  employeeId: string,
  input: EmployeeProfileUpdateInput,
): Promise<{ employee: EmployeeDto; passwordChanged: boolean }> {
  const { currentPassword, newPassword, confirmPassword: _confirm, ...fields } = input;
  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (v !== undefined) set[k] = v;
  // The schema already checked that all three password fields are filled and agree.
  if (newPassword) {
    const current = (await Employee.findById(employeeId, { passwordHash: 1 }).lean()) as EmployeeDoc | null;
    if (!current) throw notFound();
    const attempt = await takePasswordAttempt(ctx, EMPLOYEE_PASSWORD_CHANGE, employeeId);
    if (!(await checkPassword(currentPassword ?? '', current.passwordHash, deps.config.bcryptCost))) {
      throw badRequest(MSG.currentPasswordWrong, { errors: { currentPassword: MSG.currentPasswordWrong } });
    }
    await attempt.succeeded();
    set.passwordHash = await hashPassword(newPassword, deps.config.bcryptCost);
  }
  const updated = (await Employee.findByIdAndUpdate(employeeId, { $set: set }, { returnDocument: 'after' }).lean()) as EmployeeDoc | null;
  if (!updated) throw new HttpError(404, MSG.notFound);
  return { employee: publicEmployee(updated), passwordChanged: Boolean(newPassword) };
}
