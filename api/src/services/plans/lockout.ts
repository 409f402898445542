// The cleaner's "Couldn't get in" (README "Cancellation rule"): on their own scheduled visit, once its
// time has come. The visit is skipped and charged by the late-change rule (the cleaner's share is their
// pay line), the note kept for the office, and the customer told once. Reported again (a retry, a second
// device): answered, nothing charged or told twice — one conditional write on `lockout_at` unset.
import mongoose from 'mongoose';
import { CHARGE_MSG } from '@shared/messages-charges';
import { VISIT_MSG } from '@shared/messages-api';
import type { VisitDto } from '@shared/schemas/visits';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { Employee } from '../../models/Employee';
import { Visit, type VisitDoc } from '../../models/Visit';
import { notify } from '../../notify/notify';
import { actorOf, recordAudit } from '../office/audit';
import { currentCompany } from '../office/company';
import { chargeFieldsOf } from './late-charges';
import { visitContext } from './visit-context';
import { when } from './visit-mail';
import { staffVisitDtos } from './visits-view';

type LockoutDeps = Pick<Deps, 'config' | 'mailer' | 'push' | 'log' | 'clock'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

export async function reportLockout(
  deps: LockoutDeps,
  employeeId: string,
  visitId: string,
  note: string | undefined,
): Promise<{ visit: VisitDto; told: boolean; }> {
  const now = deps.clock.now();
  const v = await Visit.findOne({ _id: oid(visitId), employee: oid(employeeId) }).lean<VisitDoc>();
  if (!v) throw notFound(VISIT_MSG.visitNotFound);
  if (v.lockout_at) return { visit: (await staffVisitDtos([v]))[0], told: false };
  if (v.state !== 'scheduled') throw conflict(CHARGE_MSG.lockoutNotScheduled);
  if (now.getTime() < v.start.getTime()) throw conflict(CHARGE_MSG.lockoutTooEarly);
  const rules = { now, lateChargePercent: deps.config.lateChangeChargePercent, cleanerSharePercent: deps.config.lateChargeCleanerPercent };
  const set = { state: 'skipped', exception: true, lockout_at: now, ...(note ? { lockout_note: note } : {}), ...chargeFieldsOf(v, rules) };
  const updated = await Visit.findOneAndUpdate(
    { _id: v._id, employee: oid(employeeId), state: 'scheduled', lockout_at: { $exists: false } },
    { $set: set, $inc: { version: 1 } },
    { returnDocument: 'after' },
  ).lean<VisitDoc>();
  if (!updated) {
    const again = await Visit.findById(v._id).lean<VisitDoc>();
    if (again?.lockout_at) return { visit: (await staffVisitDtos([again]))[0], told: false };
    throw conflict(VISIT_MSG.changedMeanwhile);
  }
  await auditLockout(employeeId, v, updated);
  await tellCustomer(deps, updated);
  return { visit: (await staffVisitDtos([updated]))[0], told: true };
}

/** The office's record of it, in words like every other change to a visit (once: only the winning write gets here). */
async function auditLockout(employeeId: string, before: VisitDoc, after: VisitDoc): Promise<void> {
  const e = await Employee.findById(employeeId, { name: 1, email: 1, role: 1 }).lean();
  await recordAudit({
    actor: actorOf(e ?? { id: employeeId, name: '' }),
    action: 'visit.lockout',
    target: { type: 'booking', id: String(before.plan), label: `${before.reference ?? ''}, visit of ${before.day}` },
    before: { start: before.start.toISOString(), state: before.state },
    after: { start: after.start.toISOString(), state: after.state, late_charge_pence: after.late_charge_pence ?? 0 },
    note: after.lockout_note ?? undefined,
  });
}

/** The customer's one notice (kind `changes`): a failure is logged, the report stands. */
async function tellCustomer(deps: LockoutDeps, v: VisitDoc): Promise<void> {
  try {
    const ctx = await visitContext(v._id);
    if (!ctx) return;
    const phone = (await currentCompany()).phone;
    await notify(deps, { type: 'customer', id: ctx.customer.id }, 'changes', {
      subject: CHARGE_MSG.lockoutSubject(when(v.start)),
      text: CHARGE_MSG.lockoutText(ctx.customer.firstName, ctx.cleaner?.firstName ?? '', when(v.start), v.late_charge_pence ?? 0, phone),
      url: '/orders',
    });
  } catch (err) {
    deps.log.error({ err, visitId: String(v._id) }, 'lockout notice could not be sent');
  }
}
