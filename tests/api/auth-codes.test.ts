// Customer sign-up over real HTTP: e-mailed codes (read from a real SMTP catcher), their tries and limits, the per-IP cap, and signing up with a verified e-mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { otpFrom } from '../support/mail-catcher';
import { insertCustomer, uniqueEmail } from '../support/customers';
import { Otp } from '../../api/src/models/Otp';
import { User } from '../../api/src/models/User';
import { MSG } from '@shared/messages';
import { OTP_MAX_TRIES } from '@shared/constants';

let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await s?.close();
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
