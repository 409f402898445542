// Background Sync (Chromium only) as an extra way out for the outbox: the browser wakes the service
// worker once it is back online, even with every tab closed, and the worker replays the outbox
// (background-replay.ts). The page's own replay (sender.ts) stays the path every browser has.
import { mirrorSession } from './session-mirror';

export const OUTBOX_SYNC_TAG = 'outbox';

interface SyncManagerLike {
  register(tag: string): Promise<void>;
}

/** Asks for a sync; without Background Sync or a service worker this does nothing. */
async function requestBackgroundSync(): Promise<boolean> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: SyncManagerLike; }) | undefined)?.sync;
    if (!reg?.active || !sync) return false;
    await sync.register(OUTBOX_SYNC_TAG);
    return true;
  } catch {
    return false; // e.g. permission refused: the page's replay covers it
  }
}

/** Something waits for the network: leave the worker the session, then ask for a sync. */
export async function requestOutboxSync(): Promise<boolean> {
  try {
    await mirrorSession();
  } catch {
    return false;
  }
  return requestBackgroundSync();
}
