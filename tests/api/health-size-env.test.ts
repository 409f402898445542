// The size past which /api/health warns is the operator's to move (SIZE_WARNING_CUSTOMERS and
// SIZE_WARNING_BOOKINGS): here a few bookings are enough to pass it, as 100 001 would by default.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ SIZE_WARNING_CUSTOMERS: '50', SIZE_WARNING_BOOKINGS: '3' });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

describe('SIZE_WARNING_* on /api/health', () => {
  it('warns once the bookings pass the configured count, naming both counts and both limits', async () => {
    const customers = await User.estimatedDocumentCount();
    expect(customers).toBeLessThanOrEqual(50);
    // Size only: the health check counts collection totals, so bare documents are enough.
    await Booking.collection.insertMany([{}, {}, {}, {}]);
    const health = await server.call('GET', '/api/health');
    expect(health.status).toBe(200);
    expect(health.body.size_warning).toBe(
      `The data (${customers} customers, 4 bookings) is past what the embedded database is measured to serve (50 customers, 3 bookings): ` +
        'move to MongoDB (docs/configuration.md, "Choosing the database").',
    );
  });
});
