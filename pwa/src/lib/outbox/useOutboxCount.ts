import { useEffect, useState } from 'react';
import { onOutboxHint, outboxMaybeNonEmpty } from './hint';

// Kept here (not imported from state.ts) so the header's badge pulls in nothing else of the outbox.
const UNSENT = ['queued', 'sending', 'failed', 'needs-sign-in'];

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
    let started = false;
    const start = () => {
      if (started || !outboxMaybeNonEmpty()) return;
      started = true;
      void subscribe();
    };
    const subscribe = () => Promise.all([import('dexie'), import('../db')]).then(([{ liveQuery }, { db }]) => {
      if (cancelled) return;
      // One native index count per (kind,) state: no row or key is walked, however long the outbox
      // (anyOf() would iterate a cursor over every matching key on each change).
      const count = async () => {
        const counts = wanted
          ? wanted.flatMap((k) => UNSENT.map((s) => db.outbox.where('[kind+state]').equals([k, s]).count()))
          : UNSENT.map((s) => db.outbox.where('state').equals(s).count());
        return (await Promise.all(counts)).reduce((a, b) => a + b, 0);
      };
      const sub = liveQuery(count).subscribe({
        next: setCount,
        error: () => setCount(0),
      });
      unsubscribe = () => sub.unsubscribe();
    });
    // Nothing was ever queued on this device: count 0 without loading Dexie, until the hint flips.
    const offHint = onOutboxHint(start);
    start();
    return () => {
      cancelled = true;
      offHint();
      unsubscribe?.();
    };
  }, [key]);
  return count;
}
