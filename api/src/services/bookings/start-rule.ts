// The 14-day rule of the customer's agreement (Consumer Contracts Regulations 2013), written once: the
// create and edit paths of a booking and the first visit a cleaner or the office sets all ask it.
import type { BookingCreateInput } from '@shared/schemas/bookings';
import { PRICE_MSG } from '@shared/messages-prices';
import { addDays, londonDate } from '@shared/visits';
import { badRequest } from '../../lib/errors';

/** The first London date a booking made at `bookedAt` may start on without the express request (day 15). */
export const firstDayWithoutRequest = (bookedAt: Date): string => addDays(londonDate(bookedAt), 15);

/**
 * The 14-day rule, the one place it is written: a first visit before the 15th day after booking
 * (London dates) needs the customer's express request. Bookings made before quotes existed (no
 * agreement) are left as they were.
 */
export function startsTooEarly(b: { created_at: Date; quote?: unknown; start_within_14_days?: boolean | null; }, firstDay: string): boolean {
  return Boolean(b.quote) && !b.start_within_14_days && firstDay < firstDayWithoutRequest(b.created_at);
}

/**
 * The customer's side of the rule (create, and editing a pending booking's date): 400 and nothing
 * stored without the tick. A free-text time names no date: nothing to check yet.
 */
export function checkStartWithin14Days(input: Pick<BookingCreateInput, 'start_within_14_days'>, firstVisit: Date | null, bookedAt: Date): void {
  if (!firstVisit) return;
  if (startsTooEarly({ created_at: bookedAt, quote: true, start_within_14_days: input.start_within_14_days }, londonDate(firstVisit))) {
    throw badRequest(PRICE_MSG.startEarlyRequired, { errors: { start_within_14_days: PRICE_MSG.startEarlyRequired } });
  }
}
