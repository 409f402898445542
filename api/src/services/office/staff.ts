// The office's team: list, add (by invitation), change, deactivate and reactivate staff accounts.
// Rules: only a super-admin adds, promotes, demotes or edits administrators; nobody changes their own
// role or deactivates themselves; the last active super-admin can be neither demoted nor deactivated.
import mongoose from 'mongoose';
import { OFFICE_MSG } from '@shared/messages-office';
import type { StaffCreateInput, StaffMember, StaffPatchInput, StaffRole, AuditEntry } from '@shared/schemas/office';
import { staffCreateSchema } from '@shared/schemas/office';
import type { Deps } from '../../deps';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { publicEmployee } from '../accounts/account-view';
import { isDuplicateKey } from '../../models/duplicate-key';
import { recordAudit, auditOf, type AuditActor } from './audit';
import { invitationState, latestInvitations, revokeOpenInvitations, sendInvitation } from './invitations';
import { releaseBookingsOf, type ReleasedBooking } from './board-actions';
import type { InvitationDoc } from '../../models/Invitation';
import type { WageBand } from '@shared/minimum-wage';
import { londonDate } from '@shared/visits';
import { recordRateChange } from '../pay/rates';

type MailDeps = Pick<Deps, 'mailer' | 'log' | 'clock' | 'config' | 'push'>;
const ADMIN_ROLES: readonly string[] = ['admin', 'super-admin'];
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An employee as the office's team list shows them: the public fields plus password and invitation state (`now`: the server's clock, ms). */
export function staffMember(e: EmployeeDoc, now: number, inv?: InvitationDoc): StaffMember {
  return {
    ...publicEmployee(e),
    role: (e.role ?? 'employee') as StaffRole,
    has_password: Boolean(e.passwordHash),
    invitation: inv ? invitationState(inv, now) : undefined,
    pay_rate_pence: e.pay_rate_pence ?? null,
    wage_band: (e.wage_band as WageBand | null) ?? null,
    date_of_birth: e.date_of_birth ?? null,
    irregular_hours: e.irregular_hours !== false,
  };
}

/** Private facts: the audit log says they changed, never what they are. */
const PRIVATE_KEYS = new Set(['date_of_birth', 'wage_band']);

/** The fields the audit log keeps of a staff record (never the password hash, nor a private fact's value). */
function snapshot(e: Partial<EmployeeDoc>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.map((k) => [k, PRIVATE_KEYS.has(k) ? '(private)' : ((e as Record<string, unknown>)[k] ?? null)]));
}

export interface StaffQuery {
  page: number;
  limit: number;
  q?: string;
  role?: StaffRole;
  status?: 'active' | 'inactive' | 'invited';
}

export async function listStaff(query: StaffQuery, now: number): Promise<{ staff: StaffMember[]; total: number; }> {
  const filter: Record<string, unknown> = {};
  if (query.q) {
    const rx = new RegExp(escapeRegex(query.q), 'i');
    filter.$or = [{ name: rx }, { email: rx }, { post_code: rx }];
  }
  if (query.role) filter.role = query.role;
  if (query.status === 'active') Object.assign(filter, { is_active: true, passwordHash: { $exists: true } });
  if (query.status === 'inactive') filter.is_active = false;
  if (query.status === 'invited') Object.assign(filter, { is_active: true, passwordHash: { $exists: false } });
  const [rows, total] = await Promise.all([
    Employee.find(filter).sort({ name: 1, _id: 1 }).skip((query.page - 1) * query.limit).limit(query.limit).lean<EmployeeDoc[]>(),
    Employee.countDocuments(filter),
  ]);
  const invitations = await latestInvitations(rows.map((r) => String(r._id)));
  return { staff: rows.map((r) => staffMember(r, now, invitations.get(String(r._id)))), total };
}

async function load(id: string): Promise<EmployeeDoc> {
  const e = await Employee.findById(id).lean<EmployeeDoc>();
  if (!e) throw notFound(OFFICE_MSG.staffNotFound);
  return e;
}

export async function getStaff(id: string, now: number): Promise<{ member: StaffMember; audit: AuditEntry[]; }> {
  const e = await load(id);
  const inv = (await latestInvitations([id])).get(id);
  return { member: staffMember(e, now, inv), audit: await auditOf('staff', id) };
}

/** An admin may manage employees; administrators (and making someone one) are for super-admins. */
function mayManage(actor: AuditActor, targetRole: string | null | undefined): void {
  if (actor.role !== 'super-admin' && ADMIN_ROLES.includes(targetRole ?? 'employee')) throw forbidden(OFFICE_MSG.onlySuperAdminEditsAdmins);
}

export async function createStaff(deps: MailDeps, actor: AuditActor, raw: StaffCreateInput, origin: string): Promise<{ member: StaffMember; }> {
  const input = staffCreateSchema.parse(raw);
  if (ADMIN_ROLES.includes(input.role) && actor.role !== 'super-admin') throw forbidden(OFFICE_MSG.onlySuperAdminManagesAdmins);
  if (await Employee.exists({ email: input.email })) throw conflict(OFFICE_MSG.staffExists);
  let doc: EmployeeDoc;
  try {
    doc = (await Employee.create({ ...input, is_active: true })).toObject() as EmployeeDoc;
  } catch (err) {
    if (isDuplicateKey(err)) throw conflict(OFFICE_MSG.staffExists);
    throw err;
  }
  const id = String(doc._id);
  let invitation;
  try {
    invitation = await sendInvitation(deps, { id, name: doc.name, email: doc.email }, origin, actor.id);
  } catch (err) {
    // Without its invitation the account would be unreachable: take it back so the office can retry.
    await Employee.deleteOne({ _id: doc._id, passwordHash: { $exists: false } });
    throw err;
  }
  await recordAudit({
    actor,
    action: 'staff.invite',
    target: { type: 'staff', id, label: doc.name },
    before: null,
    after: snapshot(doc, ['name', 'email', 'role', 'is_active']),
  });
  return { member: { ...staffMember(doc, deps.clock.now().getTime()), invitation } };
}

/** Active super-admins other than `exceptId`. */
const otherActiveSuperAdmins = (exceptId: string) =>
  Employee.countDocuments({ role: 'super-admin', is_active: true, _id: { $ne: new mongoose.Types.ObjectId(exceptId) } });

export interface PatchResult {
  member: StaffMember;
  /** Bookings handed back to the available list by a deactivation. */
  released: ReleasedBooking[];
}

export async function patchStaff(deps: MailDeps, actor: AuditActor, id: string, input: StaffPatchInput): Promise<PatchResult> {
  const before = await load(id);
  mayManage(actor, before.role);
  const roleChange = input.role !== undefined && input.role !== before.role;
  if (roleChange) {
    if (actor.id === id) throw forbidden(OFFICE_MSG.ownRole);
    if (ADMIN_ROLES.includes(input.role!) && actor.role !== 'super-admin') throw forbidden(OFFICE_MSG.onlySuperAdminManagesAdmins);
  }
  const deactivating = input.is_active === false && before.is_active !== false;
  if (deactivating && actor.id === id) throw forbidden(OFFICE_MSG.ownDeactivation);
  const losesSuperAdmin = before.role === 'super-admin' && before.is_active !== false && ((roleChange && input.role !== 'super-admin') || deactivating);
  if (losesSuperAdmin && (await otherActiveSuperAdmins(id)) === 0) throw conflict(OFFICE_MSG.lastSuperAdmin);

  const set: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(input)) if (v !== undefined) set[k] = v;
  // Conditional on the record as read, so two office members editing at once cannot both pass the rules.
  // A deactivation (or reactivation) moves the token version on: every earlier session ends at once.
  const activeChange = input.is_active !== undefined && input.is_active !== before.is_active;
  const update = activeChange ? { $set: set, $inc: { tokenVersion: 1 } } : { $set: set };
  const updated = await Employee.findOneAndUpdate({ _id: before._id, role: before.role, is_active: before.is_active }, update, { returnDocument: 'after' })
    .lean<EmployeeDoc>();
  if (!updated) throw conflict(OFFICE_MSG.changedMeanwhile);
  if (losesSuperAdmin && (await otherActiveSuperAdmins(id)) === 0 && !(updated.role === 'super-admin' && updated.is_active)) {
    // Two super-admins demoted each other at the same moment: undo this one so one always remains.
    await Employee.updateOne({ _id: before._id }, { $set: { role: before.role, is_active: before.is_active } });
    throw conflict(OFFICE_MSG.lastSuperAdmin);
  }

  // A new hourly rate applies from today: earlier visits keep the rate of their day.
  if (input.pay_rate_pence !== undefined) {
    await recordRateChange(id, before.pay_rate_pence ?? null, updated.pay_rate_pence ?? null, londonDate(deps.clock.now()));
  }
  let released: ReleasedBooking[] = [];
  if (deactivating) {
    await revokeOpenInvitations(id, deps.clock.now());
    released = await releaseBookingsOf(actor, id);
  }
  const keys = Object.keys(set);
  const action = deactivating
    ? 'staff.deactivate'
    : input.is_active === true && before.is_active === false
    ? 'staff.reactivate'
    : roleChange
    ? 'staff.role'
    : 'staff.update';
  await recordAudit({
    actor,
    action,
    target: { type: 'staff', id, label: updated.name },
    before: snapshot(before, keys),
    after: snapshot(updated, keys),
    note: released.length ? `Returned to available: ${released.map((b) => b.reference ?? b.id).join(', ')}` : undefined,
  });
  const inv = (await latestInvitations([id])).get(id);
  return { member: staffMember(updated, deps.clock.now().getTime(), inv), released };
}

/** Who has not chosen a password yet: only their invitation makes them a working account. */
const NO_PASSWORD = { passwordHash: { $exists: false } };

/** A new link; someone a withdrawn invitation deactivated is active again with it (back off if the mail fails). */
export async function resendInvitation(deps: MailDeps, actor: AuditActor, id: string, origin: string): Promise<StaffMember> {
  let e = await load(id);
  mayManage(actor, e.role);
  if (e.passwordHash) throw conflict(OFFICE_MSG.alreadyHasPassword);
  const reactivating = !e.is_active;
  if (reactivating) {
    const back = await Employee.findOneAndUpdate({ _id: e._id, is_active: false, ...NO_PASSWORD }, { $set: { is_active: true } }, { returnDocument: 'after' })
      .lean<EmployeeDoc>();
    if (!back) throw conflict(OFFICE_MSG.changedMeanwhile);
    e = back;
  }
  let invitation;
  try {
    invitation = await sendInvitation(deps, { id, name: e.name, email: e.email }, origin, actor.id);
  } catch (err) {
    if (reactivating) await Employee.updateOne({ _id: e._id, ...NO_PASSWORD }, { $set: { is_active: false } });
    throw err;
  }
  await recordAudit({
    actor,
    action: 'staff.invite.resend',
    target: { type: 'staff', id, label: e.name },
    before: reactivating ? { is_active: false } : null,
    after: { expires_at: invitation.expires_at, ...(reactivating ? { is_active: true } : {}) },
  });
  return { ...staffMember(e, deps.clock.now().getTime()), invitation };
}

/**
 * Withdraws the open link, and with it the account it was for: still without a password, it is
 * deactivated (sessions end, bookings the office gave it go back) so nothing can turn it into a
 * working account; a resend brings it back. Kept rather than deleted: the audit log names it.
 */
export async function revokeInvitation(deps: MailDeps, actor: AuditActor, id: string): Promise<{ member: StaffMember; released: ReleasedBooking[]; }> {
  const e = await load(id);
  mayManage(actor, e.role);
  if ((await revokeOpenInvitations(id, deps.clock.now())) === 0) throw conflict(OFFICE_MSG.noPendingInvitation);
  const off = await Employee.findOneAndUpdate({ _id: e._id, is_active: true, ...NO_PASSWORD }, { $set: { is_active: false }, $inc: { tokenVersion: 1 } }, {
    returnDocument: 'after',
  }).lean<EmployeeDoc>();
  const released = off ? await releaseBookingsOf(actor, id) : [];
  await recordAudit({
    actor,
    action: 'staff.invite.revoke',
    target: { type: 'staff', id, label: e.name },
    before: { invitation: 'pending', ...(off ? { is_active: true } : {}) },
    after: { invitation: 'revoked', ...(off ? { is_active: false } : {}) },
    note: released.length ? `Returned to available: ${released.map((b) => b.reference ?? b.id).join(', ')}` : undefined,
  });
  return { member: staffMember(off ?? e, deps.clock.now().getTime(), (await latestInvitations([id])).get(id)), released };
}
