// The size the embedded database is measured to serve (ready within 5 s, RSS within 1 GB, office routes
// p99 within 100 ms at 10 000 customers / 100 000 bookings: docs/configuration.md, "Choosing the database").
// Past it, /api/health says so, so the company moves to MongoDB before the embedded one slows down.
import { EMBEDDED_SERVES } from '@shared/constants';
import { Booking } from '../models/Booking';
import { User } from '../models/User';

export interface DataSize {
  customers: number;
  bookings: number;
}

/** The warning /api/health gives, or undefined while the data is within what the embedded database serves. */
export function sizeWarning(size: DataSize, serves: DataSize = EMBEDDED_SERVES): string | undefined {
  if (size.customers <= serves.customers && size.bookings <= serves.bookings) return undefined;
  return (
    `The data (${size.customers} customers, ${size.bookings} bookings) is past what the embedded database is measured ` +
    `to serve (${serves.customers} customers, ${serves.bookings} bookings): move to MongoDB (docs/configuration.md, "Choosing the database").`
  );
}

const RECOUNT_MS = 60_000;

/**
 * The data's size from collection totals (no document read). Only the first call waits for the count;
 * after that health answers with the last one and, once it is a minute old, counts again behind the
 * answer, so a busy database never slows the health check. The age is a cache's (performance.now), not
 * a time any rule reads.
 */
export function dataSizeProbe(): () => Promise<DataSize> {
  let last: { size: DataSize; at: number; } | undefined;
  let counting: Promise<DataSize> | undefined;
  const count = () => (counting ??= Promise.all([User.estimatedDocumentCount(), Booking.estimatedDocumentCount()])
    .then(([customers, bookings]) => {
      last = { size: { customers, bookings }, at: performance.now() };
      return last.size;
    })
    .finally(() => {
      counting = undefined;
    }));
  return async () => {
    if (!last) return count();
    if (performance.now() - last.at >= RECOUNT_MS) count().catch(() => undefined);
    return last.size;
  };
}
