// Holiday taken, paid at the cleaner's average hourly pay: the last 52 weeks with paid work before the
// holiday's week (looking back at most 104 weeks), or every such week so far (shared/pay-rules.ts).
// The pay is fixed when the office records it, so a later approval does not change a paid line.
import { addDays } from '@shared/visits';
import { HOLIDAY_AVERAGE_WEEKS, averageHourlyPence, pencePerMinutes, weekOf, type WeekPay } from '@shared/pay-rules';
import type { PaySettings } from '@shared/pay-periods';
import { ratesOf } from './rates';
import { workRows } from './work';

/** Pay for time worked and the minutes, per week (its Monday), of the approved work before `date`'s week. */
export async function weeksBefore(settings: PaySettings, employeeId: string, date: string): Promise<WeekPay[]> {
  const to = addDays(weekOf(date), -1);
  const rows = (await workRows(addDays(weekOf(date), -HOLIDAY_AVERAGE_WEEKS * 2 * 7), to, employeeId)).filter((r) => r.approved);
  const rateOn = await ratesOf([employeeId]);
  const weeks = new Map<string, WeekPay>();
  for (const r of rows) {
    const rate = rateOn(employeeId, r.day) ?? 0;
    const travelRate = settings.travel_rate_pence ?? rate;
    const w = weeks.get(weekOf(r.day)) ?? { week: weekOf(r.day), pay_pence: 0, minutes: 0 };
    w.pay_pence += pencePerMinutes(r.minutes, rate) + pencePerMinutes(r.travel.minutes, travelRate);
    w.minutes += r.minutes + r.travel.minutes;
    weeks.set(w.week, w);
  }
  return [...weeks.values()];
}

/** The hourly average for holiday taken on `date` (null: no paid week yet). */
export async function holidayRateOn(settings: PaySettings, employeeId: string, date: string): Promise<number | null> {
  return averageHourlyPence(await weeksBefore(settings, employeeId, date), date);
}
