import { useEffect, useState } from 'react';
import { liveQuery } from 'dexie';
import { db } from '../../lib/db';

/** Live count of items not yet accepted by the server (queued, sending, failed, needs sign-in). */
export function useOutboxCount(kinds?: readonly string[]): number {
  const [count, setCount] = useState(0);
  const key = kinds?.join(',') ?? '';
  useEffect(() => {
    const wanted = key ? key.split(',') : null;
    const sub = liveQuery(() => db.outbox.filter((i) => i.state !== 'sent' && (!wanted || wanted.includes(i.kind))).count()).subscribe({
      next: setCount,
      error: () => setCount(0),
    });
    return () => sub.unsubscribe();
  }, [key]);
  return count;
}
