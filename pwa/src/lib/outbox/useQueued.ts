import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db, type OutboxItem, type OutboxKind } from '../db';
import { onSessionChange } from '../session';
import { withDb } from './connection';
import type { OutboxMeta, QueuedItem } from './kinds';
import { WAITING_STATES } from './state';
import { currentAudiences } from './token-mark';

/**
 * The signed-in person's items of `kind` still on their way (queued, sending, waiting for a sign-in),
 * oldest first, whose metadata matches `filter`; kept live across tabs. Nobody else's items: on a
 * shared device the next person sees none of them. An item that leaves this list was either sent
 * (onSent says so) or refused (the Outbox page shows it).
 */
export function useQueued<K extends OutboxKind>(kind: K, filter?: Partial<OutboxMeta[K]>): QueuedItem<K>[] {
  const [items, setItems] = useState<QueuedItem<K>[]>([]);
  const filterKey = JSON.stringify(filter ?? {});
  useEffect(() => {
    const wanted = Object.entries(JSON.parse(filterKey) as Record<string, string>);
    let sub: { unsubscribe(): void } | undefined;
    const subscribe = () => {
      sub?.unsubscribe();
      const keys = currentAudiences().flatMap((a) => WAITING_STATES.map((s) => [a, kind, s]));
      sub = liveQuery(() => withDb(() => db.outbox.where('[audience+kind+state]').anyOf(keys).toArray())).subscribe({
        next: (rows: OutboxItem[]) =>
          setItems(
            rows
              .filter((r) => wanted.every(([k, v]) => r.meta?.[k] === v))
              .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
              .map((r) => ({ id: r.id, kind, label: r.label, state: r.state, createdAt: r.createdAt, meta: (r.meta ?? {}) as OutboxMeta[K] })),
          ),
        error: () => setItems([]),
      });
    };
    subscribe();
    // Another person signing in sees their own items, not the last person's.
    const off = onSessionChange(subscribe);
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, [kind, filterKey]);
  return items;
}
