import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DELAY } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { EmployeeBooking, WorkSubmissionInput } from '../../../../../shared/schemas/employee';
import { employeeKeys } from '../keys';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { useEmployeeToast } from '../useEmployeeToast';
import { fetchMyBookings, submitWork } from './api';

/** The signed-in employee's bookings (dashboard and My Bookings share this one query). */
export function useMyBookings() {
  const { employeeId } = useEmployeeSession();
  return useQuery({
    queryKey: employeeKeys.myBookings,
    queryFn: () => fetchMyBookings(employeeId),
    // The saved copy answers at once offline; no point retrying a dead network three times first.
    retry: false,
    // Run offline too, so fetchMyBookings can fall back to the saved copy instead of pausing.
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
    mutationFn: ({ booking, input }: { booking: EmployeeBooking; input: WorkSubmissionInput }) => submitWork(booking, input),
    onSuccess: (outcome) => {
      if (outcome.status === 'queued') {
        toast.show(MSG.savedOffline, 'info', DELAY.submitSuccessMs);
        return;
      }
      toast.show(MSG.workSubmitted, 'success', DELAY.submitSuccessMs);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.stats });
    },
    onError: () => toast.show(MSG.submitWorkFailed, 'error', DELAY.toastErrorMs),
  });
}
