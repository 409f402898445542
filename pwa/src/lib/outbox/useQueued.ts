import { db, type OutboxItem, type OutboxKind } from '../db';
import { withDb } from './connection';
import type { OutboxMeta, QueuedItem } from './kinds';
import { WAITING_STATES } from './state';
import { useSessionLiveQuery } from './useSessionLiveQuery';

/**
 * The signed-in person's items of `kind` still on their way (queued, sending, waiting for a sign-in),
 * oldest first, whose metadata matches `filter`; kept live across tabs. Nobody else's items: on a
 * shared device the next person sees none of them. An item that leaves this list was either sent
 * (onSent says so) or refused (the Outbox page shows it).
 */
export function useQueued<K extends OutboxKind>(kind: K, filter?: Partial<OutboxMeta[K]>): QueuedItem<K>[] {
  const filterKey = JSON.stringify(filter ?? {});
  return useSessionLiveQuery<OutboxItem[], QueuedItem<K>[]>(
    [],
    [],
    (audiences) => {
      const wanted = Object.entries(JSON.parse(filterKey) as Record<string, string>);
      const keys = audiences.flatMap((a) => WAITING_STATES.map((s) => [a, kind, s]));
      return {
        read: () => withDb(() => db.outbox.where('[audience+kind+state]').anyOf(keys).toArray()),
        show: (rows) =>
          rows
            .filter((r) => wanted.every(([k, v]) => r.meta?.[k] === v))
            .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0))
            .map((r) => ({ id: r.id, kind, label: r.label, state: r.state, createdAt: r.createdAt, meta: (r.meta ?? {}) as OutboxMeta[K] })),
      };
    },
    [kind, filterKey],
  );
}
