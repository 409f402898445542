import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db, type OutboxItem } from '../db';

/** Every outbox item, oldest first, kept live across tabs (Dexie liveQuery). null while loading. */
export function useOutboxItems(): OutboxItem[] | null {
  const [items, setItems] = useState<OutboxItem[] | null>(null);
  useEffect(() => {
    const sub = liveQuery(() => db.outbox.orderBy('seq').toArray()).subscribe({
      next: setItems,
      error: () => setItems([]),
    });
    return () => sub.unsubscribe();
  }, []);
  return items;
}
