// ten wrong passwords from a stranger pause the account's sign-in on
// every new device, but not on a device where the owner signed in before (a signed, HttpOnly device
// cookie); wrong passwords from that device are still limited, per account and device.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_MSG } from '@shared/messages-api';
import { LOGIN_MAX_FAILS } from '../../api/src/lib/password-attempts';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer } from '../support/customers';
import { makeEmployee } from './employee-fixtures';

let s: TestServer;
beforeAll(async () => {
  // One trusted proxy, so each call can come from its own address (the per-IP caps stay out of the way).
  s = await startTestServer({ BCRYPT_COST: '4', TRUST_PROXY: '1' });
});
afterAll(async () => {
  await s?.close();
});

let ipSeq = 0;
const freshIp = () => `203.0.${113 + (++ipSeq >> 8)}.${ipSeq & 255}`;

type Side = { name: string; path: string; cookie: string; account: () => Promise<{ email: string; password: string; }>; };
const SIDES: Side[] = [
  { name: 'customer', path: '/api/auth/user/login', cookie: 'sc_device', account: () => insertCustomer(s) },
  { name: 'staff', path: '/api/auth/employee/login', cookie: 'sc_staff_device', account: () => makeEmployee(s) },
];

/** The name=value part of the device cookie a sign-in answer set, with its attributes. */
function deviceCookie(headers: Headers, name: string): { pair: string; attrs: string; } {
  const line = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  if (!line) throw new Error(`no ${name} cookie set`);
  const [pair, ...attrs] = line.split(';').map((p) => p.trim());
  return { pair, attrs: attrs.join('; ').toLowerCase() };
}

describe.each(SIDES)('$name sign-in from a known device', (side) => {
  const login = (email: string, password: string, cookie?: string, extra: Record<string, string> = {}) =>
    s.call('POST', side.path, { json: { email, password }, headers: { 'X-Forwarded-For': freshIp(), ...(cookie ? { Cookie: cookie } : {}), ...extra } });

  it('a successful sign-in sets an HttpOnly, SameSite=Strict device cookie for the sign-in routes only (Secure over https)', async () => {
    const a = await side.account();
    const ok = await login(a.email, a.password);
    expect(ok.status).toBe(200);
    const { pair, attrs } = deviceCookie(ok.headers, side.cookie);
    expect(pair.length).toBeGreaterThan(side.cookie.length + 40);
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=strict');
    expect(attrs).toContain('path=/api/auth');
    expect(attrs).not.toContain('secure');
    const https = await login(a.email, a.password, pair, { 'X-Forwarded-Proto': 'https' });
    expect(deviceCookie(https.headers, side.cookie).attrs).toContain('secure');
    expect((await login(a.email, 'wrong-password')).headers.getSetCookie()).toEqual([]);
  });

  it(`${LOGIN_MAX_FAILS} wrong passwords from a stranger lock new devices, not the owner's known device`, async () => {
    const a = await side.account();
    const { pair } = deviceCookie((await login(a.email, a.password)).headers, side.cookie);
    for (let i = 0; i < LOGIN_MAX_FAILS; i++) expect((await login(a.email, 'wrong-password')).status).toBe(401);
    const stranger = await login(a.email, a.password);
    expect([stranger.status, stranger.body.message]).toEqual([429, API_MSG.loginLocked]);
    // A made-up cookie, or another account's, is a new device too.
    expect((await login(a.email, a.password, `${side.cookie}=${pair.split('=')[1].replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))}`)).status).toBe(429);
    const other = await side.account();
    const otherPair = deviceCookie((await login(other.email, other.password)).headers, side.cookie).pair;
    expect((await login(a.email, a.password, otherPair)).status).toBe(429);

    expect((await login(a.email, a.password, pair)).status).toBe(200);
  });

  it('wrong passwords from the known device are limited per account and device', async () => {
    const a = await side.account();
    const { pair } = deviceCookie((await login(a.email, a.password)).headers, side.cookie);
    for (let i = 0; i < LOGIN_MAX_FAILS; i++) expect((await login(a.email, 'wrong-password', pair)).status).toBe(401);
    const over = await login(a.email, 'wrong-password', pair);
    expect([over.status, over.body.message]).toEqual([429, API_MSG.loginLocked]);
    expect((await login(a.email, a.password, pair)).status).toBe(429);
    // They did not use up the allowance of other devices.
    expect((await login(a.email, a.password)).status).toBe(200);
  });
});

describe('one device, several accounts', () => {
  it('keeps a mark for each account that signed in on it', async () => {
    const path = '/api/auth/user/login';
    const [a, b] = [await insertCustomer(s), await insertCustomer(s)];
    const call = (email: string, password: string, cookie?: string) =>
      s.call('POST', path, { json: { email, password }, headers: { 'X-Forwarded-For': freshIp(), ...(cookie ? { Cookie: cookie } : {}) } });
    const first = deviceCookie((await call(a.email, a.password)).headers, 'sc_device').pair;
    const both = deviceCookie((await call(b.email, b.password, first)).headers, 'sc_device').pair;
    for (let i = 0; i < LOGIN_MAX_FAILS; i++) await call(a.email, 'wrong-password');
    expect((await call(a.email, a.password)).status).toBe(429);
    expect((await call(a.email, a.password, both)).status).toBe(200);
  });
});
