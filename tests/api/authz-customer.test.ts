// The customer half of the authorization matrix: every protected customer endpoint × every kind of bad caller.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer, type TestCustomer } from '../support/customers';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';

const SECRET = 'authz-customer-test-secret-at-least-32-bytes';
let s: TestServer;
let alice: TestCustomer;
let bob: TestCustomer;
let aliceBooking: string;

beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4', JWT_SECRET: SECRET });
  alice = await insertCustomer(s, { name: 'Alice' });
  bob = await insertCustomer(s, { name: 'Bob' });
  const created = await s.call('POST', '/api/user/bookings', { token: alice.token, json: bookingInput({ postcode: 'ALICE1' }) });
  aliceBooking = created.body.bookingId;
});
afterAll(async () => {
  await s?.close();
});

interface Endpoint {
  method: string;
  path: () => string;
  json?: () => Record<string, unknown>;
  /** Routes on one booking: another customer's token must not reach it. */
  byId?: boolean;
}
const ENDPOINTS: Endpoint[] = [
  { method: 'GET', path: () => '/api/user/profile' },
  { method: 'PUT', path: () => '/api/user/profile', json: () => ({ name: 'Hacked' }) },
  { method: 'PUT', path: () => '/api/user/change-password', json: () => ({ currentPassword: 'whatever', newPassword: 'hacked-pass' }) },
  { method: 'GET', path: () => '/api/user/dashboard' },
  { method: 'GET', path: () => '/api/user/bookings' },
  { method: 'POST', path: () => '/api/user/bookings', json: () => bookingInput({ postcode: 'HACK1' }) },
  { method: 'PUT', path: () => `/api/user/bookings/${aliceBooking}`, json: () => ({ postcode: 'HACK2' }), byId: true },
  { method: 'DELETE', path: () => `/api/user/bookings/${aliceBooking}`, byId: true },
  { method: 'GET', path: () => '/api/user/data-export' },
  { method: 'POST', path: () => '/api/user/close-account', json: () => ({ password: 'whatever' }) },
  { method: 'POST', path: () => '/api/user/close-account/code' },
  { method: 'GET', path: () => '/api/user/calendar-address' },
  { method: 'POST', path: () => '/api/user/calendar-address' },
  { method: 'GET', path: () => '/api/user/statements' },
  { method: 'GET', path: () => '/api/user/statements/months' },
];

const inOneHour = () => Math.floor(Date.now() / 1000) + 3600;
const CALLERS: { name: string; token: () => string | undefined; header?: () => string; status: number; }[] = [
  { name: 'no token', token: () => undefined, status: 401 },
  { name: 'malformed token', token: () => 'not.a.jwt', status: 401 },
  { name: 'not a Bearer header', token: () => undefined, header: () => `Basic ${Buffer.from('a:b').toString('base64')}`, status: 401 },
  {
    name: 'expired token',
    token: () => jwt.sign({ role: 'user', exp: Math.floor(Date.now() / 1000) - 60 }, SECRET, { subject: alice.id, audience: 'customer' }),
    status: 401,
  },
  {
    name: 'token signed with another secret',
    token: () => jwt.sign({ role: 'user', exp: inOneHour() }, 'other-secret', { subject: alice.id, audience: 'customer' }),
    status: 401,
  },
  {
    name: 'unsigned (alg none) token',
    token: () => jwt.sign({ role: 'user', exp: inOneHour() }, '', { subject: alice.id, audience: 'customer', algorithm: 'none' }),
    status: 401,
  },
  { name: 'employee token', token: () => s.deps.tokens.sign('employee', alice.id, 'employee'), status: 401 },
  { name: 'token for a deleted account', token: () => s.deps.tokens.sign('customer', String(new mongoose.Types.ObjectId()), 'user'), status: 401 },
  { name: 'token whose subject is not an id', token: () => s.deps.tokens.sign('customer', 'admin', 'user'), status: 401 },
];

describe.each(ENDPOINTS)('$method $path', (ep) => {
  const call = (token?: string, headers: Record<string, string> = {}) => s.call(ep.method, ep.path(), { token, json: ep.json?.(), headers });

  it.each(CALLERS)('$name → $status', async (caller) => {
    const res = await call(caller.token(), caller.header ? { Authorization: caller.header() } : {});
    expect(res.status).toBe(caller.status);
    expect(res.body.success).toBe(false);
    expect(typeof res.body.message).toBe('string');
  });

  it('a blocked customer → 403', async () => {
    const blocked = await insertCustomer(s, { blocked: true });
    const res = await call(blocked.token);
    expect(res.status).toBe(403);
  });

  if (ep.byId) {
    it("another customer's token → 404 (existence not revealed)", async () => {
      const res = await call(bob.token);
      expect(res.status).toBe(404);
    });
  }
});

it('nothing the refused callers sent changed any data', async () => {
  const booking = await Booking.findById(aliceBooking).lean();
  expect(booking?.postcode).toBe('ALICE1');
  expect(booking?.status).toBe('pending');
  expect(await Booking.countDocuments({ postcode: 'HACK1' })).toBe(0);
  expect((await User.findById(alice.id).lean())?.name).toBe('Alice');
  expect((await s.call('POST', '/api/auth/user/login', { json: { email: alice.email, password: alice.password } })).status).toBe(200);
  // And the owner still can.
  expect((await s.call('GET', '/api/user/bookings', { token: alice.token })).body.bookings).toHaveLength(1);
});
