// Limits that hold whatever the client claims: a forged X-Forwarded-For resets nothing, failed sign-ins
// count per account across IPs and per IP across accounts, code sends are capped per e-mail, a resend
// gives no tries back, and routes that never need a big body refuse one early.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer, uniqueEmail } from '../support/customers';
import { otpFrom } from '../support/mail-catcher';
import { makeEmployee } from './employee-fixtures';
import { Otp } from '../../api/src/models/Otp';
import { API_MSG, ACCOUNT_MSG } from '@shared/messages-api';
import { LOGIN_IP_MAX_FAILS, LOGIN_MAX_FAILS, LOGIN_WINDOW_MS } from '../../api/src/lib/password-attempts';
import { OTP_LIMITS } from '../../api/src/services/accounts/otp';
import { OTP_MAX_TRIES, OTP_VERIFIED_WINDOW_MS } from '@shared/constants';

let s: TestServer;
let clockFile: string;
let offset = 0;
/** Moves the server's clock (clock.ts) on by `ms`: the limits' windows follow it. */
const moveClock = (ms: number) => writeFile(clockFile, String(offset += ms));
beforeAll(async () => {
  // The caps count in fixed windows (15 minutes, an hour, a UTC day: lib/rate-limit.ts) on the server's
  // clock. It starts a minute past a whole hour, so no test's sends straddle a window's end.
  clockFile = path.join(await mkdtemp(path.join(tmpdir(), 'abuse-limits-')), 'clock');
  const hour = OTP_LIMITS.perEmailHour.windowMs;
  await moveClock(Math.ceil(Date.now() / hour) * hour + 60_000 - Date.now());
  // One trusted proxy: it appends the address it saw to whatever X-Forwarded-For the client sent.
  s = await startTestServer({ BCRYPT_COST: '4', TRUST_PROXY: '1', TEST_CLOCK_FILE: clockFile });
});
afterAll(async () => {
  await s?.close();
});

let ipSeq = 0;
/** A fresh client address (the proxy's view) for each test, so tests do not share per-IP counters. */
const freshIp = () => `198.51.${100 + (++ipSeq >> 8)}.${ipSeq & 255}`;
const forged = () => `${randomBytes(2).readUInt16BE()}.${randomBytes(1)[0]}.${randomBytes(1)[0]}.1`;
const via = (clientIp: string) => ({ 'X-Forwarded-For': `${forged()}, ${clientIp}` });

const customerLogin = (email: string, password: string, ip: string) => s.call('POST', '/api/auth/user/login', { json: { email, password }, headers: via(ip) });

describe('TRUST_PROXY counts hops: a client-written X-Forwarded-For entry resets nothing', () => {
  it(`failed sign-ins with a new forged entry each time still hit the per-IP cap (${LOGIN_IP_MAX_FAILS})`, async () => {
    const ip = '127.0.0.9';
    for (let i = 0; i < LOGIN_IP_MAX_FAILS; i++) {
      // A different account each time: only the IP's counter can stop this.
      const r = await customerLogin(uniqueEmail('stuffing'), 'wrong-password', ip);
      expect(r.status).toBe(401);
    }
    const over = await customerLogin(uniqueEmail('stuffing'), 'wrong-password', ip);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(API_MSG.loginIpCapped);
    expect(Number(over.headers.get('Retry-After'))).toBeGreaterThan(0);
    // Another client behind the same proxy is not affected.
    const c = await insertCustomer(s);
    expect((await customerLogin(c.email, c.password, freshIp())).status).toBe(200);
  });
});

describe('failed sign-ins per account, across IPs', () => {
  it(`the ${LOGIN_MAX_FAILS + 1}th failed customer sign-in from ${LOGIN_MAX_FAILS + 1} different IPs is 429, even with the right password`, async () => {
    const c = await insertCustomer(s);
    for (let i = 0; i < LOGIN_MAX_FAILS; i++) expect((await customerLogin(c.email, 'wrong-password', freshIp())).status).toBe(401);
    const over = await customerLogin(c.email, 'wrong-password', freshIp());
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(API_MSG.loginLocked);
    expect((await customerLogin(c.email, c.password, freshIp())).status).toBe(429);
    // Locked for the window only, on the server's clock.
    await moveClock(LOGIN_WINDOW_MS);
    expect((await customerLogin(c.email, c.password, freshIp())).status).toBe(200);
  });

  it('the same holds for staff sign-ins', async () => {
    const e = await makeEmployee(s);
    const login = (password: string) => s.call('POST', '/api/auth/employee/login', { json: { email: e.email, password }, headers: via(freshIp()) });
    for (let i = 0; i < LOGIN_MAX_FAILS; i++) expect((await login('wrong-password')).status).toBe(401);
    const over = await login('wrong-password');
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(API_MSG.loginLocked);
  });
});

describe('codes by e-mail', () => {
  /** Lets the next resend through at once, as if the 30 s gap had passed. */
  const pastResendGap = (email: string, purpose: 'signup' | 'reset') =>
    Otp.updateOne({ email, purpose }, { $set: { sentAt: new Date(Date.now() + offset - 31_000) } });

  async function sendSignupCode(email: string): Promise<{ status: number; otp?: string; body: any; }> {
    const seen = s.mail.mails.length;
    const r = await s.call('POST', '/api/send-otp', { json: { email }, headers: via(freshIp()) });
    if (r.status !== 200) return { status: r.status, body: r.body };
    return { status: 200, body: r.body, otp: otpFrom(await s.mail.waitFor(email, { after: seen })) };
  }

  it('a resend does not give back tries: wrong codes count per e-mail across codes', async () => {
    const email = uniqueEmail('tries');
    const first = await sendSignupCode(email);
    expect(first.status).toBe(200);
    const wrong = (otp: string) => (otp === '000000' ? '111111' : '000000');
    for (let i = 0; i < OTP_MAX_TRIES; i++) expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: wrong(first.otp!) } })).status).toBe(400);
    await pastResendGap(email, 'signup');
    const second = await sendSignupCode(email);
    expect(second.status).toBe(200);
    // Even the right new code is refused: the e-mail's tries for this hour are used up.
    const r = await s.call('POST', '/api/verify-otp', { json: { email, otp: second.otp } });
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(API_MSG.otpTooManyWrong);
    expect(r.body.triesLeft).toBe(0);
  });

  it('a right code gives its try back: mistakes then success leave the allowance for the next code', async () => {
    const email = uniqueEmail('tries-ok');
    const sent = await sendSignupCode(email);
    expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: sent.otp === '000000' ? '111111' : '000000' } })).body.triesLeft).toBe(
      OTP_MAX_TRIES - 1,
    );
    expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: sent.otp } })).status).toBe(200);
  });

  it(`sends to one e-mail are capped per hour (${OTP_LIMITS.perEmailHour.max}) whatever IP asks`, async () => {
    const email = uniqueEmail('capped');
    for (let i = 0; i < OTP_LIMITS.perEmailHour.max; i++) {
      expect((await sendSignupCode(email)).status).toBe(200);
      await pastResendGap(email, 'signup');
    }
    const seen = s.mail.mails.length;
    const over = await sendSignupCode(email);
    expect(over.status).toBe(429);
    expect(over.body.message).toBe(API_MSG.otpEmailCapped);
    expect(s.mail.mails.slice(seen).some((m) => m.to === email)).toBe(false);
    // The next hour on the server's clock, the address may have a code again.
    await moveClock(OTP_LIMITS.perEmailHour.windowMs);
    expect((await sendSignupCode(email)).status).toBe(200);
  });

  it("a verified e-mail signs up within its window on the server's clock, not after", async () => {
    const email = uniqueEmail('late');
    const sent = await sendSignupCode(email);
    expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: sent.otp } })).status).toBe(200);
    await moveClock(OTP_VERIFIED_WINDOW_MS + 1000);
    const late = await s.call('POST', '/api/auth/user/signup', { json: { name: 'Late Larry', email, password: 'secret-pass-1' } });
    expect(late.status).toBe(403);
    expect(late.body.message).toBe(ACCOUNT_MSG.notVerified);
  });

  it('reset codes are capped per e-mail too, with the reset dialog errorType', async () => {
    const c = await insertCustomer(s);
    for (let i = 0; i < OTP_LIMITS.perEmailHour.max; i++) {
      expect((await s.call('POST', '/api/user/forgot-password', { json: { email: c.email }, headers: via(freshIp()) })).status).toBe(200);
      await pastResendGap(c.email, 'reset');
    }
    const over = await s.call('POST', '/api/user/forgot-password', { json: { email: c.email }, headers: via(freshIp()) });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ message: API_MSG.otpEmailCapped, errorType: 'otp_pending' });
  });
});

describe('body size per route', () => {
  const big = { email: 'a@b.co', password: 'x'.repeat(100_000) };
  it('sign-in, codes, profile and forms refuse a 100 kB body with 413 before parsing it', async () => {
    const c = await insertCustomer(s);
    for (
      const [method, path] of [
        ['POST', '/api/auth/user/login'],
        ['POST', '/api/send-otp'],
        ['POST', '/api/user/reset-password'],
        ['PUT', '/api/user/profile'],
        ['POST', '/api/contact'],
        ['POST', '/api/auth/employee/login'],
      ]
    ) {
      const r = await s.call(method, path, { json: big, token: c.token, headers: via(freshIp()) });
      expect(r.status, path).toBe(413);
      expect(r.body.message).toBe('The request is too large.');
    }
  });
});
