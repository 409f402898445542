import { useEffect, useState, type DependencyList } from 'react';
import { liveQuery } from 'dexie';
import { onSessionChange } from '../session';
import { currentAudiences } from './token-mark';

/** What to read for the people signed in now, and what to show of it. */
export interface SessionQuery<R, T> {
  read: () => Promise<R>;
  show: (rows: R) => T;
}

/**
 * A Dexie liveQuery (kept live across tabs) built for the current audiences, built again whenever
 * someone signs in or out: the next person sees their own items, not the last person's. `initial`
 * until the first answer, `failed` when the database cannot be read.
 */
export function useSessionLiveQuery<R, T>(initial: T, failed: T, query: (audiences: string[]) => SessionQuery<R, T>, deps: DependencyList): T {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    let sub: { unsubscribe(): void; } | undefined;
    const subscribe = () => {
      sub?.unsubscribe();
      const { read, show } = query(currentAudiences());
      sub = liveQuery(read).subscribe({
        next: (rows: R) => setValue(show(rows)),
        error: () => setValue(failed),
      });
    };
    subscribe();
    const off = onSessionChange(subscribe);
    return () => {
      off();
      sub?.unsubscribe();
    };
    // The caller names what the query depends on, as with useEffect.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, deps);
  return value;
}
