import { api, NetworkError } from '../../../lib/api';
import { submitThroughOutbox, type SubmitOutcome } from '../../../lib/outbox/submit';
import type { EmployeeBooking, WorkSubmissionInput } from '../../../../../shared/schemas/employee';
import { readOfflineBookings, saveOfflineBookings } from './offlineCache';

export interface MyBookingsData {
  bookings: EmployeeBooking[];
  /** Set when the list comes from the device because the server could not be reached. */
  savedAt?: number;
}

/**
 * GET /api/employee/my-bookings. Every good answer is saved for offline use; when the network is
 * down the saved list is returned instead (marked with savedAt), so the screen stays usable.
 */
export async function fetchMyBookings(owner: string | null): Promise<MyBookingsData> {
  try {
    const res = await api<{ bookings: EmployeeBooking[] }>('/api/employee/my-bookings', { auth: 'employee' });
    if (owner) await saveOfflineBookings(owner, res.bookings).catch(() => undefined);
    return { bookings: res.bookings };
  } catch (err) {
    if (err instanceof NetworkError && owner) {
      const saved = await readOfflineBookings(owner);
      if (saved) return saved;
    }
    throw err;
  }
}

/** Work submissions can be made offline: they go through the outbox and are replayed later. */
export const submitWork = (booking: EmployeeBooking, input: WorkSubmissionInput): Promise<SubmitOutcome<unknown>> =>
  submitThroughOutbox({
    kind: 'work',
    label: `Work hours for ${booking.customer_name} (${booking.postcode})`,
    auth: 'employee',
    path: `/api/employee/bookings/${booking.id}/submit-work`,
    json: input,
  });
