// My Bookings server state: one query per resource, mutations that refresh it.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingUpdateInput } from '@shared/schemas/bookings';
import type { PageInfo } from '@shared/schemas/paging';
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import { nextPageParam, pageOf, withQuery, type Page } from '@/lib/paging';
import { api, NetworkError } from '@/lib/api';
import { userKeys, userPaths } from '@/lib/queryKeys';
import { useQueued } from '@/lib/outbox/useQueued';
import { loadMyBookings, saveMyBookings } from '@/lib/offline-data';

export const bookingsKey = userKeys.bookings;

/** Keys of this screen's queries, all under bookingsKey (what a change to a booking refreshes). */
export const orderKeys = {
  pages: (userId: string) => [...bookingsKey, userId, 'pages'] as const,
};

export interface BookingsPage extends Page<Booking> {
  /** Set when the page comes from this device's saved copy because the server could not be reached. */
  offlineSavedAt: number | null;
}

/** A page of my bookings, newest first; each page answered is saved for offline use. */
async function fetchBookings(userId: string, page: number): Promise<BookingsPage> {
  try {
    const r = await api<{ bookings: Booking[]; } & Partial<PageInfo>>(withQuery(userPaths.bookings, { page: page > 1 ? page : undefined }), {
      auth: 'customer',
    });
    const got = pageOf(r.bookings, r, page);
    await saveMyBookings(userId, got).catch(() => {});
    return { ...got, offlineSavedAt: null };
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const saved = await loadMyBookings<Booking>(userId, page, PAGE_LIMIT_DEFAULT).catch(() => null);
    // No copy on this device: let the page say it needs the server rather than show an empty list.
    if (!saved) throw err;
    return { ...saved, offlineSavedAt: saved.savedAt };
  }
}

/** My bookings a page at a time (Load more asks for the next), online or from the saved copy. */
export function useBookings(userId: string) {
  return useInfiniteQuery({
    queryKey: orderKeys.pages(userId),
    queryFn: ({ pageParam }) => fetchBookings(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    retry: false,
  });
}

export function useUpdateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BookingUpdateInput; }) =>
      api<{ booking: Booking; message?: string; }>(userPaths.booking(id), { method: 'PUT', auth: 'customer', json: changes }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export function useDeleteBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message?: string; }>(userPaths.booking(id), { method: 'DELETE', auth: 'customer' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** Bookings made on this device that the server has not accepted yet (the outbox), kept live. */
export const useQueuedBookings = () => useQueued('booking');
