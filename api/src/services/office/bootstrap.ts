// First run: with ADMIN_EMAIL set and no active super-admin yet, the server makes that person the
// super-admin at start and mails them an invitation (works on the embedded database while it runs).
import type { Deps } from '../../deps';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { recordAudit } from './audit';
import { sendInvitation } from './invitations';

const SYSTEM = { id: 'system', name: 'Server start (ADMIN_EMAIL)', role: 'system' };

export async function bootstrapSuperAdmin(deps: Pick<Deps, 'mailer' | 'log'>, email: string | undefined, name: string | undefined, origin: string): Promise<'none' | 'exists' | 'invited' | 'promoted'> {
  if (!email) return 'none';
  const address = email.trim().toLowerCase();
  if (await Employee.exists({ role: 'super-admin', is_active: true })) return 'exists';
  let e = await Employee.findOne({ email: address }).lean<EmployeeDoc>();
  let result: 'invited' | 'promoted' = 'invited';
  if (e) {
    e = await Employee.findOneAndUpdate({ _id: e._id }, { $set: { role: 'super-admin', is_active: true } }, { returnDocument: 'after' }).lean<EmployeeDoc>();
    result = 'promoted';
  } else {
    e = (await Employee.create({ email: address, name: name?.trim() || address.split('@')[0], role: 'super-admin', is_active: true })).toObject() as EmployeeDoc;
  }
  const id = String(e!._id);
  await recordAudit({ actor: SYSTEM, action: result === 'promoted' ? 'staff.role' : 'staff.invite', target: { type: 'staff', id, label: e!.name }, before: null, after: { role: 'super-admin', email: address } });
  if (!e!.passwordHash) {
    await sendInvitation(deps, { id, name: e!.name, email: address }, origin, SYSTEM.id);
    deps.log.info({ email: address }, 'first super-admin invited (ADMIN_EMAIL): the invitation link is in the mail');
  } else {
    deps.log.info({ email: address }, 'ADMIN_EMAIL made super-admin: signs in with the existing password');
  }
  return result;
}
