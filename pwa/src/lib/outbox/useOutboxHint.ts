import { useSyncExternalStore } from 'react';
import { onOutboxHint, outboxMaybeNonEmpty } from './hint';

/**
 * Whether this device may hold unsent items (lib/outbox/hint.ts): what shows them (and Dexie with it)
 * loads only then. False while a pre-rendered page hydrates, as its markup knows no device.
 */
export const useOutboxHint = (): boolean => useSyncExternalStore(onOutboxHint, outboxMaybeNonEmpty, () => false);
