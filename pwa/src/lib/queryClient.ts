// The one TanStack Query client. Nothing on the first paint of `/` needs it, so this module (and
// query-core, ~8 KB gzip) loads with the first screen that does (lib/withQueries.ts) or with the
// outbox sender, never in the entry.
import { QueryClient } from '@tanstack/react-query';
import { letMutationsRunOffline } from './outbox/mutations';
import { ApiError } from './api';
import { customerSession, onSessionChange } from './session';
import { userKeys } from './queryKeys';
import { persistSignedInQueries } from './query-persist';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Don't hammer the server for answers that won't change on retry.
      retry: (count, err) => !(err instanceof ApiError && err.status < 500) && count < 2,
      refetchOnWindowFocus: true,
    },
  },
});

letMutationsRunOffline(queryClient);

// Another person (or nobody) is now signed in: drop the previous person's cached account data.
// (Before this module loads there is no cache to drop.)
let shownId = customerSession.user()?.id ?? null;
onSessionChange(() => {
  const next = customerSession.user()?.id ?? null;
  if (next !== shownId) queryClient.removeQueries({ queryKey: userKeys.all });
  shownId = next;
});

/** Settles once the signed-in people's kept answers are in the cache (or after a short wait): screens open with them. */
export const restoredQueries = persistSignedInQueries(queryClient).restored;
