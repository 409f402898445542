// The cleaner's share of a late-change or lockout charge as a payroll line (README "Cancellation
// rule"): one line per charged visit whose charge falls in the period (its `late_charge_at`), paid to the
// visit's cleaner then, and a per-employee sum for the totals file. Review states do not apply to these
// lines: a status filter (submitted / queried / approved) leaves them out.
import mongoose from 'mongoose';
import { CHARGE_MSG } from '@shared/messages-charges';
import { Visit, type VisitDoc } from '../../models/Visit';
import { periodOf, type TimesheetFilter } from './timesheets';

const oid = (id: string) => new mongoose.Types.ObjectId(id);

function chargeFilter(f: TimesheetFilter, now: Date): Record<string, unknown> | null {
  if (f.status) return null;
  const { start, end } = periodOf(f.from, f.to, now);
  return { late_charge_at: { $gte: start, $lt: end }, late_charge_cleaner_pence: { $gt: 0 }, employee: f.employee ? oid(f.employee) : { $ne: null } };
}

/** The line's kind in the CSV's status column. */
export const payLineOf = (v: Pick<VisitDoc, 'lockout_at'>): string => (v.lockout_at ? CHARGE_MSG.payLineLockout : CHARGE_MSG.payLineLateCharge);

/** The period's charged visits, oldest charge first (a cursor: a long period is never held whole). */
export function chargeLinesCursor(f: TimesheetFilter, now: Date) {
  const filter = chargeFilter(f, now);
  return Visit.find(filter ?? { _id: null }, { employee: 1, plan: 1, day: 1, reference: 1, late_charge_at: 1, late_charge_cleaner_pence: 1, lockout_at: 1 })
    .sort({ late_charge_at: 1, _id: 1 })
    .lean<VisitDoc[]>()
    .cursor({ batchSize: 500 });
}

/** Each employee's sum of charge shares in the period (pence). */
export async function chargeShareTotals(f: TimesheetFilter, now: Date): Promise<Map<string, number>> {
  const filter = chargeFilter(f, now);
  if (!filter) return new Map();
  const groups = await Visit.aggregate<{ _id: mongoose.Types.ObjectId; pence: number; }>([{ $match: filter }, {
    $group: { _id: '$employee', pence: { $sum: '$late_charge_cleaner_pence' } },
  }]);
  return new Map(groups.map((g) => [String(g._id), g.pence]));
}
