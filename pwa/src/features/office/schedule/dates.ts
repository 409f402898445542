// The schedule's dates: London calendar days, stepped by a day or a week, shown as `Mon 3 May`.
import { addDays, londonDate, weekdayOf } from '@shared/visits';

export const DAY = /^\d{4}-\d{2}-\d{2}$/;
export const today = () => londonDate(Date.now());
export const mondayOf = (date: string) => addDays(date, 1 - weekdayOf(date));
const fmt = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
/** `Mon 3 May`. */
export const dayText = (date: string) => fmt.format(new Date(`${date}T12:00:00Z`)).replace(',', '');
export const daysFrom = (from: string, n: number) => Array.from({ length: n }, (_, i) => addDays(from, i));
