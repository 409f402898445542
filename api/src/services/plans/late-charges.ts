// Late-change charges (README "Cancellation rule"): a visit skipped, moved, paused, ended or replaced by
// a new regular time after its change cut-off costs LATE_CHANGE_CHARGE_PERCENT of its price, and its
// cleaner is paid LATE_CHARGE_CLEANER_PERCENT of that. The server refuses (409 naming the total and the
// visits) until the request accepts the charge, and again when the amount accepted is not today's
// (a price changed meanwhile): a customer is never charged an amount they were not shown.
import { CHARGE_MSG } from '@shared/messages-charges';
import { PRICE_MSG } from '@shared/messages-prices';
import { cleanerShareOf, lateChargeOf } from '@shared/pricing';
import { changeCutoff, londonIso } from '@shared/visits';
import { conflict } from '../../lib/errors';
import type { VisitDoc } from '../../models/Visit';
import { when } from './visit-mail';

export interface ChargeRules {
  now: Date;
  cutoff: string;
  /** A customer's change after the cut-off is charged this percent of the visit's price. */
  lateChargePercent?: number;
  /** The cleaner's share of a late charge, percent. */
  cleanerSharePercent?: number;
  /** The customer accepted the late charge the refusal named… */
  acceptCharge?: boolean;
  /** …and this amount (pence), when the client says what it showed. */
  acceptedPence?: number;
}

/** The fields a charged visit records. */
export type ChargeFields = { late_charge_pence: number; late_charge_cleaner_pence: number; late_charge_at: Date; };

export function chargeFieldsOf(v: Pick<VisitDoc, 'price_pence'>, r: Pick<ChargeRules, 'now' | 'lateChargePercent' | 'cleanerSharePercent'>): ChargeFields {
  const charge = lateChargeOf(v.price_pence, r.lateChargePercent ?? 0);
  return { late_charge_pence: charge, late_charge_cleaner_pence: cleanerShareOf(charge, r.cleanerSharePercent ?? 0), late_charge_at: r.now };
}

export const isLate = (v: Pick<VisitDoc, 'start'>, r: Pick<ChargeRules, 'now' | 'cutoff'>): boolean => r.now.getTime() >= changeCutoff(v.start, r.cutoff);

/** The refusal unless the charge is accepted (and, when the client names it, the same amount). */
function askUnlessAccepted(total: number, r: ChargeRules, message: string, extra: Record<string, unknown>): void {
  if (r.acceptCharge && (r.acceptedPence === undefined || r.acceptedPence === total)) return;
  const msg = r.acceptCharge ? CHARGE_MSG.chargeNotAccepted(total) : message;
  throw conflict(msg, { charge_pence: total, errorType: 'late_change_charge', ...extra });
}

/** One visit changed after its cut-off: the fields to write with the change, or the 409 naming the charge. */
export function chargeOne(v: VisitDoc, r: ChargeRules): ChargeFields {
  const fields = chargeFieldsOf(v, r);
  askUnlessAccepted(fields.late_charge_pence, r, PRICE_MSG.lateChargeAsk(fields.late_charge_pence, when(changeCutoff(v.start, r.cutoff))), {});
  return fields;
}

/**
 * Visits a plan change removes that are past their cut-off: each one's fields by id, or the 409 with the
 * total and every such visit (`visits`: id, start, charge), so the screen shows them before confirming.
 */
export function chargeMany(late: VisitDoc[], r: ChargeRules): Map<string, ChargeFields> {
  const byId = new Map(late.map((v) => [String(v._id), chargeFieldsOf(v, r)]));
  if (!late.length) return byId;
  const total = [...byId.values()].reduce((sum, f) => sum + f.late_charge_pence, 0);
  const visits = late.map((v) => ({ id: String(v._id), start: londonIso(v.start.getTime()), charge_pence: byId.get(String(v._id))!.late_charge_pence }));
  askUnlessAccepted(total, r, CHARGE_MSG.planLateAsk(total, late.length, when(changeCutoff(late[0].start, r.cutoff))), { visits });
  return byId;
}
