// Loaded together with each screen that uses TanStack Query (see lib/withQueries.ts).
import { useContext, type ComponentType } from 'react';
import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { queryClient, restoredQueries } from './queryClient';

/** Settles when the device's kept answers are in the cache, so a screen's first paint can show them. */
export const queriesReady = restoredQueries;

/**
 * `Screen` rendered inside the app's one QueryClientProvider. A part of a page loaded on its own (the
 * blog's list once it pages) may already sit inside one: it keeps that client (in the app the same
 * one; in a component test the test's own).
 */
export function provideQueries<P extends object>(Screen: ComponentType<P>): ComponentType<P> {
  function WithQueries(props: P) {
    const outer = useContext(QueryClientContext);
    if (outer) return <Screen {...props} />;
    return (
      <QueryClientProvider client={queryClient}>
        <Screen {...props} />
      </QueryClientProvider>
    );
  }
  WithQueries.displayName = `WithQueries(${Screen.displayName ?? Screen.name})`;
  return WithQueries;
}
