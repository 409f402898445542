// Employee sign-in (token audience, inactive accounts, rate limit) and the employee profile over real HTTP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { Employee } from '../../api/src/models/Employee';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeEmployee } from './employee-fixtures';

let srv: TestServer;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await srv?.close();
});

describe('POST /api/auth/employee/login', () => {
  it('signs in with a token for the employee audience and sets last_login', async () => {
    const emp = await makeEmployee(srv, { name: 'Lena Login' });
    const res = await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email.toUpperCase(), password: emp.password } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: API_MSG.loginSuccess,
      user: { id: emp.id, email: emp.email, name: 'Lena Login', is_active: true },
    });
    expect(res.body.user.passwordHash).toBeUndefined();
    expect(srv.deps.tokens.verify(res.body.token, 'employee').sub).toBe(emp.id);
    expect(() => srv.deps.tokens.verify(res.body.token, 'customer')).toThrow();
    expect(Date.now() - Date.parse(res.body.user.last_login)).toBeLessThan(10_000);
    // The token opens employee routes.
    const profile = await srv.call('GET', '/api/employee/profile', { token: res.body.token });
    expect(profile.status).toBe(200);
  });

  it('answers 401 with one message for a wrong password and for an unknown e-mail', async () => {
    const emp = await makeEmployee(srv);
    const wrong = await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: 'nope-nope' } });
    const unknown = await srv.call('POST', '/api/auth/employee/login', { json: { email: 'nobody@example.com', password: 'whatever1' } });
    for (const r of [wrong, unknown]) expect([r.status, r.body.message, r.body.token]).toEqual([401, API_MSG.invalidCredentials, undefined]);
  });

  it('refuses an inactive employee with 403', async () => {
    const emp = await makeEmployee(srv);
    await Employee.updateOne({ _id: emp.id }, { $set: { is_active: false } });
    const res = await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: emp.password } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(API_MSG.employeeInactive);
    // A token issued before the deactivation stops working too.
    expect((await srv.call('GET', '/api/employee/profile', { token: emp.token })).status).toBe(403);
  });

  it('validates the body with the shared schema', async () => {
    const res = await srv.call('POST', '/api/auth/employee/login', { json: { email: 'a@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.errors.password).toBe(MSG.passwordRequired);
    const op = await srv.call('POST', '/api/auth/employee/login', { json: { email: { $gt: '' }, password: { $gt: '' } } });
    expect(op.status).toBe(400);
  });

  it('rate-limits failed sign-ins per e-mail with 429 and Retry-After', async () => {
    const emp = await makeEmployee(srv);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: 'wrong-pass' } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const blocked = await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: emp.password } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(statuses[10]).toBe(429);
  });
});

describe('employee profile', () => {
  it('reads and updates the profile; the e-mail cannot change', async () => {
    const emp = await makeEmployee(srv, { name: 'Pat Profile' });
    const get = await srv.call('GET', '/api/employee/profile', { token: emp.token });
    expect(get.body).toMatchObject({ success: true, employee: { id: emp.id, name: 'Pat Profile', email: emp.email, has_own_car: false } });

    const update = {
      name: 'Pat P.',
      phone: '07700 900456',
      address: '2 Low Road',
      post_code: 'E16AN',
      area_serves: 'East London',
      best_suited_for: 'Deep cleans',
      has_own_car: true,
    };
    const put = await srv.call('PUT', '/api/employee/profile', { token: emp.token, json: update });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ success: true, message: MSG.profileUpdated, employee: { ...update, email: emp.email } });
    expect((await srv.call('GET', '/api/employee/profile', { token: emp.token })).body.employee).toMatchObject(update);

    const email = await srv.call('PUT', '/api/employee/profile', { token: emp.token, json: { name: 'X', email: 'new@example.com' } });
    expect(email.status).toBe(400);
    expect((await Employee.findById(emp.id).lean())?.email).toBe(emp.email);
  });

  it('changes the password only with the right current password', async () => {
    const emp = await makeEmployee(srv, { password: 'first-pass' });
    const wrong = await srv.call('PUT', '/api/employee/profile', {
      token: emp.token,
      json: { name: emp.name, currentPassword: 'not-it', newPassword: 'second-pass', confirmPassword: 'second-pass' },
    });
    expect([wrong.status, wrong.body.message]).toEqual([400, API_MSG.currentPasswordWrong]);

    const partial = await srv.call('PUT', '/api/employee/profile', { token: emp.token, json: { name: emp.name, newPassword: 'second-pass' } });
    expect([partial.status, partial.body.message]).toEqual([400, MSG.passwordFieldsAll]);
    const mismatch = await srv.call('PUT', '/api/employee/profile', {
      token: emp.token,
      json: { name: emp.name, currentPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'third-pass' },
    });
    expect([mismatch.status, mismatch.body.message]).toEqual([400, MSG.newPasswordMismatch]);

    const ok = await srv.call('PUT', '/api/employee/profile', {
      token: emp.token,
      json: { name: emp.name, currentPassword: 'first-pass', newPassword: 'second-pass', confirmPassword: 'second-pass' },
    });
    expect([ok.status, ok.body.message]).toEqual([200, API_MSG.passwordChanged]);
    const oldLogin = await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: 'first-pass' } });
    const newLogin = await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: 'second-pass' } });
    expect([oldLogin.status, newLogin.status]).toEqual([401, 200]);
  });

  it('stops guessing the current password after 10 wrong ones (429), and changes nothing', async () => {
    const emp = await makeEmployee(srv, { password: 'first-pass' });
    const change = (currentPassword: string) =>
      srv.call('PUT', '/api/employee/profile', {
        token: emp.token,
        json: { name: emp.name, currentPassword, newPassword: 'taken-over', confirmPassword: 'taken-over' },
      });
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => change(`guess-${i}-x`).then((r) => r.status)));
    expect(statuses.filter((st) => st === 400)).toHaveLength(10);
    expect(statuses.filter((st) => st === 429)).toHaveLength(2);
    const right = await change('first-pass');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: 'first-pass' } })).status).toBe(200);
  });
});
