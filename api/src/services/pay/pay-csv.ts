// The payroll export of a period (README "Paying cleaners"): `summary`, one line per cleaner with pay
// in the period — what UK payroll tools import as pay elements per employee; `detail`, one line per
// paid line. Pay in integer pence, hours to two decimals. Refused while any cleaner's period is under
// the minimum wage (a top-up line or corrected hours first). Text cells that a spreadsheet would run
// as a formula are neutralised by the timesheets export's own rule.
import type { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import mongoose from 'mongoose';
import { PAY_MSG } from '@shared/messages-pay';
import { londonDate } from '@shared/visits';
import { conflict } from '../../lib/errors';
import { PayExport } from '../../models/PayExport';
import { neutralise } from '../office/timesheets-csv';
import { periodAt, readPeriod } from './read-period';
import { paySettings } from './settings';

export const SUMMARY_COLUMNS = [
  'employee_id',
  'employee',
  'email',
  'period_from',
  'period_to',
  'hours',
  'travel_hours',
  'basic_pay_pence',
  'travel_pay_pence',
  'charge_share_pence',
  'holiday_pay_pence',
  'top_up_pence',
  'gross_pay_pence',
  'holiday_hours_accrued',
  'holiday_hours_taken',
  'minimum_rate_pence',
] as const;
export const DETAIL_COLUMNS = ['employee_id', 'employee', 'email', 'date', 'kind', 'reference', 'hours', 'rate_pence', 'pay_pence', 'note'] as const;

const sumOf = (lines: Array<{ kind: string; pay_pence: number; approved: boolean; }>, kind: string) =>
  lines.filter((l) => l.approved && l.kind === kind).reduce((n, l) => n + l.pay_pence, 0);

export async function payCsv(q: { period?: string; part: 'summary' | 'detail'; }, now: Date, by: string): Promise<{ stream: Readable; filename: string; }> {
  const settings = await paySettings();
  const period = periodAt(settings, q.period, now);
  const cleaners = (await readPeriod(settings, period)).filter((c) => c.lines.some((l) => l.approved));
  const below = cleaners.filter((c) => !c.rate_check.ok);
  if (below.length) {
    throw conflict(PAY_MSG.exportRefused(below.map((c) => c.who.name)), {
      below: below.map((c) => ({ employee_id: c.who.id, shortfall_pence: c.rate_check.shortfall_pence })),
    });
  }
  const summary = q.part === 'summary';
  const csv = stringify({
    header: true,
    columns: [...(summary ? SUMMARY_COLUMNS : DETAIL_COLUMNS)],
    record_delimiter: 'windows',
    cast: { string: neutralise },
  });
  for (const c of cleaners) {
    const who = { employee_id: c.who.id, employee: c.who.name, email: c.who.email };
    if (summary) {
      const t = c.totals;
      csv.write({
        ...who,
        period_from: period.from,
        period_to: period.to,
        hours: t.hours,
        travel_hours: t.travel_hours,
        basic_pay_pence: sumOf(c.lines, 'visit'),
        travel_pay_pence: sumOf(c.lines, 'travel'),
        charge_share_pence: t.charge_share_pence,
        holiday_pay_pence: t.holiday_pay_pence,
        top_up_pence: t.top_up_pence,
        gross_pay_pence: t.pay_pence,
        holiday_hours_accrued: t.holiday_hours_accrued,
        holiday_hours_taken: t.holiday_hours_taken,
        minimum_rate_pence: c.rate_check.minimum_rate_pence,
      });
    } else {
      for (const l of c.lines.filter((x) => x.approved)) {
        csv.write({
          ...who,
          date: l.date,
          kind: l.kind,
          reference: l.reference ?? '',
          hours: l.hours,
          rate_pence: l.rate_pence ?? '',
          pay_pence: l.pay_pence,
          note: l.note ?? '',
        });
      }
    }
  }
  csv.end();
  // A period that has ended and was exported reads "paid" on the cleaners' screens (the first export's time kept).
  if (summary && period.to < londonDate(now)) {
    await PayExport.updateOne({ _id: period.from }, { $setOnInsert: { to: period.to, exported_at: now, by: new mongoose.Types.ObjectId(by) } }, {
      upsert: true,
    });
  }
  return { stream: csv, filename: `payroll-${q.part}-${period.from}-to-${period.to}.csv` };
}
