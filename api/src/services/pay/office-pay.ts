// The office's pay page: every cleaner's period (hours, travel, pay, the minimum wage check), a
// cleaner's lines, a top-up for a period, paid holiday taken, and the pay settings.
import mongoose from 'mongoose';
import { PAY_MSG } from '@shared/messages-pay';
import { minutesOf, pencePerMinutes } from '@shared/pay-rules';
import type { CleanerPay, Earnings, HolidayTakenInput, OfficePay, TopUpInput } from '@shared/schemas/pay';
import { conflict, notFound } from '../../lib/errors';
import { Employee } from '../../models/Employee';
import { PayAdjustment } from '../../models/PayAdjustment';
import { recordAudit, type AuditActor } from '../office/audit';
import { holidayRateOn } from './holiday';
import { periodAt, periodStatus, readPeriod, type CleanerPeriod } from './read-period';
import { paySettings } from './settings';

const cleanerPay = (c: CleanerPeriod): CleanerPay => ({
  employee: { id: c.who.id, name: c.who.name, email: c.who.email },
  employee_id: c.who.id,
  hours: c.totals.hours,
  travel_hours: c.totals.travel_hours,
  pay_pence: c.totals.pay_pence,
  pay_rate_pence: c.who.pay_rate_pence,
  totals: c.totals,
  rate_check: c.rate_check,
  wage: { date_of_birth: c.who.date_of_birth ?? null, wage_band: c.who.wage_band ?? null, irregular_hours: c.who.irregular_hours },
});

export async function officePay(q: { period?: string; }, now: Date): Promise<OfficePay> {
  const settings = await paySettings();
  const period = periodAt(settings, q.period, now);
  const cleaners = await readPeriod(settings, period);
  return { period, status: await periodStatus(period, now), settings, cleaners: cleaners.map(cleanerPay) };
}

async function cleanerOf(employeeId: string) {
  const e = await Employee.findById(employeeId, { name: 1 }).lean();
  if (!e) throw notFound(PAY_MSG.cleanerNotFound);
  return e;
}

/** One cleaner's period line by line (the office's view of their Earnings). */
export async function cleanerPeriod(employeeId: string, q: { period?: string; }, now: Date): Promise<Earnings & { employee: CleanerPay['employee']; }> {
  await cleanerOf(employeeId);
  const settings = await paySettings();
  const period = periodAt(settings, q.period, now);
  const [c] = await readPeriod(settings, period, employeeId);
  return {
    employee: cleanerPay(c).employee,
    period,
    status: await periodStatus(period, now),
    lines: c.lines,
    totals: c.totals,
    rate_check: c.rate_check,
    as_of: now.toISOString(),
  };
}

/** A top-up line on the period's first day: brings a period under the minimum wage up to it (or any amount the office decides). */
export async function addTopUp(actor: AuditActor, employeeId: string, input: TopUpInput, now: Date): Promise<CleanerPay> {
  const e = await cleanerOf(employeeId);
  const settings = await paySettings();
  const period = periodAt(settings, input.period, now);
  await PayAdjustment.create({
    employee: e._id,
    kind: 'top_up',
    date: period.from,
    pay_pence: input.amount_pence,
    note: input.note ?? '',
    by: new mongoose.Types.ObjectId(actor.id),
  });
  await recordAudit({
    actor,
    action: 'pay.top_up',
    target: { type: 'staff', id: employeeId, label: e.name },
    before: null,
    after: { period: period.from, amount_pence: input.amount_pence },
    note: input.note,
  });
  const [c] = await readPeriod(settings, period, employeeId);
  return cleanerPay(c);
}

/** Paid holiday taken on a date, at the average hourly pay then (nothing more in rolled-up mode: it was paid as it went). */
export async function recordHoliday(
  actor: AuditActor,
  employeeId: string,
  input: HolidayTakenInput,
): Promise<{ name: string; holiday: { hours: number; rate_pence: number | null; pay_pence: number; }; }> {
  const e = await cleanerOf(employeeId);
  const settings = await paySettings();
  const rolledUp = settings.holiday_pay === 'rolled_up';
  const rate = rolledUp ? null : await holidayRateOn(settings, employeeId, input.date);
  if (!rolledUp && rate == null) throw conflict(PAY_MSG.noAverageYet);
  const pay = rate == null ? 0 : pencePerMinutes(minutesOf(input.hours), rate);
  await PayAdjustment.create({
    employee: e._id,
    kind: 'holiday',
    date: input.date,
    hours: input.hours,
    rate_pence: rate,
    pay_pence: pay,
    note: input.note ?? '',
    by: new mongoose.Types.ObjectId(actor.id),
  });
  await recordAudit({
    actor,
    action: 'pay.holiday',
    target: { type: 'staff', id: employeeId, label: e.name },
    before: null,
    after: { date: input.date, hours: input.hours, pay_pence: pay },
    note: input.note,
  });
  return { name: e.name, holiday: { hours: input.hours, rate_pence: rate, pay_pence: pay } };
}
