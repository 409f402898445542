// Starts the page's outbox replayer: on start (after resetting crashed sends), when the network
// comes back, when the app regains focus, after a sign-in, and on a timer for backed-off items.
// Loaded lazily from App so Dexie stays out of the first load.
import type { QueryClient } from '@tanstack/react-query';
import { onSessionChange } from '../session';
import { onSent } from './events';
import { nextDueAt, replayOutbox, resetStuckSending } from './replay';
import { requestOutboxSync } from './background-sync';
import { mirrorSession } from './session-mirror';

const MAX_TIMER_MS = 5 * 60_000;
const INVALIDATE_DELAY_MS = 300;

export function startOutboxSender(queryClient: QueryClient): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const schedule = async () => {
    clearTimeout(timer);
    const at = await nextDueAt();
    if (stopped || at === null) return;
    timer = setTimeout(() => void trigger(false), Math.min(MAX_TIMER_MS, Math.max(250, at - Date.now())));
    // Where Background Sync exists, the service worker sends it even if this page is closed first.
    await requestOutboxSync();
  };

  const trigger = async (force: boolean) => {
    if (stopped) return;
    // Offline: don't burn attempts; the 'online' event (or a Background Sync) brings us back.
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      if ((await nextDueAt().catch(() => null)) !== null) await requestOutboxSync();
      return;
    }
    try {
      await replayOutbox({ force });
    } catch {
      /* IndexedDB unavailable (private mode quirks): the next trigger tries again */
    }
    await schedule().catch(() => {});
  };

  const onOnline = () => void trigger(true);
  const onFocus = () => void trigger(false);
  const onVisible = () => {
    if (document.visibilityState === 'visible') void trigger(false);
  };
  window.addEventListener('online', onOnline);
  window.addEventListener('focus', onFocus);
  document.addEventListener('visibilitychange', onVisible);
  // A new sign-in (new token) releases items waiting in 'needs-sign-in'; the service worker's copy of
  // the session follows every change.
  const offSession = onSessionChange(() => {
    void mirrorSession().catch(() => {});
    void trigger(true);
  });
  // Draining 500 items must not trigger 500 refetches: invalidate each key once per quiet moment.
  const dirty = new Map<string, readonly string[]>();
  let flush: ReturnType<typeof setTimeout> | undefined;
  const offSent = onSent(null, (item) => {
    for (const queryKey of item.invalidates ?? []) dirty.set(queryKey.join('\u0000'), queryKey);
    flush ??= setTimeout(() => {
      flush = undefined;
      const keys = [...dirty.values()];
      dirty.clear();
      for (const queryKey of keys) void queryClient.invalidateQueries({ queryKey });
    }, INVALIDATE_DELAY_MS);
  });

  void resetStuckSending()
    .catch(() => 0)
    .then(() => trigger(true));

  return () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(flush);
    window.removeEventListener('online', onOnline);
    window.removeEventListener('focus', onFocus);
    document.removeEventListener('visibilitychange', onVisible);
    offSession();
    offSent();
  };
}
