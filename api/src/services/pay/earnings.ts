// The cleaner's own Earnings: this period so far line by line, and the earlier periods' totals (paid,
// or to be paid). Only ever the asking cleaner's: another cleaner's id is answered as not found.
import { londonDate } from '@shared/visits';
import { PAY_MSG } from '@shared/messages-pay';
import { previousPeriod, type PayPeriod } from '@shared/pay-periods';
import { pageInfo, type PageInfo } from '@shared/schemas/paging';
import type { Earnings, PeriodSummary } from '@shared/schemas/pay';
import { notFound } from '../../lib/errors';
import mongoose from 'mongoose';
import { Booking } from '../../models/Booking';
import { Employee } from '../../models/Employee';
import { PayAdjustment } from '../../models/PayAdjustment';
import { Visit } from '../../models/Visit';
import { periodAt, periodStatus, readPeriod } from './read-period';
import { paySettings } from './settings';

export async function myEarnings(employeeId: string, q: { period?: string; employee?: string; }, now: Date): Promise<Earnings> {
  if (q.employee && q.employee !== employeeId) throw notFound(PAY_MSG.cleanerNotFound);
  const settings = await paySettings();
  const period = periodAt(settings, q.period, now);
  const [mine] = await readPeriod(settings, period, employeeId);
  if (!mine) throw notFound(PAY_MSG.cleanerNotFound);
  return { period, status: await periodStatus(period, now), lines: mine.lines, totals: mine.totals, rate_check: mine.rate_check, as_of: now.toISOString() };
}

/** Periods per page of the earlier periods. */
export const PERIODS_PAGE = 6;
/** How far back the list goes (periods): ten years of weekly pay. */
const PERIODS_MAX = 520;

/** The day of the cleaner's first paid work or adjustment, when earlier than their account (work moved over from before). */
async function firstPayDay(employeeId: string, created: string): Promise<string> {
  const who = new mongoose.Types.ObjectId(employeeId);
  const [visit, booking, adjustment] = await Promise.all([
    Visit.findOne({ employee: who, work_submitted: true }, { day: 1 }).sort({ employee: 1, start: 1 }).lean(),
    Booking.findOne({ accepted_by: who, scheduledAt: { $ne: null } }, { scheduledAt: 1 }).sort({ accepted_by: 1, scheduledAt: 1 }).lean(),
    PayAdjustment.findOne({ employee: who }, { date: 1 }).sort({ employee: 1, date: 1 }).lean(),
  ]);
  return [created, visit?.day, booking?.scheduledAt ? londonDate(booking.scheduledAt) : undefined, adjustment?.date].filter((d): d is string => Boolean(d))
    .sort()[0];
}

/** The periods before the current one, newest first, back to the one the cleaner joined in. */
export async function myPeriods(employeeId: string, page: number, now: Date): Promise<{ periods: PeriodSummary[]; info: PageInfo; }> {
  const settings = await paySettings();
  const me = await Employee.findById(employeeId, { created_at: 1 }).lean();
  if (!me) throw notFound(PAY_MSG.cleanerNotFound);
  const joined = await firstPayDay(employeeId, londonDate(me.created_at));
  const all: PayPeriod[] = [];
  for (let p = previousPeriod(settings, periodAt(settings, undefined, now)); p.to >= joined && all.length < PERIODS_MAX; p = previousPeriod(settings, p)) {
    all.push(p);
  }
  const shown = all.slice((page - 1) * PERIODS_PAGE, page * PERIODS_PAGE);
  const periods: PeriodSummary[] = [];
  for (const period of shown) {
    const [mine] = await readPeriod(settings, period, employeeId);
    periods.push({ period, status: await periodStatus(period, now), totals: mine.totals });
  }
  return { periods, info: pageInfo(page, PERIODS_PAGE, all.length) };
}
