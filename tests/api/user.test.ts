// Customer account routes over real HTTP: forgot/reset (every errorType), profile, password change, dashboard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';

type Answer = Awaited<ReturnType<TestServer['call']>>;
import { otpFrom } from '../support/mail-catcher';
import { bookingInput, insertCustomer, uniqueEmail, type TestCustomer } from '../support/customers';
import { Otp } from '../../api/src/models/Otp';
import { User } from '../../api/src/models/User';
import { Booking } from '../../api/src/models/Booking';
import { MSG, RESET_ERROR_TYPES } from '@shared/messages';
import { OTP_MAX_TRIES } from '@shared/constants';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await s?.close();
});

const forgot = (email: string) => s.call('POST', '/api/user/forgot-password', { json: { email } });
const reset = (json: Record<string, unknown>) => s.call('POST', '/api/user/reset-password', { json });
const login = (email: string, password: string) => s.call('POST', '/api/auth/user/login', { json: { email, password } });

async function requestReset(c: { email: string; }): Promise<string> {
  const seen = s.mail.mails.length;
  const res = await forgot(c.email);
  expect(res.status).toBe(200);
  expect(res.body).toEqual({ success: true, message: MSG.otpSent });
  const mail = await s.mail.waitFor(c.email, { after: seen, subject: /password reset/ });
  return otpFrom(mail);
}

function expectResetError(res: Answer, status: number, errorType: string) {
  expect(res.status).toBe(status);
  expect(res.body.success).toBe(false);
  expect(res.body.errorType).toBe(errorType);
  expect(RESET_ERROR_TYPES).toContain(res.body.errorType);
  expect(typeof res.body.message).toBe('string');
}

describe('forgot-password', () => {
  it('user_not_found (404) for an unknown e-mail', async () => {
    expectResetError(await forgot(uniqueEmail()), 404, 'user_not_found');
  });

  it('account_blocked (403) for a blocked account, and no mail is sent', async () => {
    const c = await insertCustomer(s, { blocked: true });
    const seen = s.mail.mails.length;
    expectResetError(await forgot(c.email), 403, 'account_blocked');
    await new Promise((r) => setTimeout(r, 200));
    expect(s.mail.mails.slice(seen).some((m) => m.to === c.email)).toBe(false);
  });

  it('otp_pending (429 with Retry-After) when a code went out less than 30 s ago', async () => {
    const c = await insertCustomer(s);
    await requestReset(c);
    const again = await forgot(c.email);
    expectResetError(again, 429, 'otp_pending');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('answers a validation error with errorType too', async () => {
    expectResetError(await forgot('not-an-email'), 400, 'unknown');
  });
});

describe('reset-password', () => {
  it('resets the password with the mailed code; the old password stops working and the code is used up', async () => {
    const c = await insertCustomer(s);
    const otp = await requestReset(c);
    const res = await reset({ email: c.email, otp, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pass' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: MSG.passwordResetDone });
    expect((await login(c.email, c.password)).status).toBe(401);
    expect((await login(c.email, 'brand-new-pass')).status).toBe(200);
    expectResetError(await reset({ email: c.email, otp, newPassword: 'another-pass' }), 400, 'no_reset_request');
  });

  it('no_reset_request (400) without a reset code, also for an unknown e-mail', async () => {
    const c = await insertCustomer(s);
    expectResetError(await reset({ email: c.email, otp: '123456', newPassword: 'brand-new-pass' }), 400, 'no_reset_request');
    expectResetError(await reset({ email: uniqueEmail(), otp: '123456', newPassword: 'brand-new-pass' }), 400, 'no_reset_request');
  });

  it('otp_expired (400) once the code is older than 10 minutes', async () => {
    const c = await insertCustomer(s);
    const otp = await requestReset(c);
    await Otp.updateOne({ email: c.email, purpose: 'reset' }, { $set: { expiresAt: new Date(Date.now() - 1) } });
    expectResetError(await reset({ email: c.email, otp, newPassword: 'brand-new-pass' }), 400, 'otp_expired');
    expect((await login(c.email, c.password)).status).toBe(200);
  });

  it('invalid_otp (400) counts tries; after 5 the right code no longer works', async () => {
    const c = await insertCustomer(s);
    const otp = await requestReset(c);
    const wrong = otp === '999999' ? '888888' : '999999';
    for (let i = 1; i <= OTP_MAX_TRIES; i++) {
      const res = await reset({ email: c.email, otp: wrong, newPassword: 'brand-new-pass' });
      expectResetError(res, 400, 'invalid_otp');
      expect(res.body.triesLeft).toBe(OTP_MAX_TRIES - i);
    }
    const late = await reset({ email: c.email, otp, newPassword: 'brand-new-pass' });
    expectResetError(late, 400, 'invalid_otp');
    expect(late.body.message).toMatch(/no longer works/);
    expect((await login(c.email, c.password)).status).toBe(200);
  });

  it('password_mismatch (400) when confirmPassword differs', async () => {
    const c = await insertCustomer(s);
    const otp = await requestReset(c);
    const res = await reset({ email: c.email, otp, newPassword: 'brand-new-pass', confirmPassword: 'brand-new-pasS' });
    expectResetError(res, 400, 'password_mismatch');
    expect(res.body.message).toBe(MSG.resetPasswordsDontMatch);
    // The code is still good afterwards: a mismatch is not a wrong code.
    expect((await reset({ email: c.email, otp, newPassword: 'brand-new-pass' })).status).toBe(200);
  });

  it('weak_password (400) for a short, missing or non-string new password', async () => {
    const c = await insertCustomer(s);
    const short = await reset({ email: c.email, otp: '123456', newPassword: '12345' });
    expectResetError(short, 400, 'weak_password');
    expect(short.body.message).toBe(MSG.resetPasswordTooShort);
    expectResetError(await reset({ email: c.email, otp: '123456' }), 400, 'weak_password');
    expectResetError(await reset({ email: c.email, otp: '123456', newPassword: { $gt: '' } }), 400, 'weak_password');
  });

  it('a malformed code is invalid_otp, an unknown field still carries an errorType', async () => {
    const c = await insertCustomer(s);
    expectResetError(await reset({ email: c.email, otp: '12ab', newPassword: 'brand-new-pass' }), 400, 'invalid_otp');
    expectResetError(await reset({ email: c.email, otp: '123456', newPassword: 'brand-new-pass', role: 'admin' }), 400, 'unknown');
  });

  it('lets a Google-only account (no password) set one', async () => {
    const email = uniqueEmail('google-only');
    await User.create({ email, name: 'G Only', googleId: `g-${email}` });
    expect((await login(email, 'anything-1')).status).toBe(401);
    const otp = await requestReset({ email });
    expect((await reset({ email, otp, newPassword: 'first-password' })).status).toBe(200);
    expect((await login(email, 'first-password')).status).toBe(200);
  });

  it('account_blocked (403) on reset for a blocked account', async () => {
    const c = await insertCustomer(s);
    const otp = await requestReset(c);
    await User.updateOne({ email: c.email }, { $set: { blocked: true } });
    expectResetError(await reset({ email: c.email, otp, newPassword: 'brand-new-pass' }), 403, 'account_blocked');
  });
});

describe('profile', () => {
  let c: TestCustomer;
  beforeAll(async () => {
    c = await insertCustomer(s, { name: 'Pat Profile' });
  });

  it('GET returns the signed-in user without secrets', async () => {
    const res = await s.call('GET', '/api/user/profile', { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.user).toMatchObject({ id: c.id, email: c.email, name: 'Pat Profile', role: 'user' });
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|\$2[aby]\$/);
  });

  it('PUT updates name, phone and address (wizard sends only phone and address)', async () => {
    const res = await s.call('PUT', '/api/user/profile', { token: c.token, json: { name: 'Pat Updated', phone: '020 7946 0000', address: '1 High St' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: MSG.profileUpdated, user: { name: 'Pat Updated', phone: '020 7946 0000', address: '1 High St' } });
    const wizard = await s.call('PUT', '/api/user/profile', { token: c.token, json: { phone: '07700 900123', address: '2 Low Rd' } });
    expect(wizard.status).toBe(200);
    expect(wizard.body.user).toMatchObject({ name: 'Pat Updated', phone: '07700 900123', address: '2 Low Rd' });
    expect((await s.call('GET', '/api/user/profile', { token: c.token })).body.user.address).toBe('2 Low Rd');
  });

  it('PUT rejects an empty name, unknown fields (role) and an empty body', async () => {
    const empty = await s.call('PUT', '/api/user/profile', { token: c.token, json: { name: '   ' } });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toBe(MSG.nameRequired);
    expect((await s.call('PUT', '/api/user/profile', { token: c.token, json: { role: 'admin' } })).status).toBe(400);
    expect((await s.call('PUT', '/api/user/profile', { token: c.token, json: {} })).status).toBe(400);
    expect((await User.findById(c.id).lean())?.role).toBe('user');
  });
});

describe('change-password', () => {
  it('needs the right current password', async () => {
    const c = await insertCustomer(s);
    const wrong = await s.call('PUT', '/api/user/change-password', { token: c.token, json: { currentPassword: 'not-it', newPassword: 'changed-pass' } });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe('Current password is incorrect.');
    const ok = await s.call('PUT', '/api/user/change-password', { token: c.token, json: { currentPassword: c.password, newPassword: 'changed-pass' } });
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    expect((await login(c.email, 'changed-pass')).status).toBe(200);
    expect((await login(c.email, c.password)).status).toBe(401);
  });

  it('rejects a short new password', async () => {
    const c = await insertCustomer(s);
    const res = await s.call('PUT', '/api/user/change-password', { token: c.token, json: { currentPassword: c.password, newPassword: '123' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.newPassword).toBe(MSG.passwordTooShort);
  });
});

describe('dashboard', () => {
  it('counts only my bookings by status', async () => {
    const c = await insertCustomer(s);
    const other = await insertCustomer(s);
    const mine = (status: string) => ({ ...bookingInput(), user: new mongoose.Types.ObjectId(c.id), status });
    await Booking.insertMany([mine('pending'), mine('pending'), mine('completed'), mine('accepted'), {
      ...bookingInput(),
      user: new mongoose.Types.ObjectId(other.id),
      status: 'pending',
    }]);
    const res = await s.call('GET', '/api/user/dashboard', { token: c.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, stats: { totalBookings: 4, pendingBookings: 2, completedBookings: 1 } });
  });
});
