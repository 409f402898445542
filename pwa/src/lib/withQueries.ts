// The home page needs no TanStack Query, so the entry does not carry it: every other screen (and the
// booking wizard) is loaded together with the query client and rendered inside its provider.
import type { ComponentType } from 'react';

type ScreenModule<P> = { default: ComponentType<P>; };

/**
 * A lazy() loader for `load`'s screen that also loads the shared query client, waits for the signed-in
 * person's kept answers to be in it (a repeat visit paints them at once), and wraps the screen in its provider.
 */
export function withQueries<P extends object>(load: () => Promise<ScreenModule<P>>): () => Promise<ScreenModule<P>> {
  return () =>
    Promise.all([load(), import('./QueryProvider').then(async (q) => (await q.queriesReady, q))]).then(([screen, q]) => ({
      default: q.provideQueries(screen.default),
    }));
}
