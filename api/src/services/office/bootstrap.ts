// First run: with ADMIN_EMAIL set and no active super-admin yet, the server makes that person the
// super-admin at start and mails them an invitation (works on the embedded database while it runs).
import type { Deps } from '../../deps';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { Invitation } from '../../models/Invitation';
import { recordAudit } from './audit';
import { sendInvitation } from './invitations';

const SYSTEM = { id: 'system', name: 'Server start (ADMIN_EMAIL)', role: 'system' };

/**
 * An active super-admin with a password, or one whose invitation is still open. One whose link expired
 * or was withdrawn unused does not count: such an account cannot reset a password, so without a new
 * invitation from this start nobody could get in.
 */
async function superAdminInPlace(now: Date): Promise<boolean> {
  const active = await Employee.find({ role: 'super-admin', is_active: true }, { passwordHash: 1 }).lean<EmployeeDoc[]>();
  if (active.some((e) => e.passwordHash)) return true;
  return active.length > 0 &&
    Boolean(await Invitation.exists({ employee: { $in: active.map((e) => e._id) }, usedAt: null, revokedAt: null, expiresAt: { $gt: now } }));
}

export async function bootstrapSuperAdmin(
  deps: Pick<Deps, 'mailer' | 'log' | 'clock' | 'config'>,
  email: string | undefined,
  name: string | undefined,
  origin: string,
): Promise<'none' | 'exists' | 'invited' | 'promoted'> {
  if (!email) return 'none';
  const address = email.trim().toLowerCase();
  if (await superAdminInPlace(deps.clock.now())) return 'exists';
  let e = await Employee.findOne({ email: address }).lean<EmployeeDoc>();
  let result: 'invited' | 'promoted' = 'invited';
  if (e) {
    e = await Employee.findOneAndUpdate({ _id: e._id }, { $set: { role: 'super-admin', is_active: true } }, { returnDocument: 'after' }).lean<EmployeeDoc>();
    result = 'promoted';
  } else {
    e = (await Employee.create({ email: address, name: name?.trim() || address.split('@')[0], role: 'super-admin', is_active: true }))
      .toObject() as EmployeeDoc;
  }
  const id = String(e!._id);
  await recordAudit({
    actor: SYSTEM,
    action: result === 'promoted' ? 'staff.role' : 'staff.invite',
    target: { type: 'staff', id, label: e!.name },
    before: null,
    after: { role: 'super-admin', email: address },
  });
  if (!e!.passwordHash) {
    await sendInvitation(deps, { id, name: e!.name, email: address }, origin, SYSTEM.id);
    deps.log.info({ email: address }, 'first super-admin invited (ADMIN_EMAIL): the invitation link is in the mail');
  } else {
    deps.log.info({ email: address }, 'ADMIN_EMAIL made super-admin: signs in with the existing password');
  }
  return result;
}
