// The last-seen "my bookings" list of each employee, kept in IndexedDB (db.employeeBookings) so the
// list still shows when the network is down (issue 6). One row per booking, owner = employee id.
import { db } from '../../../lib/db';
import type { EmployeeBooking } from '../../../../../shared/schemas/employee';

const rowId = (owner: string, bookingId: string) => `${owner}:${bookingId}`;

/** Replaces the owner's saved list with the list the server just returned. */
export async function saveOfflineBookings(owner: string, bookings: EmployeeBooking[], now = Date.now()): Promise<void> {
  await db.transaction('rw', db.employeeBookings, async () => {
    await db.employeeBookings.where('owner').equals(owner).delete();
    // `order` keeps the server's order (newest accepted first) across the round trip.
    await db.employeeBookings.bulkPut(bookings.map((b, order) => ({ id: rowId(owner, b.id), owner, data: { order, booking: b }, savedAt: now })));
  });
}

export interface SavedBookings {
  bookings: EmployeeBooking[];
  savedAt: number;
}

interface SavedRow {
  order: number;
  booking: EmployeeBooking;
}

/** The owner's saved list in the server's order, or null when there is none to show. */
export async function readOfflineBookings(owner: string): Promise<SavedBookings | null> {
  const rows = await db.employeeBookings.where('owner').equals(owner).toArray();
  if (rows.length === 0) return null;
  const saved = rows.map((r) => r.data as SavedRow).sort((a, b) => a.order - b.order);
  return { bookings: saved.map((s) => s.booking), savedAt: Math.min(...rows.map((r) => r.savedAt)) };
}

export async function clearOfflineBookings(owner: string): Promise<void> {
  await db.employeeBookings.where('owner').equals(owner).delete();
}
