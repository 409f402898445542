import { api, NetworkError } from '@/lib/api';
import { defineKind } from '@/lib/outbox/kinds';
import { submit, type SubmitOutcome } from '@/lib/outbox/submit';
import { employeeKeys } from '../keys';
import type { EmployeeBooking, WorkSubmissionInput } from '@shared/schemas/employee';
import { countsOf, readOfflinePage, saveOfflinePage, type FilterCounts, type MyBookingsFilter } from '../offlineBookings';
import { pageOf, withQuery, type Page } from '@/lib/paging';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import type { PageInfo } from '@shared/schemas/paging';

export interface MyBookingsPage extends Page<EmployeeBooking> {
  /** How many bookings each filter tab holds. */
  counts: FilterCounts;
  /** Set when the page comes from the device because the server could not be reached. */
  savedAt?: number;
}

/**
 * GET /api/employee/my-bookings, a page under one filter. Every page of the unfiltered list is saved
 * for offline use; when the network is down the saved copy answers instead (marked with savedAt), so
 * the screen stays usable.
 */
export async function fetchMyBookings(owner: string | null, status: MyBookingsFilter, page: number, limit = PAGE_LIMIT_DEFAULT): Promise<MyBookingsPage> {
  try {
    const path = withQuery('/api/employee/my-bookings', {
      status: status === 'all' ? undefined : status,
      page: page > 1 ? page : undefined,
      limit: limit === PAGE_LIMIT_DEFAULT ? undefined : limit,
    });
    const res = await api<{ bookings: EmployeeBooking[]; counts?: FilterCounts; } & Partial<PageInfo>>(path, { auth: 'employee' });
    const got = pageOf(res.bookings, res, page);
    // Only full-size pages of the whole list make the copy (the dashboard's short page would cut it).
    if (owner && status === 'all' && limit === PAGE_LIMIT_DEFAULT) await saveOfflinePage(owner, got).catch(() => undefined);
    return { ...got, counts: res.counts ?? countsOf(got.items) };
  } catch (err) {
    if (err instanceof NetworkError && owner) {
      const saved = await readOfflinePage(owner, status, page, limit);
      if (saved) return saved;
    }
    throw err;
  }
}

/** Work submissions can be made offline: they go through the outbox and are replayed later. */
export const workKind = defineKind({
  kind: 'work',
  auth: 'employee',
  label: ({ booking }: { booking: EmployeeBooking; input: WorkSubmissionInput; }) => `Work hours for ${booking.customer_name} (${booking.postcode})`,
  request: ({ booking, input }) => ({ path: `/api/employee/bookings/${encodeURIComponent(booking.id)}/submit-work`, json: input }),
  // My Bookings reads this to show 'Waiting to send' instead of a second Submit Work.
  meta: ({ booking }) => ({ bookingId: booking.id }),
  invalidates: [employeeKeys.myBookings, employeeKeys.stats],
});

/** Corrected hours for a submission the office queried (online only: the person answers a question). */
export const correctWork = (bookingId: string, input: WorkSubmissionInput) =>
  api(`/api/employee/work-submissions/${encodeURIComponent(bookingId)}`, { method: 'PUT', auth: 'employee', json: { completion_notes: '', ...input } });

export const submitWork = (booking: EmployeeBooking, input: WorkSubmissionInput): Promise<SubmitOutcome<unknown>> => submit(workKind, { booking, input });
