// A one-flag hint kept on the device (by lib/session.ts): "the outbox may hold unsent items". Most
// visitors never queue anything, so the header badge and the replayer only load Dexie (~30 KB gzip) once this is set.
// It is set after every enqueue and cleared only inside the same IndexedDB transaction that sees
// no unsent item, so a false "empty" can't happen; a false "maybe" just loads Dexie.
import { onStoredValueChange, outboxHintFlag } from '../session';

const EVENT = 'sc-outbox-hint';

export const outboxMaybeNonEmpty = (): boolean => outboxHintFlag.isSet();

function write(value: '0' | '1') {
  if (!outboxHintFlag.set(value)) return;
  // The service worker has no window (and no localStorage): a page reads the hint as "maybe" then.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
}

export const markOutboxMaybeNonEmpty = () => write('1');
export const markOutboxEmpty = () => write('0');

/** Calls `listener` when the hint changes in this tab or another one. */
export function onOutboxHint(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  const offOtherTabs = onStoredValueChange(outboxHintFlag.key, listener);
  return () => {
    window.removeEventListener(EVENT, listener);
    offOtherTabs();
  };
}
