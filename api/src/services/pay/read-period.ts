// Reads what a period's pay is made of, for one cleaner or all, in a few queries: the work rows, the
// charge shares, the office's adjustments, the rates and each cleaner's facts; then each cleaner's
// pay (period-pay.ts). The period's state: in progress until it ends, then to be paid until exported.
import mongoose from 'mongoose';
import { londonDate } from '@shared/visits';
import { periodContaining, type PayPeriod, type PaySettings } from '@shared/pay-periods';
import type { WageBand } from '@shared/minimum-wage';
import type { PayStatus } from '@shared/schemas/pay';
import { Employee, type EmployeeDoc } from '../../models/Employee';
import { PayAdjustment } from '../../models/PayAdjustment';
import { PayExport } from '../../models/PayExport';
import { Visit, type VisitDoc } from '../../models/Visit';
import { periodPay, type Adjustment, type ChargeShare, type CleanerFacts, type PeriodPay } from './period-pay';
import { ratesOf } from './rates';
import { instantsOf, workRows } from './work';

export const factsOf = (
  e: Pick<EmployeeDoc, 'name' | 'email' | 'pay_rate_pence' | 'date_of_birth' | 'wage_band' | 'irregular_hours'> & { _id: unknown; },
): CleanerFacts => ({
  id: String(e._id),
  name: e.name,
  email: e.email,
  pay_rate_pence: e.pay_rate_pence ?? null,
  date_of_birth: e.date_of_birth ?? null,
  wage_band: (e.wage_band as WageBand | null) ?? null,
  irregular_hours: e.irregular_hours !== false,
});

const FACT_FIELDS = { name: 1, email: 1, pay_rate_pence: 1, date_of_birth: 1, wage_band: 1, irregular_hours: 1, role: 1, is_active: 1 } as const;

/** The period `date` falls in (today's when absent). */
export const periodAt = (settings: PaySettings, date: string | undefined, now: Date): PayPeriod => periodContaining(settings, date ?? londonDate(now));

export async function periodStatus(period: PayPeriod, now: Date): Promise<PayStatus> {
  if (period.to >= londonDate(now)) return 'in_progress';
  return (await PayExport.exists({ _id: period.from })) ? 'paid' : 'to_be_paid';
}

/** Late-change and lockout shares charged in the period (London dates of `late_charge_at`). */
async function chargeShares(period: PayPeriod, who?: mongoose.Types.ObjectId): Promise<Map<string, ChargeShare[]>> {
  const { start, end } = instantsOf(period.from, period.to);
  const rows = await Visit.find({ late_charge_at: { $gte: start, $lt: end }, late_charge_cleaner_pence: { $gt: 0 }, employee: who ?? { $ne: null } }, {
    employee: 1,
    plan: 1,
    reference: 1,
    late_charge_at: 1,
    late_charge_cleaner_pence: 1,
    lockout_at: 1,
  }).lean<VisitDoc[]>();
  const out = new Map<string, ChargeShare[]>();
  for (const v of rows) {
    const id = String(v.employee);
    out.set(id, [...(out.get(id) ?? []), {
      date: londonDate(v.late_charge_at!),
      visit_id: String(v._id),
      booking_id: String(v.plan),
      reference: v.reference ?? undefined,
      pence: v.late_charge_cleaner_pence ?? 0,
      lockout: Boolean(v.lockout_at),
    }]);
  }
  return out;
}

async function adjustmentsOf(period: PayPeriod, who?: mongoose.Types.ObjectId): Promise<Map<string, Adjustment[]>> {
  const rows = await PayAdjustment.find({ ...(who ? { employee: who } : {}), date: { $gte: period.from, $lte: period.to } }).sort({ date: 1, _id: 1 }).lean();
  const out = new Map<string, Adjustment[]>();
  for (const a of rows) {
    const id = String(a.employee);
    out.set(id, [...(out.get(id) ?? []), {
      kind: a.kind as Adjustment['kind'],
      date: a.date,
      pay_pence: a.pay_pence,
      hours: a.hours ?? 0,
      rate_pence: a.rate_pence ?? null,
      note: a.note ?? '',
    }]);
  }
  return out;
}

export interface CleanerPeriod extends PeriodPay {
  who: CleanerFacts;
}

/**
 * Each cleaner's pay in the period: one cleaner's (`employeeId`), or every active cleaner's and anyone
 * else's with pay in it (an administrator who cleaned, someone since deactivated), in name order.
 */
export async function readPeriod(settings: PaySettings, period: PayPeriod, employeeId?: string): Promise<CleanerPeriod[]> {
  const who = employeeId ? new mongoose.Types.ObjectId(employeeId) : undefined;
  const [rows, charges, adjustments] = await Promise.all([workRows(period.from, period.to, employeeId), chargeShares(period, who), adjustmentsOf(period, who)]);
  const withPay = new Set([...rows.map((r) => r.employee), ...charges.keys(), ...adjustments.keys()]);
  const people = await Employee.find(
    who ? { _id: who } : { $or: [{ role: 'employee', is_active: true }, { _id: { $in: [...withPay].map((id) => new mongoose.Types.ObjectId(id)) } }] },
    FACT_FIELDS,
  ).lean<EmployeeDoc[]>();
  const rateOn = await ratesOf(people.map((p) => String(p._id)));
  return people
    .map(factsOf)
    .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id))
    .map((f) => ({
      who: f,
      ...periodPay(period, settings, f, rows.filter((r) => r.employee === f.id), rateOn, charges.get(f.id) ?? [], adjustments.get(f.id) ?? []),
    }));
}
