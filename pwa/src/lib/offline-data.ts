// Per-user offline copies kept in this browser's IndexedDB (never in the shared Workbox cache):
// the signed-in customer's bookings list (and the employee's, kept by the portal), page by page as it
// was seen, readable offline and wiped whenever that session ends — a sign-out or any 401
// (clearCopiesWhenSessionsEnd). Dexie is loaded on demand so the header (which calls
// clearUserOfflineData) keeps it out of the first load.
import { readPageCopy, savePageCopy, type PageCopy } from './offline-pages';
import type { Page } from './paging';
import { customerSession, employeeSession, onSessionChange } from './session';

const loadDb = () => import('./db').then((m) => m.db);

/** Writes a page of `userId`'s bookings the server just returned into the stored copy (page 1 starts it afresh). */
export async function saveMyBookings<T extends { id: string; }>(userId: string, page: Pick<Page<T>, 'items' | 'page' | 'limit'>): Promise<void> {
  if (!userId) return;
  const db = await loadDb();
  // Rows are prefixed with the owner, so two accounts on one device never overwrite each other's.
  await savePageCopy(db.myBookings, userId, page);
}

/** A page of the bookings saved for `userId`, in the order the server listed them, or null when none are. */
export async function loadMyBookings<T = unknown>(userId: string, page: number, limit: number): Promise<PageCopy<T> | null> {
  if (!userId) return null;
  const db = await loadDb();
  return readPageCopy<T>(db.myBookings, userId, page, limit);
}

/**
 * A booking's plan and next visits as last seen, so My Bookings shows them offline. Kept in the same
 * table as the bookings copy under their own owner key (`plan:<userId>`), so a sign-out clears both.
 */
export async function savePlanCopy(userId: string, bookingId: string, data: unknown, now = Date.now()): Promise<void> {
  if (!userId) return;
  const db = await loadDb();
  await db.myBookings.put({ id: `plan:${userId}:${bookingId}`, owner: `plan:${userId}`, data, savedAt: now });
}

/** The saved plan of `bookingId` with when it was saved, or null. */
export async function loadPlanCopy<T>(userId: string, bookingId: string): Promise<{ data: T; savedAt: number; } | null> {
  if (!userId) return null;
  const db = await loadDb();
  const row = await db.myBookings.get(`plan:${userId}:${bookingId}`);
  return row ? { data: row.data as T, savedAt: row.savedAt } : null;
}

/** Whose kept screen answers (query-persist.ts): the customer's or the staff member's. */
export type PersonSide = 'customer' | 'employee';

/** Forgets every kept copy of `side`'s screen answers (every person's: nothing personal stays behind). */
export async function clearPersisted(side: PersonSide): Promise<void> {
  const db = await loadDb();
  await db.queryCache.where('id').startsWith(`${side}:`).delete();
}

/**
 * Sign-out: forget the customer's offline bookings copy and kept screen answers (every owner's, so
 * nothing personal stays behind) and the service worker's copy of the session. Outbox items are kept on purpose: they are
 * the person's unsent work, sent after the next sign-in (the token is read at send time) or discarded
 * on the Outbox page — never dropped silently.
 */
export async function clearUserOfflineData(): Promise<void> {
  const db = await loadDb();
  await db.myBookings.clear();
  await clearPersisted('customer');
  // The service worker's copy of the tokens goes too; the replayer, if running, copies the new session.
  await db.session.delete('current');
}

/** Forgets the employee portal's offline copy of bookings (customer names, phones, addresses) and its kept answers. */
export async function clearEmployeeOfflineData(): Promise<void> {
  const db = await loadDb();
  await db.employeeBookings.clear();
  await clearPersisted('employee');
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
