import { api, NetworkError } from '../../../lib/api';
import { defineKind } from '../../../lib/outbox/kinds';
import { submit, type SubmitOutcome } from '../../../lib/outbox/submit';
import { employeeKeys } from '../keys';
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
export const workKind = defineKind({
  kind: 'work',
  auth: 'employee',
  label: ({ booking }: { booking: EmployeeBooking; input: WorkSubmissionInput }) => `Work hours for ${booking.customer_name} (${booking.postcode})`,
  request: ({ booking, input }) => ({ path: `/api/employee/bookings/${encodeURIComponent(booking.id)}/submit-work`, json: input }),
  // My Bookings reads this to show 'Waiting to send' instead of a second Submit Work.
  meta: ({ booking }) => ({ bookingId: booking.id }),
  invalidates: [employeeKeys.myBookings, employeeKeys.stats],
});

export const submitWork = (booking: EmployeeBooking, input: WorkSubmissionInput): Promise<SubmitOutcome<unknown>> => submit(workKind, { booking, input });
