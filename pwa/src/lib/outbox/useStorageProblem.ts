import { useSyncExternalStore } from 'react';
import { onStorageProblem, storageProblem } from './problem';

/** The outbox's storage failure a reopen did not fix (shown on screen), or null. */
export function useStorageProblem(): string | null {
  return useSyncExternalStore(onStorageProblem, storageProblem, () => null);
}
