// My Bookings server state: one query per resource, mutations that refresh it (spec §7).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Booking, BookingUpdateInput } from '../../../../shared/schemas/bookings';
import { api, NetworkError } from '../../lib/api';
import { userKeys } from '../../lib/queryKeys';
import { useQueued } from '../../lib/outbox/useQueued';
import { loadMyBookings, saveMyBookings } from '../../lib/offline-data';

export const bookingsKey = userKeys.bookings;

export interface BookingsData {
  bookings: Booking[];
  /** Set when the list comes from this device's saved copy because the server could not be reached. */
  offlineSavedAt: number | null;
}

async function fetchBookings(userId: string): Promise<BookingsData> {
  try {
    const r = await api<{ bookings: Booking[] }>('/api/user/bookings', { auth: 'customer' });
    const bookings = r.bookings ?? [];
    await saveMyBookings(userId, bookings).catch(() => {});
    return { bookings, offlineSavedAt: null };
  } catch (err) {
    if (!(err instanceof NetworkError)) throw err;
    const saved = await loadMyBookings<Booking>(userId).catch(() => ({ bookings: [], savedAt: null }));
    // No copy on this device: let the page say it needs the server rather than show an empty list.
    if (saved.savedAt === null) throw err;
    return { bookings: saved.bookings, offlineSavedAt: saved.savedAt };
  }
}

export function useBookings(userId: string) {
  return useQuery({ queryKey: [...bookingsKey, userId], queryFn: () => fetchBookings(userId), retry: false });
}

export function useUpdateBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: string; changes: BookingUpdateInput }) =>
      api<{ booking: Booking; message?: string }>(`/api/user/bookings/${encodeURIComponent(id)}`, { method: 'PUT', auth: 'customer', json: changes }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }),
  });
}

export function useDeleteBooking() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message?: string }>(`/api/user/bookings/${encodeURIComponent(id)}`, { method: 'DELETE', auth: 'customer' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['user'] }),
  });
}

/** Bookings made on this device that the server has not accepted yet (the outbox), kept live. */
export const useQueuedBookings = () => useQueued('booking');
