// The price in the customer's mails: the agreement block of the "booking received" mail, and the
// office's confirmed or changed price per visit. Sending never fails the request: failures are logged.
import type { Company } from '@shared/company';
import { PRICE_MSG } from '@shared/messages-prices';
import { formatDay } from '@shared/when';
import { londonWallTime } from '@shared/when';
import type { Deps } from '../../deps';
import { notify, type NotifyDeps } from '../../notify/notify';
import type { BookingDoc } from '../../models/Booking';
import { cancelPeriodEnds } from '../../models/booking-agreement-view';
import { User } from '../../models/User';
import { currentCompany } from '../office/company';
import { setBookingPrice } from '../bookings/booking-agreement';

/** Where the model cancellation form is (a section of the terms page). */
export const MODEL_FORM_PATH = '/terms#cancellation-form';

type Priced = Pick<BookingDoc, 'created_at' | 'quote' | 'price_pence' | 'start_within_14_days'>;

/** The agreement as the confirmation mail writes it: price, cancellation rule, trader, the 14-day right. */
export function agreementText(co: Company, b: Priced, config: Pick<Deps['config'], 'visitChangeCutoff' | 'lateChangeChargePercent' | 'publicUrl'>): string {
  const quote = b.quote as { pence_per_4_weeks?: number; } | undefined;
  const price = b.price_pence ? PRICE_MSG.priceLine(b.price_pence, quote?.pence_per_4_weeks ?? null) : PRICE_MSG.priceToConfirm;
  const ends = cancelPeriodEnds(b.created_at);
  const endsAt = londonWallTime(ends, '23:59') ?? Date.parse(ends);
  return PRICE_MSG.agreementMail({
    price,
    rule: PRICE_MSG.cancellationRule(config.visitChangeCutoff, config.lateChangeChargePercent),
    trader: PRICE_MSG.trader(co.legalName || co.name, co.address, co.email, co.companyNumber),
    periodEnds: formatDay(endsAt, 0),
    startEarly: Boolean(b.start_within_14_days),
    formUrl: `${config.publicUrl ?? ''}${MODEL_FORM_PATH}`,
  });
}

/** "Your price for booking SC-…": the office confirmed or changed the price per visit. */
export async function sendPriceChangedMail(
  deps: NotifyDeps,
  booking: Pick<BookingDoc, '_id' | 'user' | 'reference'>,
  before: number | null,
  after: number,
): Promise<boolean> {
  try {
    const [customer, co] = await Promise.all([User.findById(booking.user, { email: 1, name: 1 }).lean(), currentCompany()]);
    if (!customer) return false;
    const ref = booking.reference ?? '';
    const text = PRICE_MSG.priceChangedMail(customer.name, PRICE_MSG.priceChanged(ref, before, after), `${co.name} · ${co.phone} · ${co.email}`);
    await notify(deps, { type: 'customer', id: String(booking.user) }, 'changes', { subject: PRICE_MSG.priceChangedSubject(ref), text, url: '/orders' });
    return true;
  } catch (err) {
    deps.log.error({ err, bookingId: String(booking._id) }, 'price mail could not be sent');
    return false;
  }
}

/** The office's change of a booking's price per visit, told to its customer when it changed (the route audits it). */
export async function changePriceAndTell(deps: NotifyDeps, bookingId: string, pence: number, now: Date) {
  const changed = await setBookingPrice(bookingId, pence, now);
  if (changed.before !== pence) void sendPriceChangedMail(deps, changed.booking, changed.before, pence);
  return changed;
}

/** The office confirms or changes the price per visit; the customer is mailed when it changed. */
export async function confirmPrice(deps: NotifyDeps, bookingId: string, pence: number, now: Date): Promise<void> {
  const { booking, before } = await setBookingPrice(bookingId, pence, now);
  if (before !== pence) void sendPriceChangedMail(deps, booking, before, pence);
}
