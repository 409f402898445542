import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { DELAY } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { EmployeeBooking } from '../../../../../shared/schemas/employee';
import { employeeKeys } from '../keys';
import { useEmployeeToast } from '../useEmployeeToast';
import { acceptBooking, fetchAvailable } from './api';

export function useAvailableBookings() {
  return useQuery({ queryKey: employeeKeys.available, queryFn: fetchAvailable });
}

/** Accept: the card leaves the list at once (optimistic); a failure puts it back and says why. */
export function useAcceptBooking() {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    mutationFn: (booking: EmployeeBooking) => acceptBooking(booking.id),
    onMutate: async (booking) => {
      await queryClient.cancelQueries({ queryKey: employeeKeys.available });
      const before = queryClient.getQueryData<EmployeeBooking[]>(employeeKeys.available);
      queryClient.setQueryData<EmployeeBooking[]>(employeeKeys.available, (list) => list?.filter((b) => b.id !== booking.id));
      return { before };
    },
    onSuccess: () => toast.show(MSG.accepted, 'success', DELAY.acceptSuccessMs),
    onError: (err, _booking, context) => {
      if (context?.before) queryClient.setQueryData(employeeKeys.available, context.before);
      toast.show(errorMessage(err, MSG.acceptFailed), 'error', DELAY.toastErrorMs);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: employeeKeys.available });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.stats });
    },
  });
}
