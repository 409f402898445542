// First run: ADMIN_EMAIL makes the first super-admin at start (with the server running on the embedded
// database) and mails them an invitation; once one exists, a second start changes nothing.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { invitationToken } from './admin-fixtures';
import { Employee } from '../../api/src/models/Employee';
import { Invitation } from '../../api/src/models/Invitation';
import { bootstrapSuperAdmin } from '../../api/src/services/office/bootstrap';

const OWNER = 'first-owner@example.com';
let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ ADMIN_EMAIL: OWNER, ADMIN_NAME: 'Olive Owner' });
});
afterAll(async () => {
  await srv?.close();
});

it('while the link is open a start changes nothing; once it expired unused, a start invites again (such an account cannot reset a password)', async () => {
  await invitationToken(srv, OWNER);
  expect(await bootstrapSuperAdmin(srv.deps, OWNER, undefined, srv.url)).toBe('exists');
  await Invitation.updateMany({}, { $set: { expiresAt: new Date(Date.now() - 1000) } });
  const seen = srv.mail.mails.length;
  expect(await bootstrapSuperAdmin(srv.deps, OWNER, undefined, srv.url)).not.toBe('exists');
  await invitationToken(srv, OWNER, seen);
  expect(await Employee.countDocuments({ role: 'super-admin' })).toBe(1);
});

it('invites ADMIN_EMAIL as super-admin; the link sets the password and opens the office', async () => {
  const token = await invitationToken(srv, OWNER);
  const res = await srv.call('POST', '/api/auth/employee/welcome', { json: { token, newPassword: 'owner-pass-1', confirmPassword: 'owner-pass-1' } });
  expect(res.status).toBe(200);
  expect(res.body.user).toMatchObject({ email: OWNER, name: 'Olive Owner', role: 'super-admin' });
  expect((await srv.call('GET', '/api/admin/staff', { token: res.body.token })).status).toBe(200);
  // A later start with a super-admin in place does nothing.
  expect(await bootstrapSuperAdmin(srv.deps, 'someone-else@example.com', undefined, srv.url)).toBe('exists');
  expect(await Employee.countDocuments({ role: 'super-admin' })).toBe(1);
});
