// Notification choices and unsubscribing: every notice mail carries List-Unsubscribe (signed https
// link + mailto) and List-Unsubscribe-Post (RFC 8058); the one-click POST, and the page's button,
// stop that kind of e-mail only, without signing in; a tampered link changes nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notify } from '../../api/src/notify/notify';
import { startTestServer, type TestServer } from '../support/test-server';
import { insertCustomer, type TestCustomer } from '../support/customers';
import { makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let customer: TestCustomer;
let employee: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4', JOBS_POLL_MS: '0', PUBLIC_URL: 'https://sparkle.example', OFFICE_EMAIL: 'office@sparkle.example' });
  customer = await insertCustomer(srv);
  employee = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
});

const person = () => ({ type: 'customer' as const, id: customer.id });
const send = (kind: 'reminders' | 'on_my_way' | 'news', subject: string) => notify(srv.deps, person(), kind, { subject, text: 'Hello.', url: '/orders' });
/** The https link of a List-Unsubscribe header, as a mail client reads it. */
const httpsLink = (header: string) => /<(https:[^>]+)>/.exec(header)![1];

describe('notices and unsubscribe', () => {
  it('a notice mail carries List-Unsubscribe (https + mailto), One-Click, and a link in its text', async () => {
    await send('reminders', 'Reminder one');
    const mail = await srv.mail.waitFor(customer.email, { subject: /Reminder one/ });
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const header = mail.headers['list-unsubscribe'];
    expect(header).toMatch(
      /^<https:\/\/sparkle\.example\/api\/unsubscribe\?token=[\w%.-]+>, <mailto:office@sparkle\.example\?subject=unsubscribe%20[\w%.-]+>$/,
    );
    expect(mail.text).toMatch(/https:\/\/sparkle\.example\/unsubscribe\?token=[\w%.-]+/);
    expect(mail.text).toContain('https://sparkle.example/orders');
  });

  it('the page shows what the link stops, without signing in', async () => {
    const mail = await srv.mail.waitFor(customer.email, { subject: /Reminder one/ });
    const token = new URL(httpsLink(mail.headers['list-unsubscribe'])).searchParams.get('token')!;
    const res = await srv.call('GET', `/api/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ kind: 'reminders', label: 'Visit reminders' });
  });

  it('a tampered or foreign token is refused with a clear message and changes nothing', async () => {
    const mail = await srv.mail.waitFor(customer.email, { subject: /Reminder one/ });
    const token = new URL(httpsLink(mail.headers['list-unsubscribe'])).searchParams.get('token')!;
    const [body, sig] = token.split('.');
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body, 'base64url').toString()), k: 'on_my_way' })).toString('base64url');
    for (const bad of [`${other}.${sig}`, `${body}.${sig.slice(0, -2)}AA`, 'not-a-token-at-all', `${body}.${sig}.x`]) {
      const res = await srv.call('POST', `/api/unsubscribe?token=${encodeURIComponent(bad)}`, {
        body: 'List-Unsubscribe=One-Click',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      });
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toMatch(/not valid/);
    }
    const prefs = await srv.call('GET', '/api/user/notification-preferences', { token: customer.token });
    expect(prefs.body.preferences.reminders).toEqual({ email: true, push: true });
  });

  it('one-click unsubscribe (RFC 8058 POST) stops that kind of e-mail only', async () => {
    const mail = await srv.mail.waitFor(customer.email, { subject: /Reminder one/ });
    const res = await fetch(httpsLink(mail.headers['list-unsubscribe']).replace('https://sparkle.example', srv.url), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(res.status).toBe(200);
    const seen = srv.mail.mails.length;
    expect(await send('reminders', 'Reminder two')).toEqual({ email: false, pushed: 0 });
    await send('on_my_way', 'On the way');
    await srv.mail.waitFor(customer.email, { subject: /On the way/, after: seen });
    expect(srv.mail.mails.slice(seen).map((m) => m.subject)).toEqual(['On the way']);
    const prefs = await srv.call('GET', '/api/user/notification-preferences', { token: customer.token });
    expect(prefs.body.preferences).toMatchObject({
      reminders: { email: false, push: true },
      on_my_way: { email: true, push: true },
      news: { email: false, push: false },
    }); // marketing: off until ticked
  });

  it('the page button (token in a JSON body) works the same, for staff too', async () => {
    const seen = srv.mail.mails.length;
    await notify(srv.deps, { type: 'employee', id: employee.id }, 'changes', { subject: 'Your Tuesday changed', text: 'x', url: '/employee' });
    const mail = await srv.mail.waitFor(employee.email, { subject: /Tuesday/, after: seen });
    const token = new URL(/https:\/\/sparkle\.example\/unsubscribe\?token=\S+/.exec(mail.text)![0]).searchParams.get('token')!;
    const res = await srv.call('POST', '/api/unsubscribe', { json: { token } });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/no more e-mails about changes to your visits/);
    const prefs = await srv.call('GET', '/api/employee/notification-preferences', { token: employee.token });
    expect(prefs.body.preferences.changes).toEqual({ email: false, push: true });
    expect(prefs.body.preferences.reminders).toEqual({ email: true, push: true });
  });

  it('choices are saved per kind from the profile, bounded by the schema', async () => {
    const put = await srv.call('PUT', '/api/user/notification-preferences', {
      token: customer.token,
      json: { reminders: { email: true, push: false }, news: { email: false, push: false } },
    });
    expect(put.status).toBe(200);
    expect(put.body.preferences).toMatchObject({
      reminders: { email: true, push: false },
      news: { email: false, push: false },
      on_my_way: { email: true, push: true },
    });
    expect((await srv.call('PUT', '/api/user/notification-preferences', { token: customer.token, json: { spam: { email: true, push: true } } })).status).toBe(
      400,
    );
    expect((await srv.call('PUT', '/api/user/notification-preferences', { token: customer.token, json: { news: { email: 'yes', push: true } } })).status).toBe(
      400,
    );
    expect((await srv.call('PUT', '/api/user/notification-preferences', { json: { news: { email: true, push: true } } })).status).toBe(401);
    const seen = srv.mail.mails.length;
    expect(await send('news', 'Spring offer')).toEqual({ email: false, pushed: 0 });
    await send('reminders', 'Reminder three');
    await srv.mail.waitFor(customer.email, { subject: /Reminder three/, after: seen });
  });
});
