// Customer sign-in over real HTTP: password login and its limits, Google sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer, signUpViaOtp, uniqueEmail } from '../support/customers';
import { User } from '../../api/src/models/User';
import { MSG } from '@shared/messages';

const CLIENT_ID = 'test-client.apps.googleusercontent.com';
let s: TestServer;
let jwks: http.Server;
let googleKey: CryptoKey;
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  googleKey = pair.privateKey;
  strangerKey = (await generateKeyPair('RS256')).privateKey;
  const jwk = { ...(await exportJWK(pair.publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  // Our own JWKS endpoint on loopback stands in for Google's.
  jwks = http.createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((r) => jwks.listen(0, '127.0.0.1', r));
  const { port } = jwks.address() as AddressInfo;
  s = await startTestServer({ BCRYPT_COST: '4', GOOGLE_CLIENT_ID: CLIENT_ID, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` });
});
afterAll(async () => {
  await s?.close();
  await new Promise((r) => jwks?.close(r));
});

describe('login', () => {
  it('returns token and user for the right password', async () => {
    const c = await signUpViaOtp(s, { name: 'Grace' });
    const res = await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: c.password } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { id: c.id, email: c.email, name: 'Grace', role: 'user' } });
    expect(typeof res.body.message).toBe('string');
    expect(s.deps.tokens.verify(res.body.token, 'customer').sub).toBe(c.id);
  });

  it('gives one message for an unknown e-mail and a wrong password', async () => {
    const c = await insertCustomer(s);
    const wrong = await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: 'nope-nope' } });
    const unknown = await s.call('POST', '/api/auth/user/login', { json: { email: uniqueEmail(), password: 'nope-nope' } });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body.message).toBe('Invalid email or password');
    expect(unknown.body.message).toBe(wrong.body.message);
  });

  it('refuses a blocked account with 403', async () => {
    const c = await insertCustomer(s, { blocked: true });
    const res = await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: c.password } });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/blocked/);
  });

  it('locks an e-mail (from this IP) after 10 failed attempts, even for the right password', async () => {
    const c = await insertCustomer(s);
    const other = await insertCustomer(s);
    for (let i = 0; i < 10; i++) {
      expect((await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: `wrong-${i}-x` } })).status).toBe(401);
    }
    const locked = await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: c.password } });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another customer on the same IP is not affected.
    expect((await s.call('POST', '/api/auth/user/login', { json: { email: other.email, password: other.password } })).status).toBe(200);
  });

  it('a burst of parallel wrong passwords gets no more than 10 checks: the rest are refused with 429', async () => {
    const c = await insertCustomer(s);
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) => s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: `guess-${i}-x` } }).then((r) => r.status),
      ),
    );
    expect(statuses.filter((st) => st === 401)).toHaveLength(10);
    expect(statuses.filter((st) => st === 429)).toHaveLength(20);
  });

  it('sign-ins with the right password do not use up the allowance for wrong ones', async () => {
    const c = await insertCustomer(s);
    const login = (password: string) => s.call('POST', '/api/auth/user/login', { json: { email: c.email, password } }).then((r) => r.status);
    for (let i = 0; i < 9; i++) expect(await login(`wrong-${i}-x`)).toBe(401);
    for (let i = 0; i < 5; i++) expect(await login(c.password)).toBe(200);
    expect(await login('wrong-last-x')).toBe(401); // the 10th wrong one is still checked
    expect(await login(c.password)).toBe(429);
  });
});

describe('google-login', () => {
  const sign = (claims: Record<string, unknown>, opts: { key?: CryptoKey; aud?: string; iss?: string; exp?: number; } = {}) =>
    new SignJWT({ email_verified: true, name: 'Gina Google', picture: 'https://lh3.googleusercontent.com/a/pic', ...claims })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(opts.iss ?? 'https://accounts.google.com')
      .setAudience(opts.aud ?? CLIENT_ID)
      .setIssuedAt()
      .setExpirationTime(opts.exp ?? Math.floor(Date.now() / 1000) + 600)
      .sign(opts.key ?? googleKey);
  const login = (credential: string) => s.call('POST', '/api/auth/google-login', { json: { credential } });

  it('creates a user for a new Google account, then signs the same one in again', async () => {
    const email = uniqueEmail('google');
    const token = await sign({ sub: 'g-new-1', email });
    const res = await login(token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, user: { email, name: 'Gina Google', picture: 'https://lh3.googleusercontent.com/a/pic', role: 'user' } });
    const again = await login(await sign({ sub: 'g-new-1', email }, { iss: 'accounts.google.com' }));
    expect(again.status).toBe(200);
    expect(again.body.user.id).toBe(res.body.user.id);
    const stored = await User.findOne({ email }).lean();
    expect(stored?.googleId).toBe('g-new-1');
  });

  it('links to an existing account with the same e-mail', async () => {
    const c = await insertCustomer(s);
    const res = await login(await sign({ sub: 'g-link-1', email: c.email }));
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(c.id);
    expect((await User.findById(c.id).lean())?.googleId).toBe('g-link-1');
    // The password still works after linking.
    expect((await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: c.password } })).status).toBe(200);
  });

  it('refuses tokens with the wrong audience, issuer, key, expiry or an unverified e-mail', async () => {
    const email = uniqueEmail('google');
    const bad = [
      await sign({ sub: 'g-bad', email }, { aud: 'someone-else' }),
      await sign({ sub: 'g-bad', email }, { iss: 'https://evil.example' }),
      await sign({ sub: 'g-bad', email }, { key: strangerKey }),
      await sign({ sub: 'g-bad', email }, { exp: Math.floor(Date.now() / 1000) - 60 }),
      await sign({ sub: 'g-bad', email, email_verified: false }),
      'not-a-jwt',
    ];
    for (const token of bad) {
      const res = await login(token);
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ success: false, message: MSG.googleLoginFailed });
    }
    expect(await User.exists({ email })).toBeNull();
  });

  it('refuses a blocked account with 403', async () => {
    const c = await insertCustomer(s, { blocked: true });
    const res = await login(await sign({ sub: 'g-blocked', email: c.email }));
    expect(res.status).toBe(403);
    expect(res.body.token).toBeUndefined();
    // Refused means unchanged: the Google account was not linked to it.
    const stored = await User.findById(c.id).lean();
    expect(stored?.googleId).toBeUndefined();
    expect(await User.countDocuments({ googleId: 'g-blocked' })).toBe(0);
  });

  it('answers 503 with a clear message when GOOGLE_CLIENT_ID is not configured', async () => {
    const saved = s.deps.config.googleClientId;
    s.deps.config.googleClientId = undefined;
    try {
      const res = await login(await sign({ sub: 'g-x', email: uniqueEmail() }));
      expect(res.status).toBe(503);
      expect(res.body.message).toMatch(/not configured/);
    } finally {
      s.deps.config.googleClientId = saved;
    }
  });
});
