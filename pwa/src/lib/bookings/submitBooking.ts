// Sends a finished wizard through the outbox, so nothing typed is lost on a dropped connection: the
// phone and address for the profile when the customer ticked "save as my details" (best effort: its
// failure is ignored — it never fails the booking), then the booking, which carries the same address and phone itself (what the cleaner sees of this
// booking must not change when the profile does). Both are queued before either is tried; the
// booking goes after the profile update, whichever context (page or service worker) sends them.
import { MSG } from '@shared/messages';
import { formatPostcode } from '@shared/postcode';
import type { PublicUser } from '@shared/schemas/auth';
import type { Booking, BookingCreateInput, WizardInput } from '@shared/schemas/bookings';
import { ApiError } from '@/lib/api';
import { customerSession } from '@/lib/session';
import { userKeys, userPaths } from '@/lib/queryKeys';
import { defineKind } from '@/lib/outbox/kinds';
import { discardItem, enqueue } from '@/lib/outbox/store';
import { submit } from '@/lib/outbox/submit';
import { sendOne } from '@/lib/outbox/send';

export type BookingOutcome = { status: 'sent'; bookingId?: string; booking?: Booking; } | { status: 'queued'; id: string; };

export const profileKind = defineKind({
  kind: 'profile',
  auth: 'customer',
  label: () => 'Your phone and address',
  request: (json: { phone: string; address: string; }) => ({ method: 'PUT', path: userPaths.profile, json }),
  meta: () => ({}),
  invalidates: [userKeys.profile],
});

export const bookingKind = defineKind({
  kind: 'booking',
  auth: 'customer',
  label: (b: BookingCreateInput) => `Booking for ${formatPostcode(b.postcode)}`,
  request: (json) => ({ path: userPaths.bookings, json }),
  // What the customer's bookings list shows for it while it waits.
  meta: (b) => ({ postcode: b.postcode, cleaningType: b.cleaningType, propertyType: b.propertyType, bestDays: b.bestDays }),
  invalidates: [userKeys.bookings, userKeys.dashboard],
});

/** The profile update, tried now; whatever happens to it, the booking goes on. */
async function sendProfileNow(id: string): Promise<void> {
  try {
    const res = await sendOne(id);
    if (res.status !== 'done') return;
    if (res.item.state === 'sent') {
      const user = (res.item.response as { user?: PublicUser; } | undefined)?.user;
      if (user) customerSession.saveUser(user);
    }
    // Sent (shown by the booking's result) or refused (ignored): nothing left to keep.
    if (res.item.state === 'sent' || res.item.state === 'failed') await discardItem(id);
  } catch {
    // The wizard's profile update is best effort; the outbox still holds it if it waits.
  }
}

export async function submitBooking(input: WizardInput): Promise<BookingOutcome> {
  const { phoneNumber, address, saveToProfile, ...answers } = input;
  // The profile changes only when the customer ticked "save as my details".
  let after: string | undefined;
  if (saveToProfile) {
    const profile = await enqueue(profileKind, { phone: phoneNumber, address });
    await sendProfileNow(profile.id);
    after = profile.id;
  }
  const out = await submit<{ bookingId?: string; booking?: Booking; }>(bookingKind, { ...answers, phone: phoneNumber, address }, after ? { after } : {});
  return out.status === 'sent' ? { status: 'sent', bookingId: out.body.bookingId, booking: out.body.booking } : out;
}

/** A refused booking shows the server's words or 'Booking failed…'; anything else the generic text. */
export function bookingErrorMessage(err: unknown): string {
  if (err instanceof ApiError && err.status < 500) {
    return err.serverMessage ?? MSG.bookingFailed;
  }
  return MSG.bookingError;
}
