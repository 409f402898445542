// Sends a finished wizard: phone and address to the profile (a failure is ignored, spec §4), then the
// booking itself through the outbox so a dropped connection keeps it queued instead of losing it.
import { MSG } from '../../../../shared/messages';
import type { PublicUser } from '../../../../shared/schemas/auth';
import type { Booking, WizardInput } from '../../../../shared/schemas/bookings';
import { api, ApiError } from '../../lib/api';
import { customerSession } from '../../lib/session';
import { submitThroughOutbox } from '../../lib/outbox/submit';

export type BookingOutcome = { status: 'sent'; bookingId?: string; booking?: Booking } | { status: 'queued'; id: string };

export async function submitBooking(input: WizardInput): Promise<BookingOutcome> {
  const { phoneNumber, address, ...booking } = input;
  try {
    const r = await api<{ user?: PublicUser }>('/api/user/profile', { method: 'PUT', auth: 'customer', json: { phone: phoneNumber, address } });
    if (r.user) customerSession.saveUser(r.user);
  } catch {
    // Spec §4: the wizard's profile update is best effort.
  }
  const out = await submitThroughOutbox<{ bookingId?: string; booking?: Booking }>({
    kind: 'booking',
    label: `Booking for ${booking.postcode}`,
    path: '/api/user/bookings',
    auth: 'customer',
    json: booking,
  });
  return out.status === 'sent' ? { status: 'sent', bookingId: out.body.bookingId, booking: out.body.booking } : out;
}

/** Spec §8: a refused booking shows the server's words or 'Booking failed…'; anything else the generic text. */
export function bookingErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status < 500) {
    return err.message && !err.message.startsWith('Request failed') ? err.message : MSG.bookingFailed;
  }
  return MSG.bookingError;
}
