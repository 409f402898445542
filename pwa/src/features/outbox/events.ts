// "An outbox item reached the server": the sender invalidates the matching TanStack Query keys on it,
// and any screen may listen (e.g. to show a toast). Plain listeners: no dependency, no global store.
import type { OutboxItem } from '../../lib/db';

type Listener = (item: OutboxItem) => void;
const listeners = new Set<Listener>();

export function onOutboxSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitOutboxSent(item: OutboxItem) {
  for (const l of listeners) {
    try {
      l(item);
    } catch {
      /* one bad listener must not stop the others or the replay */
    }
  }
}

/** Query keys whose data changes when an item of this kind is accepted by the server. */
export function queryKeysFor(item: Pick<OutboxItem, 'kind'>): readonly (readonly string[])[] {
  if (item.kind === 'booking') return [['bookings'], ['user'], ['dashboard']];
  if (item.kind === 'work') return [['employee']];
  return [];
}
