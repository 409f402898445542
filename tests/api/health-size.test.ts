// /api/health on the embedded database warns once the data passes the size it is measured to serve
// (README, "Choosing the database"); within it, the answer is as before.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { sizeWarning } from '../../api/src/ops/data-size';
import { healthRouter } from '../../api/src/routes/health';
import { startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(async () => {
  await server?.close();
});

/** The health route alone, warning past `serves`, on the test server's database. */
async function healthWith(serves: { customers: number; bookings: number; }): Promise<Record<string, unknown>> {
  const app = new Koa().use(healthRouter(server.deps, serves).routes());
  const srv = http.createServer(app.callback());
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/api/health`);
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown>;
  } finally {
    srv.close();
  }
}

describe('/api/health and the embedded database size', () => {
  it('says nothing within the size, and names the counts and the move to MongoDB past it', async () => {
    const plain = await server.call('GET', '/api/health');
    expect(plain.body).toEqual({ ok: true, db: 'embedded', version: expect.any(String) });
    const customers = await User.estimatedDocumentCount();
    const bookings = await Booking.estimatedDocumentCount();
    expect(await healthWith({ customers: customers + 1, bookings: bookings + 1 })).not.toHaveProperty('size_warning');
    // Size only: the probe counts collection totals, so bare documents are enough here.
    await Booking.collection.insertMany([{}, {}]);
    const warned = await healthWith({ customers: customers + 1, bookings: bookings + 1 });
    expect(warned.size_warning).toBe(sizeWarning({ customers, bookings: bookings + 2 }, { customers: customers + 1, bookings: bookings + 1 }));
    expect(warned.size_warning).toMatch(/past what the embedded database is measured to serve .*move to MongoDB/);
    await Booking.collection.deleteMany({ created_at: { $exists: false } });
  });

  it('warns when either count passes its limit', () => {
    expect(sizeWarning({ customers: 10_000, bookings: 100_000 })).toBeUndefined();
    expect(sizeWarning({ customers: 10_001, bookings: 5 })).toContain('10001 customers');
    expect(sizeWarning({ customers: 3, bookings: 100_001 })).toContain('100001 bookings');
  });
});
