// The plan's estimated hours, set by the office: what the schedule draws each of its visits
// as, and what clashes count. null goes back to the estimate from the bedrooms and bathrooms
// (shared/duration.ts). Audited; the schedule's cached facts of the plan are forgotten at once.
import mongoose from 'mongoose';
import { HOURS_MSG } from '@shared/messages-schedule-hours';
import { homeHours } from '@shared/duration';
import type { PlanHoursDto } from '@shared/schemas/schedule';
import { Booking } from '../../models/Booking';
import { Plan } from '../../models/Plan';
import { notFound } from '../../lib/errors';
import { recordAudit, type AuditActor } from '../office/audit';
import { forgetPlanFacts } from './schedule-facts';

export async function setPlanHours(actor: AuditActor, planId: string, hours: number | null): Promise<PlanHoursDto> {
  const _id = new mongoose.Types.ObjectId(planId);
  // The estimate is no part of the rule: the plan's version (which generation and rule changes race on) stays.
  const before = await Plan.findOneAndUpdate({ _id }, hours === null ? { $unset: { estimated_hours: 1 } } : { $set: { estimated_hours: hours } }, {
    projection: { estimated_hours: 1, reference: 1 },
  }).lean();
  if (!before) throw notFound(HOURS_MSG.planNotFound);
  forgetPlanFacts(planId);
  const b = await Booking.findById(_id, { bedrooms: 1, bathrooms: 1, quote: 1 }).lean();
  const rooms = homeHours({ quote: b?.quote as { hours?: number; } | undefined, bedrooms: b?.bedrooms, bathrooms: b?.bathrooms });
  await recordAudit({
    actor,
    action: 'plan.estimated-hours',
    target: { type: 'booking', id: planId, label: before.reference ?? undefined },
    before: { hours: before.estimated_hours ?? null },
    after: { hours },
  });
  return { id: planId, estimated_hours: hours, rooms_hours: rooms, hours: hours ?? rooms };
}
