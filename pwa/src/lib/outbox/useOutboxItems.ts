import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db, type OutboxItem } from '../db';
import { onSessionChange } from '../session';
import { withDb } from './connection';
import { currentAudiences, isVisibleNow } from './token-mark';

/**
 * The items the person signed in now may see (their own, and public forms sent without an account),
 * oldest first, kept live across tabs (Dexie liveQuery). null while loading.
 */
export function useOutboxItems(): OutboxItem[] | null {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    let sub: { unsubscribe(): void } | undefined;
    const subscribe = () => {
      sub?.unsubscribe();
      const audiences = currentAudiences();
      sub = liveQuery(() => withDb(() => db.outbox.orderBy('seq').toArray())).subscribe({
        next: (rows: OutboxItem[]) => setItems(rows.filter((r) => isVisibleNow(r, audiences))),
        error: () => setItems([]),
      });
    };
    subscribe();
    const off = onSessionChange(subscribe);
    return () => {
      off();
      sub?.unsubscribe();
    };
  }, []);
  return items;
}
