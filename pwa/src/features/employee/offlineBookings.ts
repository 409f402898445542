// The last-seen "my bookings" list of each employee, kept in IndexedDB (db.employeeBookings) so the
// list still shows when the network is down: each page of the unfiltered list is saved as it is
// loaded (page 1 starts the copy afresh), one row per booking, owner = employee id. It sits at the
// portal's root because auth (sign-out forgets the copy) and my-bookings both use it.
import { db } from '@/lib/db';
import { readAllCopy, readPageCopy, savePageCopy, type PageCopy } from '@/lib/offline-pages';
import type { Page } from '@/lib/paging';
import type { EmployeeBooking } from '@shared/schemas/employee';
import type { MyBookingsQuery } from '@shared/schemas/paging';

export type MyBookingsFilter = MyBookingsQuery['status'];
export type FilterCounts = Record<MyBookingsFilter, number>;

/** Writes a page of the unfiltered list the server just returned into the owner's copy. */
export async function saveOfflinePage(owner: string, page: Pick<Page<EmployeeBooking>, 'items' | 'page' | 'limit'>, now = Date.now()): Promise<void> {
  await savePageCopy(db.employeeBookings, owner, page, now);
}

/** Counts of what the device holds, per filter tab. */
export function countsOf(bookings: EmployeeBooking[]): FilterCounts {
  const accepted = bookings.filter((b) => b.status === 'accepted').length;
  const completed = bookings.filter((b) => b.status === 'completed').length;
  return { all: bookings.length, accepted, completed };
}

/** A page of the owner's saved list under a filter, with the tab counts, or null when nothing is saved. */
export async function readOfflinePage(
  owner: string,
  status: MyBookingsFilter,
  page: number,
  limit: number,
): Promise<(PageCopy<EmployeeBooking> & { counts: FilterCounts; }) | null> {
  const copy = await readPageCopy<EmployeeBooking>(db.employeeBookings, owner, page, limit, (b) => status === 'all' || b.status === status);
  if (!copy) return null;
  return { ...copy, counts: countsOf(await readAllCopy<EmployeeBooking>(db.employeeBookings, owner)) };
}

/** The owner key of an employee's saved My Visits in the same table (so every sign-out path clears it too). */
export const visitsOwner = (employeeId: string) => `visits:${employeeId}`;

/** The owner key of an employee's saved Earnings (cleared with the rest at sign-out). */
export const earningsOwner = (employeeId: string) => `earnings:${employeeId}`;

export async function clearOfflineBookings(owner: string): Promise<void> {
  await db.employeeBookings.where('owner').anyOf([owner, visitsOwner(owner), earningsOwner(owner)]).delete();
}
