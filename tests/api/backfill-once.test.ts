// The start-up backfill of booking references reads every booking (no index answers "reference is
// missing"), so it runs to the end once and a marker in `migrations` makes every later start skip it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer, type TestCustomer } from '../support/customers';
import { Booking } from '../../api/src/models/Booking';
import { BACKFILL_MARKER, backfillBookings } from '../../api/src/services/bookings/bookings';

let s: TestServer;
let cust: TestCustomer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  cust = await insertCustomer(s, { name: 'Bea Backfill' });
});
afterAll(async () => {
  vi.restoreAllMocks();
  await s?.close();
});

const insertLegacy = async () =>
  (await Booking.collection.insertOne({ ...bookingInput({ bestDays: '2030-06-01T09:00' }), user: cust.id, status: 'pending', created_at: new Date() } as never))
    .insertedId;
// Other start-up fills keep their own markers there too: this one is counted alone.
const migrations = () => Booking.db.collection<{ _id: string; }>('migrations');
const marker = { _id: BACKFILL_MARKER };

describe('start-up backfill of booking references', () => {
  it('is not marked done while there are no bookings (data copied in later is still backfilled)', async () => {
    expect(await Booking.estimatedDocumentCount()).toBe(0);
    expect(await backfillBookings()).toBe(0);
    expect(await migrations().countDocuments(marker)).toBe(0);
  });

  it('runs over the bookings once, then later starts do not read the bookings at all', async () => {
    const first = await insertLegacy();
    expect(await backfillBookings()).toBe(1);
    expect((await Booking.findById(first).lean())?.reference).toMatch(/^SC-/);
    expect(await migrations().countDocuments(marker)).toBe(1);

    // A booking without a reference now (impossible through the app) shows the scan is skipped.
    const find = vi.spyOn(Booking, 'find');
    const later = await insertLegacy();
    expect(await backfillBookings()).toBe(0);
    expect(find).not.toHaveBeenCalled();
    expect((await Booking.findById(later).lean())?.reference).toBeUndefined();
  });
});
