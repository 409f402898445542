// "An outbox item reached the server" — the one way anything learns it: the sender invalidates the
// query keys the item's kind declared, and any screen may listen (onSent, e.g. to show a toast). Plain listeners: no dependency, no global store.
// The news also crosses to the app's other tabs and from the service worker (Background Sync), over
// a BroadcastChannel: whoever sent the item, every open page refetches what changed.
import type { OutboxItem, OutboxKind } from '../db';

/** What is told about a sent item (no request body: it may be large, and it is gone once sent). */
export type SentNotice = Pick<OutboxItem, 'id' | 'kind' | 'label' | 'meta' | 'invalidates' | 'response'>;
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
(channel as { unref?: () => void; } | null)?.unref?.();

/** Calls `listener` for every item the server accepted (of `kind`, or of any kind with null), in any tab. */
export function onSent(kind: OutboxKind | null, listener: Listener): () => void {
  const wrapped: Listener = (n) => {
    if (kind === null || n.kind === kind) listener(n);
  };
  listeners.add(wrapped);
  return () => listeners.delete(wrapped);
}

export function emitOutboxSent(item: OutboxItem) {
  const notice: SentNotice = { id: item.id, kind: item.kind, label: item.label, meta: item.meta, invalidates: item.invalidates, response: item.response };
  deliver(notice);
  channel?.postMessage(notice);
}
