// A one-flag hint in localStorage: "the outbox may hold unsent items". Most visitors never queue
// anything, so the header badge and the replayer only load Dexie (~30 KB gzip) once this is set.
// It is set after every enqueue and cleared only inside the same IndexedDB transaction that sees
// no unsent item, so a false "empty" can't happen; a false "maybe" just loads Dexie.
const KEY = 'sc-outbox-pending';
const EVENT = 'sc-outbox-hint';

export function outboxMaybeNonEmpty(): boolean {
  try {
    return localStorage.getItem(KEY) === '1';
  } catch {
    return true; // storage unavailable: assume there may be something
  }
}

function write(value: '0' | '1') {
  try {
    if (localStorage.getItem(KEY) === value) return;
    localStorage.setItem(KEY, value);
  } catch {
    /* storage unavailable: outboxMaybeNonEmpty() says true anyway */
  }
  // The service worker has no window (and no localStorage): a page reads the hint as "maybe" then.
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(EVENT));
}

export const markOutboxMaybeNonEmpty = () => write('1');
export const markOutboxEmpty = () => write('0');

/** Calls `listener` when the hint changes in this tab or another one. */
export function onOutboxHint(listener: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === KEY || e.key === null) listener();
  };
  window.addEventListener(EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}
