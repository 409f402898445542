// The booking a visitor finished while signed out: kept in IndexedDB, sent once after sign-in.
// In lib/ because two features use it: the wizard saves it, every sign-in (features/auth) sends it.
import { wizardSchema, type WizardInput } from '@shared/schemas/bookings';
import { db } from '@/lib/db';
import { pendingBookingMark } from '@/lib/session';
import { userKeys } from '@/lib/queryKeys';
import { submitBooking, bookingErrorMessage, type BookingOutcome } from './submitBooking';

export async function savePendingBooking(answers: WizardInput): Promise<void> {
  await db.pendingBooking.put({ id: 'current', answers: { ...answers }, savedAt: Date.now() });
  pendingBookingMark.set();
}

/**
 * Reads and deletes the row in one transaction, so two tabs signing in at once cannot both send it.
 * Whoever gets the row owns it; from then on the outbox keeps it safe.
 */
export async function takePendingBooking(): Promise<WizardInput | null> {
  const row = await db.transaction('rw', db.pendingBooking, async () => {
    const found = await db.pendingBooking.get('current');
    if (found) await db.pendingBooking.delete('current');
    return found;
  });
  pendingBookingMark.clear();
  if (!row) return null;
  const parsed = wizardSchema.safeParse(row.answers);
  return parsed.success ? parsed.data : null;
}

export type PendingResult = { outcome: BookingOutcome; answers: WizardInput; } | { error: string; } | null;

/** Sends the pending booking if there is one; null when there was none. */
export async function submitPendingBooking(): Promise<PendingResult> {
  const answers = await takePendingBooking();
  if (!answers) return null;
  try {
    return { outcome: await submitBooking(answers), answers };
  } catch (err) {
    return { error: bookingErrorMessage(err) };
  }
}

/** For the sign-in success paths: send the pending booking, then refresh the customer's data. */
export async function sendPendingBooking(): Promise<PendingResult> {
  const result = await submitPendingBooking();
  if (result) {
    const { queryClient } = await import('@/lib/queryClient');
    await queryClient.invalidateQueries({ queryKey: userKeys.all });
  }
  return result;
}
