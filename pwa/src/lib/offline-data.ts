// Per-user offline copies kept in this browser's IndexedDB (never in the shared Workbox cache):
// the signed-in customer's bookings list (and the employee's, kept by the portal), readable offline
// and wiped whenever that session ends — a sign-out or any 401 (clearCopiesWhenSessionsEnd).
// Dexie is loaded on demand so the header (which calls clearUserOfflineData) keeps it out of the first load.
import type { CachedRecord } from './db';
import { customerSession, employeeSession, onSessionChange } from './session';

const loadDb = () => import('./db').then((m) => m.db);

interface WithId {
  id?: unknown;
  _id?: unknown;
}

/** Replaces the stored copy of `userId`'s bookings with `bookings` (the list the server just returned). */
export async function saveMyBookings<T extends WithId>(userId: string, bookings: readonly T[]): Promise<void> {
  if (!userId) return;
  const db = await loadDb();
  const now = Date.now();
  const rows: CachedRecord[] = bookings.map((b, i) => ({
    // Prefix with the owner so two accounts on one device never overwrite each other's rows.
    id: `${userId}:${String(b.id ?? b._id ?? i)}`,
    owner: userId,
    data: b,
    savedAt: now,
    pos: i,
  }));
  await db.transaction('rw', db.myBookings, async () => {
    await db.myBookings.where('owner').equals(userId).delete();
    await db.myBookings.bulkPut(rows);
  });
}

/** The bookings saved for `userId`, in the order the server listed them, with when they were saved. */
export async function loadMyBookings<T = unknown>(userId: string): Promise<{ bookings: T[]; savedAt: number | null }> {
  if (!userId) return { bookings: [], savedAt: null };
  const db = await loadDb();
  const rows = await db.myBookings.where('owner').equals(userId).toArray();
  // IndexedDB returns rows in key order; restore the server's order from the saved position.
  const ordered = rows.slice().sort((a, b) => (a.pos ?? 0) - (b.pos ?? 0));
  return {
    bookings: ordered.map((r) => r.data as T),
    savedAt: ordered.length ? Math.max(...ordered.map((r) => r.savedAt)) : null,
  };
}

/**
 * Sign-out: forget the customer's offline bookings copy (every owner's, so nothing personal stays
 * behind) and the service worker's copy of the session. Outbox items are kept on purpose: they are
 * the person's unsent work, sent after the next sign-in (the token is read at send time) or discarded
 * on the Outbox page — never dropped silently.
 */
export async function clearUserOfflineData(): Promise<void> {
  const db = await loadDb();
  await db.myBookings.clear();
  // The service worker's copy of the tokens goes too; the replayer, if running, copies the new session.
  await db.session.delete('current');
}

/** Forgets the employee portal's offline copy of bookings (customer names, phones, addresses). */
export async function clearEmployeeOfflineData(): Promise<void> {
  const db = await loadDb();
  await db.employeeBookings.clear();
}

/**
 * Watches the sessions: when one ends (sign-out, or a 401 that ended it) or changes to another
 * person's, that side's offline copies of server data are removed, so the next person on a shared
 * device finds none of them. Outbox items stay (see clearUserOfflineData).
 */
export function clearCopiesWhenSessionsEnd(): () => void {
  let customer = customerSession.token();
  let employee = employeeSession.token();
  const quiet = (p: Promise<void>) => void p.catch(() => {}); // IndexedDB unavailable: nothing stored
  return onSessionChange(() => {
    const nextCustomer = customerSession.token();
    const nextEmployee = employeeSession.token();
    if (customer && customer !== nextCustomer) quiet(clearUserOfflineData());
    if (employee && employee !== nextEmployee) quiet(clearEmployeeOfflineData());
    customer = nextCustomer;
    employee = nextEmployee;
  });
}
