// Staff invitations: a single-use link, valid for 7 days, where a new team member chooses their own
// password. Only the SHA-256 of the link's token is stored; using it is one conditional update.
import { currentCompany } from './company';
import { createHash, randomBytes } from 'node:crypto';
import mongoose from 'mongoose';
import { OFFICE_MSG } from '@shared/messages-office';
import { API_MSG } from '@shared/messages-api';
import { INVITATION_TTL_MS, type InvitationState, type WelcomeInput } from '@shared/schemas/office';
import type { Employee as EmployeeDto } from '@shared/schemas/employee';
import type { Deps } from '../../deps';
import { notify } from '../../notify/notify';
import { HttpError, badRequest, forbidden } from '../../lib/errors';
import { Invitation, type InvitationDoc } from '../../models/Invitation';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { publicEmployee } from '../accounts/account-view';
import { hashPassword } from '../accounts/passwords';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** `now`: the server's clock (ms), which decides whether a link has expired. */
export function invitationState(inv: Pick<InvitationDoc, 'created_at' | 'expiresAt' | 'usedAt' | 'revokedAt'>, now: number): InvitationState {
  const status = inv.usedAt ? 'accepted' : inv.revokedAt ? 'revoked' : inv.expiresAt.getTime() <= now ? 'expired' : 'pending';
  return { status, sent_at: inv.created_at.toISOString(), expires_at: inv.expiresAt.toISOString() };
}

/** The newest invitation of each of these employees (one query for a page of staff). */
export async function latestInvitations(employeeIds: string[]): Promise<Map<string, InvitationDoc>> {
  if (!employeeIds.length) return new Map();
  const rows = await Invitation.find({ employee: { $in: employeeIds } }).sort({ created_at: -1, _id: -1 }).lean<InvitationDoc[]>();
  const out = new Map<string, InvitationDoc>();
  for (const r of rows) if (!out.has(String(r.employee))) out.set(String(r.employee), r);
  return out;
}

/** Ends every still-open invitation of this employee; returns how many there were. */
export async function revokeOpenInvitations(employeeId: string, now: Date): Promise<number> {
  const res = await Invitation.updateMany({ employee: new mongoose.Types.ObjectId(employeeId), usedAt: null, revokedAt: null }, { $set: { revokedAt: now } });
  return res.modifiedCount;
}

/**
 * Issues a new invitation (ending any earlier open one) and mails its link. When the mail cannot be
 * sent the new invitation is withdrawn again and the error says so.
 */
export async function sendInvitation(
  deps: Pick<Deps, 'mailer' | 'log' | 'clock' | 'config'>,
  employee: { id: string; name: string; email: string; },
  origin: string,
  createdBy: string,
): Promise<InvitationState> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  await revokeOpenInvitations(employee.id, now);
  const inv = await Invitation.create({ employee: employee.id, tokenHash: sha256(token), expiresAt: new Date(now.getTime() + INVITATION_TTL_MS), createdBy });
  const link = `${origin.replace(/\/+$/, '')}/employee/welcome?token=${encodeURIComponent(token)}`;
  try {
    const co = await currentCompany();
    await notify(deps, { type: 'address', email: employee.email }, 'transactional', {
      subject: OFFICE_MSG.invitationMailSubject(co),
      text: OFFICE_MSG.invitationMailText(co, employee.name, link),
    });
  } catch (err) {
    deps.log.error({ err, employee: employee.id }, 'invitation mail failed');
    await Invitation.updateOne({ _id: inv._id }, { $set: { revokedAt: deps.clock.now() } });
    throw new HttpError(503, OFFICE_MSG.inviteSendFailed);
  }
  return invitationState(inv.toObject() as InvitationDoc, now.getTime());
}

/** Why a token cannot be used, as the person following the link should read it. */
function unusable(inv: InvitationDoc | null, now: number): HttpError | null {
  if (!inv) return badRequest(OFFICE_MSG.invitationInvalid, { reason: 'invalid' });
  if (inv.usedAt) return new HttpError(410, OFFICE_MSG.invitationUsed, { reason: 'used' });
  if (inv.revokedAt) return new HttpError(410, OFFICE_MSG.invitationRevokedLink, { reason: 'revoked' });
  if (inv.expiresAt.getTime() <= now) return new HttpError(410, OFFICE_MSG.invitationExpired, { reason: 'expired' });
  return null;
}

/** The welcome page's first look: whose invitation this is, or why it no longer works (`now`: the server's clock). */
export async function peekInvitation(token: string, now: Date): Promise<{ name: string; email: string; }> {
  const inv = await Invitation.findOne({ tokenHash: sha256(token) }).lean<InvitationDoc>();
  const problem = unusable(inv, now.getTime());
  if (problem) throw problem;
  const e = await Employee.findById(inv!.employee, { name: 1, email: 1, is_active: 1 }).lean<EmployeeDoc>();
  if (!e) throw badRequest(OFFICE_MSG.invitationInvalid, { reason: 'invalid' });
  if (!e.is_active) throw forbidden(API_MSG.employeeInactive);
  return { name: e.name, email: e.email };
}

/** Uses the invitation (once, atomically), sets the chosen password and returns the signed-in account. */
export async function acceptInvitation(deps: Pick<Deps, 'config' | 'tokens' | 'clock'>, input: WelcomeInput): Promise<{ token: string; user: EmployeeDto; }> {
  const tokenHash = sha256(input.token);
  const now = deps.clock.now();
  const peek = await Invitation.findOne({ tokenHash }).lean<InvitationDoc>();
  const problem = unusable(peek, now.getTime());
  if (problem) throw problem;
  const target = await Employee.findById(peek!.employee, { is_active: 1 }).lean<EmployeeDoc>();
  if (!target) throw badRequest(OFFICE_MSG.invitationInvalid, { reason: 'invalid' });
  if (!target.is_active) throw forbidden(API_MSG.employeeInactive);
  // Hash first: the slow part happens before the link is used up, so a failure leaves it usable.
  const passwordHash = await hashPassword(input.newPassword, deps.config.bcryptCost);
  const used = await Invitation.findOneAndUpdate({ tokenHash, usedAt: null, revokedAt: null, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, {
    returnDocument: 'after',
  }).lean<InvitationDoc>();
  if (!used) throw unusable(await Invitation.findOne({ tokenHash }).lean<InvitationDoc>(), now.getTime()) ?? badRequest(OFFICE_MSG.invitationInvalid);
  const employee = await Employee.findOneAndUpdate({ _id: used.employee, is_active: true }, { $set: { passwordHash, last_login: now } }, {
    returnDocument: 'after',
  }).lean<EmployeeDoc>();
  if (!employee) throw forbidden(API_MSG.employeeInactive);
  return { token: deps.tokens.sign('employee', String(employee._id), employee.role ?? 'employee', employee.tokenVersion ?? 0), user: publicEmployee(employee) };
}
