// Employee sign-in and profile. There is no employee signup: accounts come from the staff CLI.
import type { Context } from 'koa';
import { MSG } from '../../../shared/messages';
import type { Employee as EmployeeDto, EmployeeProfileUpdateInput } from '../../../shared/schemas/employee';
import { Employee, publicEmployee, type EmployeeDoc } from '../models/Employee';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../http/errors';
import { hit, peek, tooManyRequests } from '../http/rateLimit';
import { checkPassword, hashPassword } from './passwords';
import type { Deps } from '../deps';

/** Failed sign-ins allowed per e-mail and IP before a pause (spec: rate limits on login). */
const FAILED_LOGIN_MAX = 10;
const FAILED_LOGIN_WINDOW_MS = 15 * 60 * 1000;

export async function loginEmployee(
  deps: Deps,
  ctx: Context,
  email: string,
  password: string,
): Promise<{ token: string; user: EmployeeDto }> {
  const key = `${email}|${ctx.ip}`;
  const before = await peek('employee-login-failed', key, FAILED_LOGIN_MAX, FAILED_LOGIN_WINDOW_MS);
  if (!before.allowed) throw tooManyRequests(ctx, before.retryAfterMs);
  const found = (await Employee.findOne({ email }).lean()) as EmployeeDoc | null;
  const ok = await checkPassword(password, found?.passwordHash, deps.config.bcryptCost);
  if (!found || !ok) {
    await hit('employee-login-failed', key, FAILED_LOGIN_MAX, FAILED_LOGIN_WINDOW_MS);
    throw unauthorized(MSG.invalidCredentials);
  }
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

export async function updateEmployeeProfile(
  deps: Deps,
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
    if (!(await checkPassword(currentPassword ?? '', current.passwordHash, deps.config.bcryptCost))) {
      throw badRequest(MSG.currentPasswordWrong, { errors: { currentPassword: MSG.currentPasswordWrong } });
    }
    set.passwordHash = await hashPassword(newPassword, deps.config.bcryptCost);
  }
  const updated = (await Employee.findByIdAndUpdate(employeeId, { $set: set }, { returnDocument: 'after' }).lean()) as EmployeeDoc | null;
  if (!updated) throw new HttpError(404, MSG.notFound);
  return { employee: publicEmployee(updated), passwordChanged: Boolean(newPassword) };
}
