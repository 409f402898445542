// The service worker's side of Background Sync: replay the outbox with the session copy the page left
// (session-mirror.ts). One replay at a time across the worker and every tab (replay.ts's lock), and
// Idempotency-Keys make a repeat harmless, so the worker and a page may both try.
import { setSessionSnapshot } from '../session';
import { db } from '../db';
import { replayOutbox } from './replay';
import { loadSessionMirror } from './session-mirror';
import { withDb } from './connection';

export type BackgroundOutcome = 'no-session-copy' | 'page-is-replaying' | 'drained' | 'retry-later';

/**
 * Sends what is waiting. Resolves 'retry-later' when items are still queued (the network failed
 * again): the worker then rejects the sync event, and the browser tries again later with backoff.
 */
export async function replayInBackground(): Promise<BackgroundOutcome> {
  const mirror = await loadSessionMirror();
  // No copy: the page never asked for this sync, or everything was sent since. Without one, items that
  // need a sign-in would be wrongly marked "sign in to send".
  if (!mirror) return 'no-session-copy';
  setSessionSnapshot(mirror);
  try {
    const res = await replayOutbox({ force: true });
    if (!res.ran) return 'page-is-replaying';
    return (await withDb(() => db.outbox.where('state').equals('queued').count())) > 0 ? 'retry-later' : 'drained';
  } finally {
    setSessionSnapshot(null);
  }
}
