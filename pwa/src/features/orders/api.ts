// My Bookings server state: one query per resource, mutations that refresh it (spec §7).
import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import type { Booking, BookingUpdateInput } from '../../../../shared/schemas/bookings';
import { api, NetworkError } from '../../lib/api';
import { db, type OutboxItem } from '../../lib/db';
import { loadMyBookings, saveMyBookings } from '../../lib/offline-data';

export const bookingsKey = ['user', 'bookings'] as const;

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
export function useQueuedBookings(): OutboxItem[] {
  const [items, setItems] = useState<OutboxItem[]>([]);
  const qc = useQueryClient();
  useEffect(() => {
    let previous = -1;
    const sub = liveQuery(() => db.outbox.where('kind').equals('booking').filter((i) => i.state === 'queued' || i.state === 'sending' || i.state === 'needs-sign-in').toArray()).subscribe({
      next: (list) => {
        // One fewer waiting means one was delivered: the server list has changed.
        if (previous > list.length) void qc.invalidateQueries({ queryKey: ['user'] });
        previous = list.length;
        setItems(list);
      },
      error: () => setItems([]),
    });
    return () => sub.unsubscribe();
  }, [qc]);
  return items;
}
