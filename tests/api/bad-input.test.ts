// Bad input on every customer endpoint: a clear 4xx, never a 500, and nothing stored changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';

type Answer = Awaited<ReturnType<TestServer['call']>>;
import { bookingInput, insertCustomer, type TestCustomer } from '../support/customers';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { Otp } from '../../api/src/models/Otp';

let s: TestServer;
let alice: TestCustomer;
let bookingId: string;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4', GOOGLE_CLIENT_ID: 'bad-input.apps.googleusercontent.com', GOOGLE_JWKS_URL: 'http://127.0.0.1:9/none' });
  alice = await insertCustomer(s, { name: 'Alice' });
  bookingId = (await s.call('POST', '/api/user/bookings', { token: alice.token, json: bookingInput({ postcode: 'SAFE1' }) })).body.bookingId;
});
afterAll(async () => {
  await s?.close();
});

/** Every customer route that takes a body, with a valid body for reference. */
const ROUTES: { method: string; route: string; auth?: boolean; valid: () => Record<string, unknown>; }[] = [
  { method: 'POST', route: '/api/auth/user/login', valid: () => ({ email: alice.email, password: alice.password }) },
  { method: 'POST', route: '/api/auth/user/signup', valid: () => ({ name: 'N', email: 'new@example.test', password: 'secret-pass' }) },
  { method: 'POST', route: '/api/auth/google-login', valid: () => ({ credential: 'x.y.z' }) },
  { method: 'POST', route: '/api/send-otp', valid: () => ({ email: 'otp@example.test' }) },
  { method: 'POST', route: '/api/verify-otp', valid: () => ({ email: 'otp@example.test', otp: '123456' }) },
  { method: 'POST', route: '/api/user/forgot-password', valid: () => ({ email: alice.email }) },
  { method: 'POST', route: '/api/user/reset-password', valid: () => ({ email: alice.email, otp: '123456', newPassword: 'secret-pass' }) },
  { method: 'PUT', route: '/api/user/profile', auth: true, valid: () => ({ name: 'Alice' }) },
  { method: 'PUT', route: '/api/user/change-password', auth: true, valid: () => ({ currentPassword: alice.password, newPassword: 'secret-pass' }) },
  { method: 'POST', route: '/api/user/bookings', auth: true, valid: () => bookingInput() },
  { method: 'PUT', route: '/api/user/bookings/:id', auth: true, valid: () => ({ postcode: 'N11AA' }) },
];

async function snapshot() {
  return JSON.stringify({
    users: await User.find({}, { passwordHash: 1, name: 1, email: 1, role: 1, phone: 1 }).sort({ email: 1 }).lean(),
    bookings: await Booking.find({}).sort({ _id: 1 }).lean(),
    otps: await Otp.countDocuments(),
  });
}

function expectClear4xx(res: Answer, status?: number) {
  if (status) expect(res.status).toBe(status);
  expect(res.status).toBeGreaterThanOrEqual(400);
  expect(res.status).toBeLessThan(500);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toEqual(expect.any(String));
  expect(JSON.stringify(res.body)).not.toMatch(/at .*\.ts:\d+|node_modules|stack/i);
}

describe.each(ROUTES)('$method $route', (route) => {
  const path = () => route.route.replace(':id', bookingId);
  const token = () => (route.auth ? alice.token : undefined);
  const raw = (body: string, contentType = 'application/json') =>
    s.call(route.method, path(), { token: token(), body, headers: { 'Content-Type': contentType } });

  it('broken JSON → 400 saying so', async () => {
    const before = await snapshot();
    const res = await raw('{"email": "a@b.c",');
    expectClear4xx(res, 400);
    expect(res.body.message).toMatch(/not valid JSON/);
    expect(await snapshot()).toBe(before);
  });

  it('an unknown field, an operator object and wrong types → 400', async () => {
    const before = await snapshot();
    const valid = route.valid();
    const firstKey = Object.keys(valid)[0];
    const bodies = [
      { ...valid, role: 'admin' },
      { ...valid, [firstKey]: { $gt: '' } },
      { ...valid, [firstKey]: 12345 },
      { ...valid, [firstKey]: ['a', 'b'] },
      JSON.parse(`{"__proto__": {"role": "admin"}, ${JSON.stringify(valid).slice(1)}`),
    ];
    for (const json of bodies) {
      const res = await s.call(route.method, path(), { token: token(), json });
      expectClear4xx(res, 400);
    }
    for (const body of ['[]', '[1,2]', 'null', '"just a string"']) expectClear4xx(await raw(body));
    expect(await snapshot()).toBe(before);
  });

  it('a body over the 1 MB limit → 413', async () => {
    const before = await snapshot();
    const res = await s.call(route.method, path(), { token: token(), json: { ...route.valid(), padding: 'x'.repeat(1_200_000) } });
    expectClear4xx(res, 413);
    expect(await snapshot()).toBe(before);
  });

  it('a non-JSON content type is not parsed: a validation 400', async () => {
    const res = await raw(JSON.stringify(route.valid()), 'text/plain');
    expectClear4xx(res);
  });
});

describe('ids in the path', () => {
  it.each(['123', 'not-an-id', 'zzzzzzzzzzzzzzzzzzzzzzzz', '%24gt', '{"$gt":""}'])('bad booking id %s → 400', async (id) => {
    for (const method of ['PUT', 'DELETE']) {
      const res = await s.call(method, `/api/user/bookings/${encodeURIComponent(id)}`, {
        token: alice.token,
        json: method === 'PUT' ? { postcode: 'N1' } : undefined,
      });
      expectClear4xx(res, 400);
    }
    expect((await Booking.findById(bookingId).lean())?.postcode).toBe('SAFE1');
  });
});

describe('login with operator objects', () => {
  it('never signs anyone in with {"$gt": ""}', async () => {
    for (
      const json of [{ email: { $gt: '' }, password: { $gt: '' } }, { email: alice.email, password: { $gt: '' } }, {
        email: { $ne: null },
        password: alice.password,
      }]
    ) {
      const res = await s.call('POST', '/api/auth/user/login', { json });
      expectClear4xx(res, 400);
      expect(res.body.token).toBeUndefined();
    }
  });
});
