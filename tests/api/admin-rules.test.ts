// The office's rules: invitations (single use, expiry, revoke), admin powers, last super-admin, own role,
// deactivation (sessions end, bookings freed), assign vs accept race, block, paging bounds, bad input.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee } from './employee-fixtures';
import { invitationToken, officeCast, type OfficeCast } from './admin-fixtures';
import { Booking } from '../../api/src/models/Booking';
import { Employee } from '../../api/src/models/Employee';
import { Invitation } from '../../api/src/models/Invitation';
import { AuditLog } from '../../api/src/models/AuditLog';
import { User } from '../../api/src/models/User';
import { OFFICE_MSG } from '@shared/messages-office';
import { MSG } from '@shared/messages';
import { API_MSG } from '@shared/messages-api';

let srv: TestServer;
let cast: OfficeCast;
let n = 0;
const email = () => `invitee-${Date.now().toString(36)}-${n++}@example.com`;

beforeAll(async () => {
  srv = await startTestServer();
  cast = await officeCast(srv);
});
afterAll(async () => {
  await srv?.close();
});

async function invite(token: string, body: Record<string, unknown> = {}) {
  const address = email();
  const seen = srv.mail.mails.length;
  const res = await srv.call('POST', '/api/admin/staff', { token, json: { name: 'Nia New', email: address, ...body } });
  return { res, address, seen };
}

describe('invitations', () => {
  it('an invitation is mailed, works once, and signs the person in with the password they chose', async () => {
    const { res, address, seen } = await invite(cast.admin.token, { phone: '07700 900001' });
    expect(res.status).toBe(201);
    expect(res.body.staff).toMatchObject({ email: address, role: 'employee', has_password: false, invitation: { status: 'pending' } });
    const token = await invitationToken(srv, address, seen);
    expect((await srv.call('GET', `/api/auth/employee/invitation?token=${encodeURIComponent(token)}`)).body.invitation).toEqual({
      name: 'Nia New',
      email: address,
    });
    const short = await srv.call('POST', '/api/auth/employee/welcome', { json: { token, newPassword: 'abc', confirmPassword: 'abc' } });
    expect([short.status, short.body.message]).toEqual([400, MSG.newPasswordTooShort]);
    const ok = await srv.call('POST', '/api/auth/employee/welcome', { json: { token, newPassword: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' } });
    expect(ok.status).toBe(200);
    expect((await srv.call('GET', '/api/employee/profile', { token: ok.body.token })).body.employee.email).toBe(address);
    const again = await srv.call('POST', '/api/auth/employee/welcome', { json: { token, newPassword: 'other-pass-2', confirmPassword: 'other-pass-2' } });
    expect([again.status, again.body.message]).toEqual([410, OFFICE_MSG.invitationUsed]);
    const login = await srv.call('POST', '/api/auth/employee/login', { json: { email: address, password: 'chosen-pass-1' } });
    expect(login.status).toBe(200);
  });

  it('an expired or revoked link does not work; a resend replaces the old link', async () => {
    const { address, seen, res } = await invite(cast.admin.token);
    const first = await invitationToken(srv, address, seen);
    const seen2 = srv.mail.mails.length;
    expect((await srv.call('POST', `/api/admin/staff/${res.body.staff.id}/invitation`, { token: cast.admin.token })).status).toBe(200);
    const second = await invitationToken(srv, address, seen2);
    expect(second).not.toBe(first);
    const old = await srv.call('POST', '/api/auth/employee/welcome', {
      json: { token: first, newPassword: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' },
    });
    expect([old.status, old.body.message]).toEqual([410, OFFICE_MSG.invitationRevokedLink]);
    await Invitation.updateMany({ employee: res.body.staff.id, usedAt: null, revokedAt: null }, { $set: { expiresAt: new Date(Date.now() - 1000) } });
    const late = await srv.call('POST', '/api/auth/employee/welcome', {
      json: { token: second, newPassword: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' },
    });
    expect([late.status, late.body.message]).toEqual([410, OFFICE_MSG.invitationExpired]);
    expect((await Employee.findById(res.body.staff.id).lean())?.passwordHash).toBeUndefined();
  });

  it('expiry is 7 days; revoke ends the link; nothing to revoke is a 409', async () => {
    const { res, address, seen } = await invite(cast.admin.token);
    const token = await invitationToken(srv, address, seen);
    const inv = await Invitation.findOne({ employee: res.body.staff.id, revokedAt: null }).lean();
    const days = (inv!.expiresAt.getTime() - inv!.created_at.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(7, 2);
    expect((await srv.call('DELETE', `/api/admin/staff/${res.body.staff.id}/invitation`, { token: cast.admin.token })).status).toBe(200);
    expect((await srv.call('DELETE', `/api/admin/staff/${res.body.staff.id}/invitation`, { token: cast.admin.token })).status).toBe(409);
    expect((await srv.call('GET', `/api/auth/employee/invitation?token=${token}`)).status).toBe(410);
  });

  it('a made-up token is a 400 with a clear message', async () => {
    const res = await srv.call('GET', `/api/auth/employee/invitation?token=${'x'.repeat(43)}`);
    expect([res.status, res.body.message]).toEqual([400, OFFICE_MSG.invitationInvalid]);
  });
});

describe('who may do what', () => {
  it('only a super-admin adds or promotes admins', async () => {
    const before = await Employee.countDocuments();
    const byAdmin = await invite(cast.admin.token, { role: 'admin' });
    expect([byAdmin.res.status, byAdmin.res.body.message]).toEqual([403, OFFICE_MSG.onlySuperAdminManagesAdmins]);
    expect(await Employee.countDocuments()).toBe(before);
    const emp = await makeEmployee(srv);
    expect((await srv.call('PATCH', `/api/admin/staff/${emp.id}`, { token: cast.admin.token, json: { role: 'admin' } })).status).toBe(403);
    expect((await Employee.findById(emp.id).lean())?.role).toBe('employee');
    expect((await srv.call('PATCH', `/api/admin/staff/${emp.id}`, { token: cast.superAdmin.token, json: { role: 'admin' } })).status).toBe(200);
    // …and an admin cannot demote (or edit) that admin
    expect((await srv.call('PATCH', `/api/admin/staff/${emp.id}`, { token: cast.admin.token, json: { role: 'employee' } })).status).toBe(403);
    expect((await invite(cast.superAdmin.token, { role: 'super-admin' })).res.status).toBe(201);
  });

  it('nobody changes their own role', async () => {
    const res = await srv.call('PATCH', `/api/admin/staff/${cast.superAdmin.id}`, { token: cast.superAdmin.token, json: { role: 'admin' } });
    expect([res.status, res.body.message]).toEqual([403, OFFICE_MSG.ownRole]);
    const own = await srv.call('PATCH', `/api/admin/staff/${cast.admin.id}`, { token: cast.admin.token, json: { role: 'employee' } });
    expect(own.status).toBe(403);
    expect((await Employee.findById(cast.admin.id).lean())?.role).toBe('admin');
  });

  it('the last active super-admin cannot be demoted or deactivated, even by two super-admins at once', async () => {
    // Exactly two active super-admins: A and B.
    await Employee.updateMany({ role: 'super-admin' }, { $set: { role: 'admin' } });
    const a = await makeEmployee(srv, { name: 'A Super', role: 'super-admin' });
    const b = await makeEmployee(srv, { name: 'B Super', role: 'super-admin' });
    for (let round = 0; round < 3; round++) {
      const [x, y] = await Promise.all([
        srv.call('PATCH', `/api/admin/staff/${b.id}`, { token: a.token, json: round === 1 ? { is_active: false } : { role: 'admin' } }),
        srv.call('PATCH', `/api/admin/staff/${a.id}`, { token: b.token, json: { role: 'admin' } }),
      ]);
      expect(await Employee.countDocuments({ role: 'super-admin', is_active: true })).toBeGreaterThanOrEqual(1);
      for (const r of [x, y]) if (r.status !== 200) expect([401, 403, 409]).toContain(r.status);
      // Put both back as active super-admins with working tokens for the next round.
      await Employee.updateMany({ _id: { $in: [a.id, b.id] } }, { $set: { role: 'super-admin', is_active: true, tokenVersion: 0 } });
    }
    // One left: B is deactivated by A; then nobody can take A's super-admin role or deactivate A.
    expect((await srv.call('PATCH', `/api/admin/staff/${b.id}`, { token: a.token, json: { is_active: false } })).status).toBe(200);
    const self = await srv.call('PATCH', `/api/admin/staff/${a.id}`, { token: a.token, json: { is_active: false } });
    expect([self.status, self.body.message]).toEqual([403, OFFICE_MSG.ownDeactivation]);
    const byAdmin = await srv.call('PATCH', `/api/admin/staff/${a.id}`, { token: cast.admin.token, json: { is_active: false } });
    expect(byAdmin.status).toBe(403);
    expect(await Employee.countDocuments({ role: 'super-admin', is_active: true })).toBe(1);
    await Employee.updateOne({ _id: cast.superAdmin.id }, { $set: { role: 'super-admin' } });
  });
});

describe('deactivation', () => {
  it('ends the sessions at once and returns accepted, unsubmitted bookings to available (the answer lists them)', async () => {
    const cleaner = await makeEmployee(srv);
    const customer = await makeCustomer(srv);
    const open = await makeBooking(customer.id);
    const done = await makeBooking(customer.id);
    expect((await srv.call('POST', `/api/employee/bookings/${open}/accept`, { token: cleaner.token })).status).toBe(200);
    await Booking.updateOne({ _id: done }, { $set: { status: 'completed', accepted_by: cleaner.id, work_submitted: true, submitted_work_hours: 2 } });
    const res = await srv.call('PATCH', `/api/admin/staff/${cleaner.id}`, { token: cast.admin.token, json: { is_active: false } });
    expect(res.status).toBe(200);
    expect(res.body.released.map((r: { id: string; }) => r.id)).toEqual([open]);
    expect((await srv.call('GET', '/api/employee/profile', { token: cleaner.token })).status).toBe(401);
    expect(await Booking.findById(open).lean()).toMatchObject({ status: 'pending' });
    expect((await Booking.findById(open).lean())?.accepted_by).toBeUndefined();
    expect((await Booking.findById(done).lean())?.status).toBe('completed');
    const audit = await AuditLog.find({ 'target.id': open }).lean();
    expect(audit.map((e) => e.action)).toContain('booking.release');
    // Reactivated: the old token stays dead; signing in works again.
    expect((await srv.call('PATCH', `/api/admin/staff/${cleaner.id}`, { token: cast.admin.token, json: { is_active: true } })).status).toBe(200);
    expect((await srv.call('GET', '/api/employee/profile', { token: cleaner.token })).status).toBe(401);
    expect((await srv.call('POST', '/api/auth/employee/login', { json: { email: cleaner.email, password: cleaner.password } })).status).toBe(200);
  });
});

describe('bookings board', () => {
  it('assign vs a cleaner accepting at the same moment: exactly one wins, the other gets a 409', async () => {
    const customer = await makeCustomer(srv);
    for (let i = 0; i < 6; i++) {
      const cleaner = await makeEmployee(srv);
      const other = await makeEmployee(srv);
      const id = await makeBooking(customer.id);
      const [office, accept] = await Promise.all([
        srv.call('POST', `/api/admin/bookings/${id}/assign`, { token: cast.admin.token, json: { employeeId: other.id } }),
        srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: cleaner.token }),
      ]);
      expect([office.status, accept.status].sort()).toEqual([200, 409]);
      const b = await Booking.findById(id).lean();
      expect(String(b?.accepted_by)).toBe(office.status === 200 ? other.id : cleaner.id);
      if (office.status === 409) expect(office.body.message).toBe(OFFICE_MSG.assignTaken);
    }
  });

  it("assign shows in the cleaner's My Bookings and mails the customer; unassign and cancel with reason", async () => {
    const customer = await makeCustomer(srv);
    const cleaner = await makeEmployee(srv);
    const id = await makeBooking(customer.id);
    const seen = srv.mail.mails.length;
    const res = await srv.call('POST', `/api/admin/bookings/${id}/assign`, { token: cast.admin.token, json: { employeeId: cleaner.id } });
    expect(res.body.booking).toMatchObject({ status: 'accepted', employee: { id: cleaner.id } });
    await srv.mail.waitFor(customer.email, { subject: /accepted/i, after: seen });
    const mine = await srv.call('GET', '/api/employee/my-bookings', { token: cleaner.token });
    expect(mine.body.bookings.map((b: { id: string; }) => b.id)).toContain(id);
    expect((await srv.call('POST', `/api/admin/bookings/${id}/unassign`, { token: cast.admin.token })).body.booking.status).toBe('pending');
    const empty = await srv.call('POST', `/api/admin/bookings/${id}/cancel`, { token: cast.admin.token, json: { reason: '  ' } });
    expect([empty.status, empty.body.message]).toEqual([400, OFFICE_MSG.reasonRequired]);
    expect((await Booking.findById(id).lean())?.status).toBe('pending');
    const seen2 = srv.mail.mails.length;
    const cancel = await srv.call('POST', `/api/admin/bookings/${id}/cancel`, { token: cast.admin.token, json: { reason: 'No cleaner covers this area' } });
    expect(cancel.body.booking).toMatchObject({ status: 'rejected', cancel_reason: 'No cleaner covers this area' });
    const mail = await srv.mail.waitFor(customer.email, { subject: /cancelled/i, after: seen2 });
    expect(mail.text).toContain('No cleaner covers this area');
    const detail = await srv.call('GET', `/api/admin/bookings/${id}`, { token: cast.admin.token });
    expect(detail.body.booking.audit.map((a: { action: string; }) => a.action)).toEqual(['booking.cancel', 'booking.unassign', 'booking.assign']);
    expect(detail.body.booking.history.length).toBeGreaterThanOrEqual(4);
    expect((await srv.call('POST', `/api/admin/bookings/${id}/assign`, { token: cast.admin.token, json: { employeeId: cleaner.id } })).status).toBe(409);
  });

  it('filters, flags requests waiting over 24 h, and bounds paging', async () => {
    const customer = await makeCustomer(srv, { name: 'Zelda Searchable' });
    const old = await makeBooking(customer.id, { postcode: 'ZZ11ZZ' });
    await Booking.collection.updateOne({ _id: new (await import('mongoose')).default.Types.ObjectId(old) }, {
      $set: { created_at: new Date(Date.now() - 30 * 3600_000) },
    });
    const res = await srv.call('GET', '/api/admin/bookings?q=zelda&status=waiting&limit=5', { token: cast.admin.token });
    expect(res.body).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(res.body.bookings[0]).toMatchObject({ id: old, waiting: true });
    expect((await srv.call('GET', '/api/admin/bookings?q=zz11', { token: cast.admin.token })).body.total).toBe(1);
    for (
      const bad of ['limit=0', 'limit=101', 'page=0', 'page=-1', 'limit=abc', 'status=lost', 'sort=sideways', 'employee=nope', 'from=2030-01-02&to=2030-01-01']
    ) {
      const r = await srv.call('GET', `/api/admin/bookings?${bad}`, { token: cast.admin.token });
      expect(r.status, bad).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    const all = await srv.call('GET', '/api/admin/bookings?limit=100', { token: cast.admin.token });
    expect(all.body.bookings.length).toBeLessThanOrEqual(100);
    for (const path of ['/api/admin/staff?limit=101', '/api/admin/customers?page=0', '/api/admin/audit?limit=0']) {
      expect((await srv.call('GET', path, { token: cast.admin.token })).status, path).toBe(400);
    }
  });
});

describe('customers', () => {
  it('block ends the sessions at once, refuses sign-in, and forgot/reset answer account_blocked', async () => {
    const u = await User.create({
      email: `blk-${n++}@example.com`,
      name: 'Bea Blocked',
      role: 'user',
      passwordHash: await (await import('bcryptjs')).default.hash('secret123', 4),
    });
    const login = await srv.call('POST', '/api/auth/user/login', { json: { email: u.email, password: 'secret123' } });
    expect(login.status).toBe(200);
    const res = await srv.call('PATCH', `/api/admin/customers/${u._id}`, { token: cast.admin.token, json: { blocked: true } });
    expect([res.status, res.body.customer.blocked]).toEqual([200, true]);
    expect((await srv.call('GET', '/api/user/profile', { token: login.body.token })).status).toBe(401);
    const again = await srv.call('POST', '/api/auth/user/login', { json: { email: u.email, password: 'secret123' } });
    expect([again.status, again.body.message]).toEqual([403, API_MSG.accountBlocked]);
    const forgot = await srv.call('POST', '/api/user/forgot-password', { json: { email: u.email } });
    expect([forgot.status, forgot.body.errorType]).toEqual([403, 'account_blocked']);
    const reset = await srv.call('POST', '/api/user/reset-password', { json: { email: u.email, otp: '123456', newPassword: 'another1' } });
    expect([reset.status, reset.body.errorType]).toEqual([403, 'account_blocked']);
    const detail = await srv.call('GET', `/api/admin/customers/${u._id}`, { token: cast.admin.token });
    expect(detail.body.audit[0]).toMatchObject({
      action: 'customer.block',
      before: { blocked: false },
      after: { blocked: true },
      actor: { id: cast.admin.id },
    });
    const bad = await srv.call('PATCH', `/api/admin/customers/${u._id}`, { token: cast.admin.token, json: { blocked: 'yes' } });
    expect(bad.status).toBe(400);
    expect((await User.findById(u._id).lean())?.blocked).toBe(true);
  });
});

describe('staff password reset by e-mailed code', () => {
  it("works like the customers' reset, but answers every address alike (a deactivated account is told why by mail)", async () => {
    const emp = await makeEmployee(srv);
    const seen = srv.mail.mails.length;
    const sent = await srv.call('POST', '/api/auth/employee/forgot-password', { json: { email: emp.email } });
    expect([sent.status, sent.body.message]).toEqual([200, OFFICE_MSG.staffResetSent]);
    const mail = await srv.mail.waitFor(emp.email, { subject: /reset/i, after: seen });
    const otp = /\b(\d{6})\b/.exec(mail.text)![1];
    const done = await srv.call('POST', '/api/auth/employee/reset-password', {
      json: { email: emp.email, otp, newPassword: 'brand-new-1', confirmPassword: 'brand-new-1' },
    });
    expect([done.status, done.body.message]).toEqual([200, MSG.passwordResetDone]);
    expect((await srv.call('POST', '/api/auth/employee/login', { json: { email: emp.email, password: 'brand-new-1' } })).status).toBe(200);
    const unknown = await srv.call('POST', '/api/auth/employee/forgot-password', { json: { email: 'nobody-here@example.com' } });
    expect([unknown.status, unknown.body]).toEqual([200, sent.body]);
    await Employee.updateOne({ _id: emp.id }, { $set: { is_active: false } });
    const seenOff = srv.mail.mails.length;
    const off = await srv.call('POST', '/api/auth/employee/forgot-password', { json: { email: emp.email } });
    expect([off.status, off.body]).toEqual([200, sent.body]);
    expect((await srv.mail.waitFor(emp.email, { after: seenOff })).text).toContain(API_MSG.employeeInactive);
  });
});
