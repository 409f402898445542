// A staff invitation lasts 7 days on the server's clock (TEST_CLOCK_FILE moves it): the link, the
// office's team list and the welcome page all say it has expired once that clock passes the 7 days.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OFFICE_MSG } from '@shared/messages-office';
import { INVITATION_TTL_MS } from '@shared/schemas/office';
import { startTestServer, type TestServer } from '../support/test-server';
import { invitationToken } from './admin-fixtures';
import { makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let clockFile: string;

beforeAll(async () => {
  clockFile = path.join(await mkdtemp(path.join(tmpdir(), 'invite-clock-')), 'clock');
  await writeFile(clockFile, '0');
  srv = await startTestServer({ BCRYPT_COST: '4', TEST_CLOCK_FILE: clockFile });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ada Admin' });
});
afterAll(() => srv?.close());

it('expires 7 days after it was sent by the server clock: link, team list and welcome all say so', async () => {
  const email = `clock-invitee-${Date.now().toString(36)}@example.com`;
  const seen = srv.mail.mails.length;
  const made = await srv.call('POST', '/api/admin/staff', { token: admin.token, json: { name: 'Cleo Clock', email } });
  expect(made.status).toBe(201);
  const id = made.body.staff.id as string;
  const token = await invitationToken(srv, email, seen);
  const link = () => srv.call('GET', `/api/auth/employee/invitation?token=${encodeURIComponent(token)}`);
  const member = async () => (await srv.call('GET', `/api/admin/staff/${id}`, { token: admin.token })).body.staff;

  // A minute before the 7 days are up: still good.
  await writeFile(clockFile, String(INVITATION_TTL_MS - 60_000));
  expect((await link()).status).toBe(200);
  expect((await member()).invitation.status).toBe('pending');

  await writeFile(clockFile, String(INVITATION_TTL_MS + 60_000));
  const late = await link();
  expect([late.status, late.body.message]).toEqual([410, OFFICE_MSG.invitationExpired]);
  expect((await member()).invitation.status).toBe('expired');
  const welcome = await srv.call('POST', '/api/auth/employee/welcome', { json: { token, newPassword: 'chosen-pass-1', confirmPassword: 'chosen-pass-1' } });
  expect([welcome.status, welcome.body.message]).toEqual([410, OFFICE_MSG.invitationExpired]);

  // A new invitation sent now lasts 7 days from the moved clock.
  const resent = await srv.call('POST', `/api/admin/staff/${id}/invitation`, { token: admin.token });
  expect(resent.status).toBe(200);
  expect(Date.parse(resent.body.staff.invitation.expires_at)).toBeGreaterThan(Date.now() + 2 * INVITATION_TTL_MS - 120_000);
});
