// What a change costs after a visit's change cut-off (README "Cancellation rule"), worked out on the
// phone by the shared rule from the visits and the percent the plan's answer carried — so the charge is
// shown before the customer confirms, offline too. The server checks it again: another amount comes
// back as a 409 naming it, and the customer is asked again.
import { lateChargeOf } from '@shared/pricing';
import { changeCutoff, londonDate } from '@shared/visits';
import type { VisitDto } from '@shared/schemas/visits';
import type { PlanView } from './plans-api';

export interface LateCharge {
  /** Total, pence. */
  charge: number;
  visits: number;
}

export const isLate = (v: VisitDto, view: Pick<PlanView, 'change_cutoff'>, now = Date.now()): boolean =>
  v.state === 'scheduled' && now >= changeCutoff(Date.parse(v.start), view.change_cutoff);

/** Whether the customer may still change the visit online: before its cut-off, or (charged) before it begins. */
export const changeable = (v: VisitDto, view: Pick<PlanView, 'change_cutoff' | 'late_charge_percent'>, now = Date.now()): boolean =>
  v.state === 'scheduled' &&
  (now < changeCutoff(Date.parse(v.start), view.change_cutoff) || (view.late_charge_percent !== undefined && now < Date.parse(v.start)));

/** The charge for these visits if they are late, or null when none is (or the plan's answer named no percent). */
export function chargeOf(visits: VisitDto[], view: Pick<PlanView, 'change_cutoff' | 'late_charge_percent'>, now = Date.now()): LateCharge | null {
  if (view.late_charge_percent === undefined) return null;
  const late = visits.filter((v) => isLate(v, view, now));
  if (!late.length) return null;
  return { charge: late.reduce((sum, v) => sum + lateChargeOf(v.price_pence, view.late_charge_percent!), 0), visits: late.length };
}

/** The plan's known visits a change from `from` (to `until`, both included) removes. */
export function visitsFrom(view: PlanView, from: string, until = '9999-12-31'): VisitDto[] {
  return view.visits.filter((v) => {
    const day = londonDate(Date.parse(v.start));
    return v.state === 'scheduled' && day >= from && day <= until;
  });
}
