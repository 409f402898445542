// a withdrawn or expired invitation never becomes a working
// account through the reset-by-code flow, withdrawing one deactivates the account it made (a resend brings
// it back), and the staff forgot-password answers every address alike (customers keep user_not_found).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import { Employee } from '../../api/src/models/Employee';
import { Invitation } from '../../api/src/models/Invitation';
import { Otp } from '../../api/src/models/Otp';
import { issueOtp } from '../../api/src/services/accounts/otp';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer } from '../support/customers';
import { invitationToken } from './admin-fixtures';
import { makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let superAdmin: TestEmployee;
let n = 0;
const address = () => `invitee-${Date.now().toString(36)}-${n++}@example.com`;

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  superAdmin = await makeEmployee(srv, { role: 'super-admin', name: 'Sam Super' });
});
afterAll(async () => {
  await srv?.close();
});

/** An admin invited by the office: their id, address and the invitation link's token. */
async function invitedAdmin() {
  const email = address();
  const seen = srv.mail.mails.length;
  const res = await srv.call('POST', '/api/admin/staff', { token: superAdmin.token, json: { name: 'Ivy Invitee', email, role: 'admin' } });
  expect(res.status).toBe(201);
  return { id: res.body.staff.id as string, email, token: await invitationToken(srv, email, seen) };
}

const forgot = (email: string) => srv.call('POST', '/api/auth/employee/forgot-password', { json: { email } });
const reset = (email: string, otp: string) =>
  srv.call('POST', '/api/auth/employee/reset-password', { json: { email, otp, newPassword: 'taken-over-1', confirmPassword: 'taken-over-1' } });
const login = (email: string, password = 'taken-over-1') => srv.call('POST', '/api/auth/employee/login', { json: { email, password } });

/** The mail a staff forgot-password sent to `email` after `seen` mails, and the 6-digit code in it (if any). */
async function resetMail(email: string, seen: number) {
  const mail = await srv.mail.waitFor(email, { after: seen });
  return { mail, code: /\b(\d{6})\b/.exec(mail.text)?.[1] };
}

/** A reset code stored for the address as if one had been mailed earlier (before this fix, say). */
async function plantedCode(email: string): Promise<string> {
  await Otp.updateOne({ email, purpose: 'staff-reset' }, { $set: { sentAt: new Date(Date.now() - 31_000) } });
  return (await issueOtp(srv.deps.config.otpPepper, email, 'staff-reset', srv.deps.clock.now().getTime())).code;
}

describe('a withdrawn invitation', () => {
  it('revoke → the link says revoked → forgot/reset does not give the address a working admin account', async () => {
    const inv = await invitedAdmin();
    expect((await srv.call('DELETE', `/api/admin/staff/${inv.id}/invitation`, { token: superAdmin.token })).status).toBe(200);
    const link = await srv.call('GET', `/api/auth/employee/invitation?token=${encodeURIComponent(inv.token)}`);
    expect([link.status, link.body.message]).toEqual([410, OFFICE_MSG.invitationRevokedLink]);

    const seen = srv.mail.mails.length;
    const asked = await forgot(inv.email);
    expect([asked.status, asked.body]).toEqual([200, { success: true, message: OFFICE_MSG.staffResetSent }]);
    const { mail, code } = await resetMail(inv.email, seen);
    expect(code).toBeUndefined();
    expect(mail.text).toContain(OFFICE_MSG.resetNoPassword);

    // Even a code that was mailed before the withdrawal does not set a password now.
    const refused = await reset(inv.email, await plantedCode(inv.email));
    expect([refused.status, refused.body.errorType, refused.body.message]).toEqual([403, 'account_blocked', OFFICE_MSG.resetNoPassword]);
    expect((await login(inv.email)).status).toBe(401);
    const stored = await Employee.findById(inv.id).lean();
    expect([stored?.passwordHash, stored?.is_active]).toEqual([undefined, false]);
  });

  it('deactivates the account; the team list shows it inactive with its invitation revoked; a resend reactivates it and the new link works', async () => {
    const inv = await invitedAdmin();
    const revoked = await srv.call('DELETE', `/api/admin/staff/${inv.id}/invitation`, { token: superAdmin.token });
    expect(revoked.body.staff).toMatchObject({ is_active: false, has_password: false, invitation: { status: 'revoked' } });
    const list = await srv.call('GET', `/api/admin/staff?q=${encodeURIComponent(inv.email)}&status=inactive`, { token: superAdmin.token });
    expect(list.body.staff).toEqual([
      expect.objectContaining({ id: inv.id, is_active: false, has_password: false, invitation: expect.objectContaining({ status: 'revoked' }) }),
    ]);

    const seen = srv.mail.mails.length;
    const resent = await srv.call('POST', `/api/admin/staff/${inv.id}/invitation`, { token: superAdmin.token });
    expect(resent.status).toBe(200);
    expect(resent.body.staff).toMatchObject({ is_active: true, has_password: false, invitation: { status: 'pending' } });
    const token = await invitationToken(srv, inv.email, seen);
    const welcome = await srv.call('POST', '/api/auth/employee/welcome', { json: { token, newPassword: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' } });
    expect(welcome.status).toBe(200);
    expect((await login(inv.email, 'chosen-pass-1')).status).toBe(200);
  });
});

describe('an account that never chose a password cannot reset one', () => {
  it('expired invitation: the mail says to ask the office, a code is refused, sign-in fails', async () => {
    const inv = await invitedAdmin();
    await Invitation.updateMany({ employee: inv.id }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const seen = srv.mail.mails.length;
    expect((await forgot(inv.email)).body).toEqual({ success: true, message: OFFICE_MSG.staffResetSent });
    const { mail, code } = await resetMail(inv.email, seen);
    expect(code).toBeUndefined();
    expect(mail.text).toContain(OFFICE_MSG.resetNoPassword);
    const refused = await reset(inv.email, await plantedCode(inv.email));
    expect([refused.status, refused.body.errorType, refused.body.message]).toEqual([403, 'account_blocked', OFFICE_MSG.resetNoPassword]);
    expect((await login(inv.email)).status).toBe(401);
    expect((await Employee.findById(inv.id).lean())?.passwordHash).toBeUndefined();
  });

  it('pending invitation: the invitation is the way in, not a reset', async () => {
    const inv = await invitedAdmin();
    const refused = await reset(inv.email, await plantedCode(inv.email));
    expect([refused.status, refused.body.message]).toEqual([403, OFFICE_MSG.resetNoPassword]);
    const welcome = await srv.call('POST', '/api/auth/employee/welcome', {
      json: { token: inv.token, newPassword: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' },
    });
    expect(welcome.status).toBe(200);
  });
});

describe('staff forgot-password does not tell which addresses exist', () => {
  it('unknown, active, deactivated and invited addresses get the same 200 and body; only the mail differs', async () => {
    const active = await makeEmployee(srv);
    const off = await makeEmployee(srv);
    await Employee.updateOne({ _id: off.id }, { $set: { is_active: false } });
    const invited = await invitedAdmin();
    const unknown = address();
    const seen = srv.mail.mails.length;
    const answers = await Promise.all([unknown, active.email, off.email, invited.email].map(forgot));
    for (const a of answers) expect([a.status, a.body]).toEqual([200, { success: true, message: OFFICE_MSG.staffResetSent }]);

    const { code } = await resetMail(active.email, seen);
    expect(code).toMatch(/^\d{6}$/);
    const offMail = await resetMail(off.email, seen);
    expect([offMail.code, offMail.mail.text.includes(API_MSG.employeeInactive)]).toEqual([undefined, true]);
    expect((await resetMail(invited.email, seen)).code).toBeUndefined();
    await new Promise((r) => setTimeout(r, 300));
    expect(srv.mail.mails.slice(seen).some((m) => m.to === unknown)).toBe(false);

    // A wrong code is answered alike for an address with an account and one without.
    const [forUnknown, forKnown] = await Promise.all([reset(unknown, '000000'), reset(active.email, code === '000000' ? '111111' : '000000')]);
    expect([forUnknown.status, forUnknown.body]).toEqual([forKnown.status, forKnown.body]);
    expect(forKnown.body).toMatchObject({ errorType: 'invalid_otp', message: MSG.invalidOtp });

    const done = await srv.call('POST', '/api/auth/employee/reset-password', {
      json: { email: active.email, otp: code, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect([done.status, done.body.message]).toEqual([200, MSG.passwordResetDone]);
    expect((await login(active.email, 'brand-new-1')).status).toBe(200);
  });

  it('a second request within 30 s is refused alike for an unknown and a known address', async () => {
    const active = await makeEmployee(srv);
    const unknown = address();
    await Promise.all([forgot(unknown), forgot(active.email)]);
    const [u, k] = await Promise.all([forgot(unknown), forgot(active.email)]);
    expect(u.status).toBe(429);
    expect([u.status, u.body.errorType, u.body.message]).toEqual([k.status, k.body.errorType, k.body.message]);
  });

  it('customers keep the spec answer: an unknown address is user_not_found', async () => {
    const r = await srv.call('POST', '/api/user/forgot-password', { json: { email: address() } });
    expect([r.status, r.body.errorType]).toEqual([404, 'user_not_found']);
    const c = await insertCustomer(srv);
    expect((await srv.call('POST', '/api/user/forgot-password', { json: { email: c.email } })).body.message).toBe(MSG.otpSent);
  });
});
