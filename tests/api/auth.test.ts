// Customer sign-in over real HTTP: OTP signup (mails read from a real SMTP catcher), login limits, Google sign-in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey } from 'jose';
import { startTestServer, type TestServer } from '../support/test-server';
import { otpFrom } from '../support/mail-catcher';
import { insertCustomer, signUpViaOtp, uniqueEmail } from '../support/customers';
import { Otp } from '../../api/src/models/Otp';
import { User } from '../../api/src/models/User';
import { MSG } from '@shared/messages';
import { OTP_MAX_TRIES } from '@shared/constants';

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

async function sendOtp(email: string) {
  const seen = s.mail.mails.length;
  const res = await s.call('POST', '/api/send-otp', { json: { email } });
  return { res, mail: res.status === 200 ? await s.mail.waitFor(email, { after: seen }) : undefined };
}

describe('send-otp', () => {
  it('mails a 6-digit code and stores only a hash of it', async () => {
    const email = uniqueEmail();
    const { res, mail } = await sendOtp(email);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MSG.otpSent });
    expect(mail!.subject).toBe('Your SparkleClean verification code');
    const code = otpFrom(mail!);
    const stored = await Otp.findOne({ email, purpose: 'signup' }).lean();
    expect(stored?.codeHash).toMatch(/^[a-f0-9]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('allows one code per 30 s per e-mail (429 with Retry-After), then a new code replaces the old one', async () => {
    const email = uniqueEmail();
    const first = await sendOtp(email);
    const oldCode = otpFrom(first.mail!);
    const again = await s.call('POST', '/api/send-otp', { json: { email } });
    expect(again.status).toBe(429);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(again.headers.get('retry-after'))).toBeLessThanOrEqual(30);
    expect(again.body.message).toMatch(/wait \d+ seconds/);
    // Pretend 31 s went by.
    await Otp.updateOne({ email, purpose: 'signup' }, { $set: { sentAt: new Date(Date.now() - 31_000) } });
    const third = await sendOtp(email);
    expect(third.res.status).toBe(200);
    const newCode = otpFrom(third.mail!);
    if (newCode !== oldCode) {
      const old = await s.call('POST', '/api/verify-otp', { json: { email, otp: oldCode } });
      expect(old.status).toBe(400);
    }
    const ok = await s.call('POST', '/api/verify-otp', { json: { email, otp: newCode } });
    expect(ok.status).toBe(200);
  });

  it('answers 503 when the mail cannot be sent, and withdraws the code so the person can ask again at once', async () => {
    const email = uniqueEmail();
    const original = s.deps.mailer.send;
    s.deps.mailer.send = async () => {
      throw new Error('SMTP down');
    };
    try {
      const res = await s.call('POST', '/api/send-otp', { json: { email } });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe(MSG.sendOtpFailed);
    } finally {
      s.deps.mailer.send = original;
    }
    expect(await Otp.exists({ email })).toBeNull();
    expect((await sendOtp(email)).res.status).toBe(200);
  });

  it('answers 409 when the e-mail already has an account', async () => {
    const c = await insertCustomer(s);
    const res = await s.call('POST', '/api/send-otp', { json: { email: c.email.toUpperCase() } });
    expect(res.status).toBe(409);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(/already exists/);
  });
});

describe('verify-otp', () => {
  it('counts wrong codes, says how many tries are left, and kills the code after 5', async () => {
    const email = uniqueEmail();
    const code = otpFrom((await sendOtp(email)).mail!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= OTP_MAX_TRIES; i++) {
      const res = await s.call('POST', '/api/verify-otp', { json: { email, otp: wrong } });
      expect(res.status).toBe(400);
      expect(res.body.triesLeft).toBe(OTP_MAX_TRIES - i);
      if (i < OTP_MAX_TRIES) expect(res.body.message).toBe(MSG.invalidOtp);
      else expect(res.body.message).toMatch(/no longer works/);
    }
    const right = await s.call('POST', '/api/verify-otp', { json: { email, otp: code } });
    expect(right.status).toBe(400);
    expect(right.body.message).toMatch(/no longer works/);
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    const code = otpFrom((await sendOtp(email)).mail!);
    await Otp.updateOne({ email, purpose: 'signup' }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await s.call('POST', '/api/verify-otp', { json: { email, otp: code } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it('refuses a code for an e-mail that never asked for one', async () => {
    const res = await s.call('POST', '/api/verify-otp', { json: { email: uniqueEmail(), otp: '123456' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/request a new one/);
  });
});

describe('signup', () => {
  it('needs a verified e-mail, creates a user once, and uses the verification up', async () => {
    const email = uniqueEmail();
    const body = { name: 'Ada Lovelace', email, password: 'secret-pass-1' };
    const early = await s.call('POST', '/api/auth/user/signup', { json: body });
    expect(early.status).toBe(403);
    expect(early.body.message).toMatch(/verify your email/);
    const code = otpFrom((await sendOtp(email)).mail!);
    expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: code } })).status).toBe(200);
    const res = await s.call('POST', '/api/auth/user/signup', { json: body });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, user: { email, name: 'Ada Lovelace', role: 'user' } });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(s.deps.tokens.verify(res.body.token, 'customer').sub).toBe(res.body.user.id);
    expect(await Otp.exists({ email, purpose: 'signup' })).toBeNull();
    const twice = await s.call('POST', '/api/auth/user/signup', { json: body });
    expect(twice.status).toBe(409);
    expect(await User.countDocuments({ email })).toBe(1);
  });

  it('two signups racing on one verification make one account', async () => {
    const email = uniqueEmail();
    const code = otpFrom((await sendOtp(email)).mail!);
    expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: code } })).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) => s.call('POST', '/api/auth/user/signup', { json: { name: `Racer ${i}`, email, password: 'secret-pass-1' } })),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 201)) expect([403, 409]).toContain(a.status);
    expect(await User.countDocuments({ email })).toBe(1);
  });

  it('refuses once the 15-minute verification window has passed', async () => {
    const email = uniqueEmail();
    const code = otpFrom((await sendOtp(email)).mail!);
    expect((await s.call('POST', '/api/verify-otp', { json: { email, otp: code } })).status).toBe(200);
    await Otp.updateOne({ email, purpose: 'signup' }, { $set: { verifiedUntil: new Date(Date.now() - 1000) } });
    const res = await s.call('POST', '/api/auth/user/signup', { json: { name: 'Late', email, password: 'secret-pass-1' } });
    expect(res.status).toBe(403);
    expect(await User.exists({ email })).toBeNull();
  });
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

describe('per-IP OTP cap', () => {
  it('stops one IP address asking for codes after the hourly cap', async () => {
    const c = await insertCustomer(s);
    let status = 0;
    let res;
    // Requests for an existing account still count against the IP (they are cheap probes).
    for (let i = 0; i < 60 && status !== 429; i++) {
      res = await s.call('POST', '/api/send-otp', { json: { email: c.email } });
      status = res.status;
    }
    expect(status).toBe(429);
    expect(res!.headers.get('retry-after')).toBeTruthy();
    expect(res!.body.message).toMatch(/Too many codes/);
  });
});
