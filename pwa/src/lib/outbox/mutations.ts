import type { QueryClient } from '@tanstack/react-query';

/**
 * TanStack Query pauses mutations while the browser is offline (networkMode 'online'), which would
 * leave a Submit button spinning instead of reaching the outbox. Submissions handle the network
 * themselves (outbox, or NetworkError with MSG.network), so mutations always run.
 */
export function letMutationsRunOffline(queryClient: QueryClient) {
  const defaults = queryClient.getDefaultOptions();
  queryClient.setDefaultOptions({ ...defaults, mutations: { ...defaults.mutations, networkMode: 'always' } });
}
