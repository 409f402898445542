// One cleaner's pay for one period, from what was read for it: each visit's approved hours at their
// rate that day, the travel before it, their share of late charges and lockouts, holiday taken (or the
// rolled-up 12.07% line), top-ups; then the totals and the minimum wage check. No database here.
import { checkMinimumWage, type RateCheck, type WageFacts } from '@shared/minimum-wage';
import type { PayPeriod, PaySettings } from '@shared/pay-periods';
import { holidayHoursAccrued, hoursOf, pencePerMinutes, rolledUpHolidayPence } from '@shared/pay-rules';
import type { PayLine, PayTotals } from '@shared/schemas/pay';
import type { RateOn } from './rates';
import type { WorkRow } from './work';

export interface CleanerFacts extends WageFacts {
  id: string;
  name: string;
  email: string;
  pay_rate_pence: number | null;
  irregular_hours: boolean;
}

export interface ChargeShare {
  date: string;
  visit_id: string;
  booking_id: string;
  reference?: string;
  pence: number;
  lockout: boolean;
}

export interface Adjustment {
  kind: 'top_up' | 'holiday';
  date: string;
  pay_pence: number;
  hours: number;
  rate_pence: number | null;
  note: string;
}

export interface PeriodPay {
  lines: PayLine[];
  totals: PayTotals;
  rate_check: RateCheck;
  /** What the minimum wage check counts: pay for time worked (visits, travel, top-ups) and the minutes worked. */
  work_pay_pence: number;
  worked_minutes: number;
}

const sum = (lines: PayLine[], kinds: PayLine['kind'][]) => lines.filter((l) => l.approved && kinds.includes(l.kind)).reduce((n, l) => n + l.pay_pence, 0);

export function periodPay(
  period: PayPeriod,
  settings: PaySettings,
  who: CleanerFacts,
  rows: WorkRow[],
  rateOn: RateOn,
  charges: ChargeShare[],
  adjustments: Adjustment[],
): PeriodPay {
  const lines: PayLine[] = [];
  let visitMinutes = 0;
  let travelMinutes = 0;
  let awaitingMinutes = 0;
  for (const r of rows) {
    const rate = rateOn(who.id, r.day);
    const ids = { visit_id: r.visit_id, booking_id: r.booking_id, reference: r.reference };
    if (r.approved) visitMinutes += r.minutes;
    else awaitingMinutes += r.minutes;
    if (r.travel.minutes > 0 || r.travel.counted > 0) {
      const travelRate = settings.travel_rate_pence ?? rate;
      if (r.approved) travelMinutes += r.travel.minutes;
      lines.push({
        kind: 'travel',
        date: r.day,
        ...ids,
        hours: hoursOf(r.travel.minutes),
        rate_pence: travelRate,
        pay_pence: travelRate == null ? 0 : pencePerMinutes(r.travel.minutes, travelRate),
        approved: r.approved,
        ...(r.travel_minutes != null ? { counted_minutes: r.travel.counted, note: r.travel_note ?? '' } : {}),
      });
    }
    lines.push({
      kind: 'visit',
      date: r.day,
      ...ids,
      hours: hoursOf(r.minutes),
      rate_pence: rate,
      pay_pence: rate == null ? 0 : pencePerMinutes(r.minutes, rate),
      approved: r.approved,
    });
  }
  for (const c of charges) {
    lines.push({
      kind: 'charge_share',
      date: c.date,
      visit_id: c.visit_id,
      booking_id: c.booking_id,
      reference: c.reference,
      hours: 0,
      rate_pence: null,
      pay_pence: c.pence,
      approved: true,
      note: c.lockout ? 'lockout' : 'late change',
    });
  }
  for (const a of adjustments) {
    lines.push({ kind: a.kind, date: a.date, hours: a.hours, rate_pence: a.rate_pence, pay_pence: a.pay_pence, approved: true, note: a.note });
  }
  const workedMinutes = visitMinutes + travelMinutes;
  // Rolled-up holiday pay is lawful only for irregular-hours and part-year workers.
  if (settings.holiday_pay === 'rolled_up' && who.irregular_hours) {
    const base = sum(lines, ['visit', 'travel']);
    if (base > 0) {
      lines.push({
        kind: 'holiday_rolled_up',
        date: period.to,
        hours: 0,
        rate_pence: null,
        pay_pence: rolledUpHolidayPence(base),
        approved: true,
        note: '12.07%',
      });
    }
  }
  lines.sort((a, b) => a.date.localeCompare(b.date));
  const workPay = sum(lines, ['visit', 'travel', 'top_up']);
  const totals: PayTotals = {
    hours: hoursOf(visitMinutes),
    travel_hours: hoursOf(travelMinutes),
    pay_pence: sum(lines, ['visit', 'travel', 'charge_share', 'holiday', 'holiday_rolled_up', 'top_up']),
    holiday_hours_accrued: who.irregular_hours ? holidayHoursAccrued(workedMinutes) : 0,
    holiday_hours_taken: adjustments.filter((a) => a.kind === 'holiday').reduce((n, a) => n + a.hours, 0),
    holiday_pay_pence: sum(lines, ['holiday', 'holiday_rolled_up']),
    top_up_pence: sum(lines, ['top_up']),
    charge_share_pence: sum(lines, ['charge_share']),
    awaiting_hours: hoursOf(awaitingMinutes),
  };
  return { lines, totals, rate_check: checkMinimumWage(who, period.from, workedMinutes, workPay), work_pay_pence: workPay, worked_minutes: workedMinutes };
}
