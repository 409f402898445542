// index.html carries `/` pre-rendered at build time for a visitor nobody knows yet (prerender.tsx).
// Anything that depends on this browser (who is signed in, today's date) must render the same as that
// markup while React hydrates it, then switch: this says which of the two renders is running.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/** False on the server and during hydration of the pre-rendered page; true in every other client render. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
