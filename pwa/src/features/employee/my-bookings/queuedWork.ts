// Which bookings already have work waiting in the outbox (sent later by the outbox replay), so Submit
// Work is not offered twice — even after a reload. Once sent, the item leaves this list and the
// outbox refetches the bookings it declared (workKind.invalidates).
import { useMemo } from 'react';
import { useQueued } from '@/lib/outbox/useQueued';

export function useQueuedWork(): ReadonlySet<string> {
  const items = useQueued('work');
  return useMemo(() => new Set(items.map((i) => i.meta.bookingId)), [items]);
}
