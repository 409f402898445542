// Every change of who cleans, or whether anyone does, is told to the customer and to the cleaner who
// got or lost the job, once: assign, return to available, accepted again,
// office cancellation, hours queried, a cleaner deactivated.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import type { CaughtMail } from '../support/mail-catcher';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Olive Office' });
});
afterAll(async () => {
  await srv?.close();
});

const post = (path: string, token: string, json?: unknown) => srv.call('POST', path, { token, json });
/** Every mail to `to` since `after`, once the sends in flight have landed (none is awaited by the routes). */
async function mailsTo(to: string, after: number, expected: number): Promise<CaughtMail[]> {
  const deadline = Date.now() + 10_000;
  let got: CaughtMail[] = [];
  while (Date.now() < deadline) {
    got = srv.mail.mails.slice(after).filter((m) => m.to.includes(to));
    if (got.length >= expected) break;
    await srv.mail.waitFor(to, { after: srv.mail.mails.length, timeoutMs: 500 }).catch(() => undefined);
  }
  return got;
}

describe('who cleans, told once', () => {
  it('assign → unassign → accepted again: each person gets one mail per change, in words that say what changed', async () => {
    const customer = await makeCustomer(srv, { name: 'Carla Customer' });
    const cara = await makeEmployee(srv, { name: 'Cara Cleaner' });
    const dan = await makeEmployee(srv, { name: 'Dan Duster' });
    const id = await makeBooking(customer.id, { address: '7 Mill Lane', phone: '07700 900555' });
    const start = srv.mail.mails.length;

    expect((await post(`/api/admin/bookings/${id}/assign`, admin.token, { employeeId: cara.id })).status).toBe(200);
    expect((await post(`/api/admin/bookings/${id}/unassign`, admin.token)).status).toBe(200);
    expect((await post(`/api/employee/bookings/${id}/accept`, dan.token)).status).toBe(200);

    const toCustomer = await mailsTo(customer.email, start, 3);
    expect(toCustomer.map((m) => m.subject.replace(/ \(.*\)$/, ''))).toEqual([
      'SparkleClean: your booking was accepted',
      'SparkleClean: looking for a new cleaner',
      'SparkleClean: your booking was accepted',
    ]);
    expect(toCustomer[1].text).toContain('Cara can no longer come');
    expect(toCustomer[1].text).toContain('"Requested"');
    expect(toCustomer[2].text).toContain('confirmed again');
    expect(toCustomer[2].text).toContain('Dan Duster');
    expect(toCustomer[0].text).not.toContain('again');

    const toCara = await mailsTo(cara.email, start, 2);
    expect(toCara.map((m) => m.subject.replace(/ \(.*\)$/, ''))).toEqual(['SparkleClean: a job for you', 'SparkleClean: a job taken back']);
    expect(toCara[0].text).toContain('Address: 7 Mill Lane');
    expect(toCara[0].text).toContain("Customer's phone: 07700 900555");
    // Dan accepted it himself: nothing to tell him.
    expect(await mailsTo(dan.email, start, 0)).toHaveLength(0);
  });

  it('an office cancellation of an accepted job tells its cleaner, with the reason', async () => {
    const customer = await makeCustomer(srv);
    const cleaner = await makeEmployee(srv, { name: 'Erin Employee' });
    const id = await makeBooking(customer.id);
    expect((await post(`/api/employee/bookings/${id}/accept`, cleaner.token)).status).toBe(200);
    const start = srv.mail.mails.length;
    expect((await post(`/api/admin/bookings/${id}/cancel`, admin.token, { reason: 'The customer moved away' })).status).toBe(200);
    const [mail] = await mailsTo(cleaner.email, start, 1);
    expect(mail.subject).toMatch(/a job cancelled/);
    expect(mail.text).toContain('Why: The customer moved away');
  });

  it('a query on hours reaches the cleaner with the question', async () => {
    const customer = await makeCustomer(srv);
    const cleaner = await makeEmployee(srv, { name: 'Quinn Query' });
    const id = await makeBooking(customer.id, { bestDays: '2020-03-02T09:00', scheduledAt: new Date('2020-03-02T09:00:00Z') });
    expect((await post(`/api/employee/bookings/${id}/accept`, cleaner.token)).status).toBe(200);
    expect((await post(`/api/employee/bookings/${id}/submit-work`, cleaner.token, { work_hours: 3.5, completion_notes: 'Done' })).status).toBe(200);
    const start = srv.mail.mails.length;
    expect((await post(`/api/admin/timesheets/${id}/query`, admin.token, { message: 'Was it 2.5 hours?' })).status).toBe(200);
    const [mail] = await mailsTo(cleaner.email, start, 1);
    expect(mail.subject).toMatch(/a question about your hours/);
    expect(mail.text).toContain('"Was it 2.5 hours?"');
    expect(mail.text).toContain('3.5 hours');
  });

  it('deactivating a cleaner tells each customer whose booking went back to the list', async () => {
    const customer = await makeCustomer(srv);
    const cleaner = await makeEmployee(srv, { name: 'Gone Gina' });
    const id = await makeBooking(customer.id);
    const before = srv.mail.mails.length;
    expect((await post(`/api/employee/bookings/${id}/accept`, cleaner.token)).status).toBe(200);
    await srv.mail.waitFor(customer.email, { subject: /accepted/, after: before });
    const start = srv.mail.mails.length;
    expect((await srv.call('PATCH', `/api/admin/staff/${cleaner.id}`, { token: admin.token, json: { is_active: false } })).status).toBe(200);
    const [mail] = await mailsTo(customer.email, start, 1);
    expect(mail.subject).toMatch(/looking for a new cleaner/);
    expect(mail.text).toContain('Gone can no longer come');
  });
});
