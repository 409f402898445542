// A booking as its customer sees it: what the bookings list, the booking screen and the data export show.
import type { Booking as BookingDto } from '@shared/schemas/bookings';
import { firstName } from '@shared/names';
import type { BookingDoc } from '../../models/Booking';
import { agreementView } from '../../models/booking-agreement-view';
import type { StateView } from './state-view';

/**
 * A booking as its customer sees it; `cleanerName` is its cleaner's name when one accepted it, `state`
 * what it is now (state-view.ts), worded for the customer.
 */
export function customerBooking(b: BookingDoc, cleanerName: string | undefined, state: StateView): BookingDto {
  return {
    id: String(b._id),
    reference: b.reference ?? '',
    scheduledAt: b.scheduledAt ? b.scheduledAt.toISOString() : null,
    propertyType: b.propertyType,
    frequency: b.frequency,
    bedrooms: b.bedrooms,
    bathrooms: b.bathrooms,
    receptions: b.receptions,
    cleaningType: b.cleaningType,
    hasCleaner: b.hasCleaner,
    bestDays: b.bestDays,
    supplies: b.supplies,
    hiringLikelihood: b.hiringLikelihood,
    postcode: b.postcode,
    address: b.address ?? undefined,
    phone: b.phone ?? undefined,
    status: (b.status ?? 'pending') as BookingDto['status'],
    created_at: b.created_at.toISOString(),
    ...(cleanerName && (b.status === 'accepted' || b.status === 'completed') ? { cleaner_first_name: firstName(cleanerName) } : {}),
    ...(b.status === 'rejected' && b.cancel_reason ? { cancel_reason: b.cancel_reason } : {}),
    ...agreementView(b),
    ...state,
  };
}
