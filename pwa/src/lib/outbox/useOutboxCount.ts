import { useEffect, useState } from 'react';
import { onSessionChange } from '../session';
import { onOutboxHint, outboxMaybeNonEmpty } from './hint';
import { UNSENT_STATES, type OutboxState } from './state';
import { currentAudiences } from './token-mark';

/**
 * Live count of the signed-in person's items not yet accepted by the server (queued, sending, failed,
 * needs sign-in), plus public-form items anyone on the device may see. The badge sits in the header,
 * so Dexie is imported on demand: it stays out of the first load.
 */
export function useOutboxCount(kinds?: readonly string[], states: readonly OutboxState[] = UNSENT_STATES): number {
  const [count, setCount] = useState(0);
  const key = kinds?.join(',') ?? '';
  const stateKey = states.join(',');
  useEffect(() => {
    const wanted = key ? key.split(',') : null;
    const counted = stateKey.split(',') as OutboxState[];
    let sub: { unsubscribe(): void; } | undefined;
    let cancelled = false;
    let started = false;
    const subscribe = () =>
      Promise.all([import('dexie'), import('../db'), import('./connection')]).then(([{ liveQuery }, { db }, { withDb }]) => {
        if (cancelled) return;
        sub?.unsubscribe();
        const audiences = currentAudiences();
        // One native index count per (audience, kind, state): no row is read, however long the outbox
        // (a scan per change would make draining a long outbox quadratic).
        const count = () =>
          withDb(async () => {
            const counts = audiences.flatMap((a) =>
              wanted
                ? wanted.flatMap((k) => counted.map((s) => db.outbox.where('[audience+kind+state]').equals([a, k, s]).count()))
                : counted.map((s) => db.outbox.where('[audience+state]').equals([a, s]).count())
            );
            return (await Promise.all(counts)).reduce((x, y) => x + y, 0);
          });
        sub = liveQuery(count).subscribe({ next: setCount, error: () => setCount(0) });
      });
    const start = () => {
      if (started || !outboxMaybeNonEmpty()) return;
      started = true;
      void subscribe();
    };
    // Nothing was ever queued on this device: count 0 without loading Dexie, until the hint flips.
    const offHint = onOutboxHint(start);
    // Someone else signed in (or out): count their items, not the last person's.
    const offSession = onSessionChange(() => {
      if (started) void subscribe();
    });
    start();
    return () => {
      cancelled = true;
      offHint();
      offSession();
      sub?.unsubscribe();
    };
  }, [key, stateKey]);
  return count;
}
