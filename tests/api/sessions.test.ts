// Revocable sessions: a token taken before a password change, a password reset or a sign-out answers
// 401 afterwards (customers and employees); the device that changed its password gets a fresh token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer } from '../support/customers';
import { otpFrom } from '../support/mail-catcher';
import { makeEmployee } from './employee-fixtures';
import { startServer } from '../../api/src/main';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await s?.close();
});

const customerProfile = (token: string) => s.call('GET', '/api/user/profile', { token });
const employeeProfile = (token: string) => s.call('GET', '/api/employee/profile', { token });

async function loginCustomer(email: string, password: string): Promise<string> {
  const r = await s.call('POST', '/api/auth/user/login', { json: { email, password } });
  expect(r.status).toBe(200);
  return r.body.token;
}

describe('customer sessions', () => {
  it('a password change ends every other session; this device gets a fresh token that works', async () => {
    const c = await insertCustomer(s);
    const other = await loginCustomer(c.email, c.password);
    expect((await customerProfile(other)).status).toBe(200);
    const changed = await s.call('PUT', '/api/user/change-password', { token: c.token, json: { currentPassword: c.password, newPassword: 'brand-new-pass' } });
    expect(changed.status).toBe(200);
    expect(typeof changed.body.token).toBe('string');
    expect((await customerProfile(other)).status).toBe(401);
    expect((await customerProfile(c.token)).status).toBe(401);
    expect((await customerProfile(changed.body.token)).status).toBe(200);
    // The new password signs in; the old one does not.
    expect((await s.call('POST', '/api/auth/user/login', { json: { email: c.email, password: c.password } })).status).toBe(401);
    await loginCustomer(c.email, 'brand-new-pass');
  });

  it('a password reset ends every session of the account', async () => {
    const c = await insertCustomer(s);
    const before = await loginCustomer(c.email, c.password);
    const seen = s.mail.mails.length;
    expect((await s.call('POST', '/api/user/forgot-password', { json: { email: c.email } })).status).toBe(200);
    const otp = otpFrom(await s.mail.waitFor(c.email, { after: seen, subject: /password reset/ }));
    expect((await s.call('POST', '/api/user/reset-password', { json: { email: c.email, otp, newPassword: 'reset-pass-2' } })).status).toBe(200);
    expect((await customerProfile(before)).status).toBe(401);
    expect((await customerProfile(c.token)).status).toBe(401);
    expect((await customerProfile(await loginCustomer(c.email, 'reset-pass-2'))).status).toBe(200);
  });

  it('POST /api/user/logout ends the session on the server; a later sign-in works again', async () => {
    const c = await insertCustomer(s);
    const phone = await loginCustomer(c.email, c.password);
    const out = await s.call('POST', '/api/user/logout', { token: c.token });
    expect(out.status).toBe(200);
    expect(out.body.message).toBeTruthy();
    expect((await customerProfile(c.token)).status).toBe(401);
    expect((await customerProfile(phone)).status).toBe(401);
    expect((await s.call('POST', '/api/user/logout', { token: c.token })).status).toBe(401);
    expect((await customerProfile(await loginCustomer(c.email, c.password))).status).toBe(200);
  });
});

describe('employee sessions', () => {
  async function loginEmployee(email: string, password: string): Promise<string> {
    const r = await s.call('POST', '/api/auth/employee/login', { json: { email, password } });
    expect(r.status).toBe(200);
    return r.body.token;
  }

  it('a password change ends other sessions and hands this device a fresh token', async () => {
    const e = await makeEmployee(s);
    const other = await loginEmployee(e.email, e.password);
    const r = await s.call('PUT', '/api/employee/profile', {
      token: e.token,
      json: { name: e.name, currentPassword: e.password, newPassword: 'new-secret-1', confirmPassword: 'new-secret-1' },
    });
    expect(r.status).toBe(200);
    expect((await employeeProfile(other)).status).toBe(401);
    expect((await employeeProfile(e.token)).status).toBe(401);
    expect((await employeeProfile(r.body.token)).status).toBe(200);
  });

  it('a profile change without a password keeps every session', async () => {
    const e = await makeEmployee(s);
    const r = await s.call('PUT', '/api/employee/profile', { token: e.token, json: { name: e.name, phone: '07700 900000' } });
    expect(r.status).toBe(200);
    expect(r.body.token).toBeUndefined();
    expect((await employeeProfile(e.token)).status).toBe(200);
  });

  it('POST /api/employee/logout ends every session of the account', async () => {
    const e = await makeEmployee(s);
    const other = await loginEmployee(e.email, e.password);
    expect((await s.call('POST', '/api/employee/logout', { token: e.token })).status).toBe(200);
    expect((await employeeProfile(e.token)).status).toBe(401);
    expect((await employeeProfile(other)).status).toBe(401);
    expect((await s.call('GET', '/api/employee/blog-posts', { token: other })).status).toBe(401);
  });
});

describe('JWT_SECRET', () => {
  it('a secret shorter than 32 bytes stops start-up with a message naming JWT_SECRET', async () => {
    await expect(
      startServer({
        ...process.env,
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: s.dataDir,
        SKIP_PWA_BUILD: '1',
        JWT_SECRET: 'short-secret-31-bytes-long-abcd',
      }),
    ).rejects.toThrow(/JWT_SECRET/);
  });

  it('the generated secret (no JWT_SECRET) is long enough', async () => {
    const { loadConfig } = await import('../../api/src/config');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const dir = await mkdtemp(`${s.dataDir}-gen`);
    try {
      expect(Buffer.byteLength(loadConfig({ DATA_DIR: dir }).jwtSecret)).toBeGreaterThanOrEqual(32);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
