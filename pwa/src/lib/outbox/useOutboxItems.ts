import { db, type OutboxItem } from '../db';
import { withDb } from './connection';
import { isVisibleNow } from './token-mark';
import { useSessionLiveQuery } from './useSessionLiveQuery';

/**
 * The items the person signed in now may see (their own, and public forms sent without an account),
 * oldest first, kept live across tabs (Dexie liveQuery). null while loading.
 */
export function useOutboxItems(): OutboxItem[] | null {
  return useSessionLiveQuery<OutboxItem[], OutboxItem[] | null>(
    null,
    [],
    (audiences) => ({
      read: () => withDb(() => db.outbox.orderBy('seq').toArray()),
      show: (rows) => rows.filter((r) => isVisibleNow(r, audiences)),
    }),
    [],
  );
}
