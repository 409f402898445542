// Which days are not working days, where: the bank holidays of each region (shared/bank-holidays.json
// through shared/bank-holidays.ts) and the company's own closed days, plus the visits each touches.
import { holidaysBetween, regionOfPostcode, type BankHolidayFile, type BankHolidayRegion } from '@shared/bank-holidays';
import { addDays, weekdayOf } from '@shared/visits';
import type { ClosedDaysDto } from '@shared/schemas/schedule';
import data from '@shared/bank-holidays.json';
import { ClosedDays } from '../../models/ClosedDays';

export const BANK_HOLIDAYS = data as BankHolidayFile;
export type Overrides = Record<string, BankHolidayRegion>;

export const closedDto = (c: { _id: unknown; from: string; to: string; note: string; }): ClosedDaysDto => ({
  id: String(c._id),
  from: c.from,
  to: c.to,
  note: c.note,
});

/** The closed days overlapping from–to. */
export async function closedBetween(from: string, to: string): Promise<ClosedDaysDto[]> {
  const rows = await ClosedDays.find({ to: { $gte: from }, from: { $lte: to } }).sort({ from: 1 }).limit(500).lean();
  return rows.map(closedDto);
}

/** Every date from–to that is closed. */
export function closedDates(closed: ClosedDaysDto[], from: string, to: string): Set<string> {
  const out = new Set<string>();
  for (const c of closed) for (let d = c.from < from ? from : c.from; d <= c.to && d <= to; d = addDays(d, 1)) out.add(d);
  return out;
}

/** date → the regions with a bank holiday on it. */
export function holidayRegions(from: string, to: string): Map<string, Set<string>> {
  return new Map(holidaysBetween(BANK_HOLIDAYS, from, to).map((h) => [h.date, new Set<string>(h.regions)]));
}

/** Whether a visit at `postcode` on `date` falls on its region's bank holiday. */
export const onHoliday = (holidays: Map<string, Set<string>>, date: string, postcode: string, overrides: Overrides) =>
  holidays.get(date)?.has(regionOfPostcode(postcode, overrides)) ?? false;

/** The next working day after `date` at `postcode`: not a weekend, a bank holiday there, a closed day, nor in `taken`. */
export async function nextWorkingDay(date: string, postcode: string, overrides: Overrides, taken: Set<string> = new Set()): Promise<string> {
  const horizon = addDays(date, 60);
  const holidays = holidayRegions(date, horizon);
  const closed = closedDates(await closedBetween(date, horizon), date, horizon);
  let d = addDays(date, 1);
  while (d < horizon && (weekdayOf(d) >= 6 || onHoliday(holidays, d, postcode, overrides) || closed.has(d) || taken.has(d))) d = addDays(d, 1);
  return d;
}
