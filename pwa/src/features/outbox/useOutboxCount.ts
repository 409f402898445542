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
    const subscribe = () => Promise.all([import('dexie'), import('../../lib/db')]).then(([{ liveQuery }, { db }]) => {
      if (cancelled) return;
      // Index-only counts: no row is read, however long the outbox is.
      const count = () =>
        wanted
          ? db.outbox.where('[kind+state]').anyOf(wanted.flatMap((k) => UNSENT.map((s) => [k, s]))).count()
          : db.outbox.where('state').anyOf(UNSENT).count();
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
