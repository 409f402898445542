// "An outbox item reached the server": the sender invalidates the matching TanStack Query keys on it,
// and any screen may listen (e.g. to show a toast). Plain listeners: no dependency, no global store.
// The news also crosses to the app's other tabs and from the service worker (Background Sync), over
// a BroadcastChannel: whoever sent the item, every open page refetches what changed.
import type { OutboxItem } from '../db';

/** What is told about a sent item (no request body: it may be large, and it is gone once sent). */
export type SentNotice = Pick<OutboxItem, 'id' | 'kind' | 'label'>;
type Listener = (item: SentNotice) => void;
const listeners = new Set<Listener>();
const CHANNEL = 'sparkleclean-outbox-sent';

function deliver(item: SentNotice) {
  for (const l of listeners) {
    try {
      l(item);
    } catch {
      /* one bad listener must not stop the others or the replay */
    }
  }
}

const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL);
channel?.addEventListener('message', (e: MessageEvent<SentNotice>) => deliver(e.data));
// Node (tests) would otherwise keep running for the open channel; browsers have no unref.
(channel as { unref?: () => void } | null)?.unref?.();

export function onOutboxSent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitOutboxSent(item: OutboxItem) {
  const notice: SentNotice = { id: item.id, kind: item.kind, label: item.label };
  deliver(notice);
  channel?.postMessage(notice);
}

/** Query keys whose data changes when an item of this kind is accepted by the server. */
export function queryKeysFor(item: Pick<OutboxItem, 'kind'>): readonly (readonly string[])[] {
  if (item.kind === 'booking') return [['bookings'], ['user'], ['dashboard']];
  if (item.kind === 'work') return [['employee']];
  return [];
}
