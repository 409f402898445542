// The last answers of the screens a signed-in person opens every day, kept on this device so a repeat
// visit paints them at once (marked "Updated N min ago") while the fresh answer loads. TanStack's own
// dehydrate/hydrate format, stored in IndexedDB (Dexie's queryCache table) one row per person: the
// customer's under `customer:<user id>`, the staff member's under `employee:<employee id>`. A row is
// read only while that same person is signed in, written only while they still are, and every row of
// a side is wiped when that side's session ends or changes hands (offline-data.ts, clearPersisted), so nothing of one
// person is shown to another on a shared phone.
import { dehydrate, hydrate, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { clearPersisted, type PersonSide } from './offline-data';
import { customerSession, employeeSession, onSessionChange, tokenSubject } from './session';

/** Raised whenever the shape of a kept answer changes, so an older copy is dropped rather than misread. */
export const PERSISTED_CACHE_BUSTER = 'screens-1';
/** A copy older than a day is not worth showing: the person's day has moved on. */
export const PERSISTED_CACHE_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Saves are gathered: one write per burst of answers. */
const SAVE_DELAY_MS = 1000;
/** Past this the screen opens without the copy (a stuck IndexedDB must not hold the first paint). */
const RESTORE_WAIT_MS = 600;

/**
 * The screens opened every day: the customer's bookings, plans and visits; the cleaner's visits; the office
 * home and schedule. With the staff member's own profile (the portal's and the office's) and the office
 * home's company checklist, which those screens wait for before painting: kept, a repeat visit opens
 * without a round trip first.
 */
const KEPT: Record<PersonSide, (key: QueryKey) => boolean> = {
  customer: (key) => key[0] === 'user' && (key[1] === 'bookings' || key[1] === 'visits'),
  employee: (key) =>
    (key[0] === 'employee' && (key[1] === 'visits' || key[1] === 'profile')) ||
    (key[0] === 'office' && ['stats', 'schedule', 'me', 'company'].includes(String(key[1]))),
};
/** Every query of a side (what a change of person drops from memory). */
const SIDE_PREFIX: Record<PersonSide, string> = { customer: 'user', employee: 'employee' };

/** Who is signed in on `side` now, as the row id of their copy; null when nobody is. */
export function personKey(side: PersonSide): string | null {
  const id = side === 'customer' ? customerSession.user()?.id : tokenSubject(employeeSession.token());
  return id ? `${side}:${id}` : null;
}

const loadDb = () => import('./db').then((m) => m.db);
const quiet = (p: Promise<unknown>) => void p.catch(() => undefined); // IndexedDB unavailable: nothing kept

/** When the last copy was put back into the cache: an answer updated before then came from the device. */
let restoredAt: number | null = null;
/** True when an answer updated at `dataUpdatedAt` is a copy this device kept, not one asked for in this visit. */
export function isRestoredAnswer(dataUpdatedAt: number): boolean {
  return restoredAt !== null && dataUpdatedAt > 0 && dataUpdatedAt < restoredAt;
}

/** Puts `side`'s kept answers into `client` if the person who owns them is still the one signed in. */
export async function restorePerson(client: QueryClient, side: PersonSide, now = Date.now()): Promise<void> {
  const owner = personKey(side);
  if (!owner) return;
  const db = await loadDb();
  const row = await db.queryCache.get(owner);
  if (!row) return;
  if (row.buster !== PERSISTED_CACHE_BUSTER || now - row.savedAt > PERSISTED_CACHE_MAX_AGE_MS) {
    await db.queryCache.delete(owner);
    return;
  }
  // The person may have changed while the row was read: never hand one person's answers to another.
  if (personKey(side) !== owner) return;
  restoredAt = Date.now();
  hydrate(client, row.state);
  // A kept answer is only a stand-in, however young: the screen asks the server again as it opens.
  for (const q of row.state.queries) void client.invalidateQueries({ queryKey: q.queryKey, exact: true, refetchType: 'none' });
}

/** Writes `side`'s kept answers under the person signed in now (nothing when nobody is). */
export async function savePerson(client: QueryClient, side: PersonSide, now = Date.now()): Promise<void> {
  const owner = personKey(side);
  if (!owner) return;
  const state = dehydrate(client, { shouldDehydrateQuery: (q) => q.state.status === 'success' && KEPT[side](q.queryKey) });
  const db = await loadDb();
  await db.transaction('rw', db.queryCache, async () => {
    // Checked again inside the write: a sign-out between the read and the write keeps nothing.
    if (personKey(side) !== owner) return;
    if (state.queries.length === 0) await db.queryCache.delete(owner);
    else await db.queryCache.put({ id: owner, buster: PERSISTED_CACHE_BUSTER, savedAt: now, state });
  });
}

const sides: PersonSide[] = ['customer', 'employee'];

/**
 * Keeps `client`'s daily screens on the device: restores the signed-in people's copies now (`restored`
 * settles when they are in the cache, or after a short wait), saves after each new answer, and on a
 * change of person drops the previous person's answers (memory and device) and loads the new person's.
 */
export function persistSignedInQueries(client: QueryClient): { restored: Promise<void>; stop: () => void; } {
  const timers: Partial<Record<PersonSide, ReturnType<typeof setTimeout>>> = {};
  const scheduleSave = (side: PersonSide) => {
    if (timers[side] !== undefined) return;
    timers[side] = setTimeout(() => {
      timers[side] = undefined;
      quiet(savePerson(client, side));
    }, SAVE_DELAY_MS);
  };
  const offCache = client.getQueryCache().subscribe((event) => {
    const side = sides.find((s) => KEPT[s](event.query.queryKey));
    if (!side || !personKey(side)) return;
    if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') scheduleSave(side);
  });

  const shown: Record<PersonSide, string | null> = { customer: personKey('customer'), employee: personKey('employee') };
  const offSessions = onSessionChange(() => {
    for (const side of sides) {
      const next = personKey(side);
      if (next === shown[side]) continue;
      if (shown[side]) {
        client.removeQueries({ queryKey: [SIDE_PREFIX[side]] });
        if (side === 'employee') client.removeQueries({ queryKey: ['office'] });
        quiet(clearPersisted(side));
      }
      shown[side] = next;
      if (next) quiet(restorePerson(client, side));
    }
  });

  const stop = () => {
    offCache();
    offSessions();
    sides.forEach((side) => clearTimeout(timers[side]));
  };
  const signedIn = sides.filter((s) => personKey(s));
  // Nobody signed in (a visitor on a public page): the database is not even loaded.
  if (signedIn.length === 0) return { restored: Promise.resolve(), stop };
  const all = Promise.all(signedIn.map((s) => restorePerson(client, s).catch(() => undefined))).then(() => undefined);
  return { restored: Promise.race([all, new Promise<void>((resolve) => setTimeout(resolve, RESTORE_WAIT_MS))]), stop };
}
