import { useEffect, useState } from 'react';

/**
 * Live count of items not yet accepted by the server (queued, sending, failed, needs sign-in).
 * The badge sits in the header, so Dexie is imported on demand: it stays out of the first load.
 */
export function useOutboxCount(kinds?: readonly string[]): number {
  const [count, setCount] = useState(0);
  const key = kinds?.join(',') ?? '';
  useEffect(() => {
    const wanted = key ? key.split(',') : null;
    let unsubscribe: (() => void) | undefined;
    let cancelled = false;
    void Promise.all([import('dexie'), import('../../lib/db')]).then(([{ liveQuery }, { db }]) => {
      if (cancelled) return;
      const sub = liveQuery(() => db.outbox.filter((i) => i.state !== 'sent' && (!wanted || wanted.includes(i.kind))).count()).subscribe({
        next: setCount,
        error: () => setCount(0),
      });
      unsubscribe = () => sub.unsubscribe();
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [key]);
  return count;
}
