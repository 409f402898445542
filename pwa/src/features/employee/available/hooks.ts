import { keepPreviousData, useInfiniteQuery, useMutation, useQueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { DELAY } from '@shared/constants';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBooking } from '@shared/schemas/employee';
import { employeeKeys } from '../keys';
import { useEmployeeToast } from '../useEmployeeToast';
import { nextPageParam, type Page } from '@/lib/paging';
import { acceptBooking, fetchAvailable } from './api';
import type { TypeFilter } from './typeFilter';

type Pages = InfiniteData<Page<EmployeeBooking>>;
/** Every loaded page of every type filter. */
const ALL_PAGES = { queryKey: [...employeeKeys.available, 'pages'] };

/** The available bookings of one type, a page at a time (Load more asks for the next). */
export function useAvailableBookings(type: TypeFilter) {
  return useInfiniteQuery({
    queryKey: employeeKeys.availablePages(type),
    queryFn: ({ pageParam }) => fetchAvailable(type, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
  });
}

/** The lists without `id`, counts one lower wherever it was shown. */
const without = (id: string) => (data: Pages | undefined): Pages | undefined => {
  if (!data?.pages.some((p) => p.items.some((b) => b.id === id))) return data;
  return { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((b) => b.id !== id), total: Math.max(0, p.total - 1) })) };
};

/** Accept: the card leaves the list at once (optimistic); a failure puts it back and says why. */
export function useAcceptBooking() {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    mutationFn: (booking: EmployeeBooking & { first_visit?: { date: string; time: string; }; }) => acceptBooking(booking.id, booking.first_visit),
    onMutate: async (booking) => {
      await queryClient.cancelQueries(ALL_PAGES);
      const before: [QueryKey, Pages | undefined][] = queryClient.getQueriesData<Pages>(ALL_PAGES);
      queryClient.setQueriesData<Pages>(ALL_PAGES, without(booking.id));
      return { before };
    },
    onSuccess: () => toast.show(STAFF_MSG.accepted, 'success', DELAY.acceptSuccessMs),
    onError: (err, _booking, context) => {
      for (const [key, data] of context?.before ?? []) queryClient.setQueryData(key, data);
      toast.show(errorMessage(err, STAFF_MSG.acceptFailed), 'error', DELAY.toastErrorMs);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: employeeKeys.available });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      void queryClient.invalidateQueries({ queryKey: employeeKeys.stats });
    },
  });
}
