// The service worker cannot read localStorage, where the session lives. So that it can send
// the outbox on a Background Sync with no page open, the page copies the tokens into IndexedDB, and
// only while unsent items exist: the copy is removed with the last unsent item, and follows every
// sign-in and sign-out meanwhile (sender.ts). Tokens are still read at send time, from this copy.
import { STORAGE_KEYS } from '@shared/constants';
import { db } from '../db';
import { clientId, readSessionValues } from '../session';
import { UNSENT_STATES } from './state';
import { withDb } from './connection';

/**
 * What a replay needs: the tokens, the customer (whose id tells the owner of an item) and the
 * client id that scopes a visitor's Idempotency-Keys (a replay must present the same one).
 */
const MIRRORED = [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.employeeToken, STORAGE_KEYS.clientId] as const;

/** Page side: copy the current session, or remove the copy when nothing is waiting to be sent. */
export async function mirrorSession(): Promise<void> {
  clientId(); // made now if new, so the page and a Background Sync replay present the same one
  const values = readSessionValues(MIRRORED);
  await withDb(() =>
    db.transaction('rw', db.outbox, db.session, async () => {
      const unsent = await db.outbox.where('state').anyOf(UNSENT_STATES).count();
      if (unsent === 0) await db.session.delete('current');
      else await db.session.put({ id: 'current', values });
    })
  );
}

/** Service worker side: the copy, or null when there is none. */
export async function loadSessionMirror(): Promise<Record<string, string | null> | null> {
  return (await withDb(() => db.session.get('current')))?.values ?? null;
}
