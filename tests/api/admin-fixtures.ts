// Office test helpers: staff of each role (plus a deactivated admin), and the invitation link from a mail.
import { Employee } from '../../api/src/models/Employee';
import type { TestServer } from '../support/test-server';
import { makeEmployee, type TestEmployee } from './employee-fixtures';

export interface OfficeCast {
  employee: TestEmployee;
  admin: TestEmployee;
  superAdmin: TestEmployee;
  deactivatedAdmin: TestEmployee;
}

export async function officeCast(srv: TestServer): Promise<OfficeCast> {
  const [employee, admin, superAdmin, deactivatedAdmin] = await Promise.all([
    makeEmployee(srv, { name: 'Erin Employee' }),
    makeEmployee(srv, { name: 'Ada Admin', role: 'admin' }),
    makeEmployee(srv, { name: 'Sam Super', role: 'super-admin' }),
    makeEmployee(srv, { name: 'Dee Deactivated', role: 'admin' }),
  ]);
  // Deactivated the way the office does it (its sessions end with it).
  const res = await srv.call('PATCH', `/api/admin/staff/${deactivatedAdmin.id}`, { token: superAdmin.token, json: { is_active: false } });
  if (res.status !== 200 || (await Employee.findById(deactivatedAdmin.id).lean())?.is_active !== false) throw new Error('could not deactivate the admin');
  return { employee, admin, superAdmin, deactivatedAdmin };
}

/** The token in the newest invitation mail to `email`. */
export async function invitationToken(srv: TestServer, email: string, after = 0): Promise<string> {
  const mail = await srv.mail.waitFor(email, { subject: /invited/i, after });
  const m = /\/employee\/welcome\?token=([\w%-]+)/.exec(mail.text);
  if (!m) throw new Error('no welcome link in the invitation mail');
  return decodeURIComponent(m[1]);
}
