import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD_RECENT, DELAY } from '@shared/constants';
import { nextPageParam } from '@/lib/paging';
import type { MyBookingsFilter } from '../offlineBookings';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBooking, WorkSubmissionInput } from '@shared/schemas/employee';
import { employeeKeys } from '../keys';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { useEmployeeToast } from '../useEmployeeToast';
import { fetchMyBookings, submitWork } from './api';

/** The signed-in employee's bookings under one filter, a page at a time (Load more asks for the next). */
export function useMyBookings(status: MyBookingsFilter) {
  const { employeeId } = useEmployeeSession();
  return useInfiniteQuery({
    queryKey: employeeKeys.myBookingsPages(status),
    queryFn: ({ pageParam }) => fetchMyBookings(employeeId, status, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // Switching tabs keeps the rows on screen until the other filter's answer arrives.
    placeholderData: keepPreviousData,
    // The saved copy answers at once offline; no point retrying a dead network three times first.
    retry: false,
    // Run offline too, so fetchMyBookings can fall back to the saved copy instead of pausing.
    networkMode: 'always',
  });
}

/** The dashboard's most recent bookings: the first few of the list, one short page. */
export function useRecentBookings() {
  const { employeeId } = useEmployeeSession();
  return useQuery({
    queryKey: employeeKeys.recentBookings,
    queryFn: () => fetchMyBookings(employeeId, 'all', 1, DASHBOARD_RECENT),
    retry: false,
    networkMode: 'always',
  });
}

/**
 * Submit Work through the outbox. Sent → the spec's success toast and the list reloads (showing the
 * hours and notes); queued while offline → MSG.savedOffline, and the booking shows 'Waiting to send'.
 */
export function useSubmitWork() {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    // Offline submissions must reach the outbox, not wait in a paused mutation.
    networkMode: 'always',
    mutationFn: ({ booking, input }: { booking: EmployeeBooking; input: WorkSubmissionInput; }) => submitWork(booking, input),
    onSuccess: (outcome) => {
      if (outcome.status === 'queued') {
        toast.show(MSG.savedOffline, 'info', DELAY.submitSuccessMs);
        return;
      }
      toast.show(STAFF_MSG.workSubmitted, 'success', DELAY.submitSuccessMs);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.stats });
    },
    onError: () => toast.show(STAFF_MSG.submitWorkFailed, 'error', DELAY.toastErrorMs),
  });
}
