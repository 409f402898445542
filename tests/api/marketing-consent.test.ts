// "News and offers" is marketing: e-mail about it needs the person's consent (PECR). It starts off for
// customers and staff alike, nothing is sent until the person ticks it, and each choice is kept with
// its time on the server's clock.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotificationPreference } from '../../api/src/models/NotificationPreference';
import { notify } from '../../api/src/notify/notify';
import { insertCustomer } from '../support/customers';
import { makeEmployee } from './employee-fixtures';
import { startVisitsServer, type VisitsServer } from './visits-fixtures';

let v: VisitsServer;
const DAY = 86_400_000;

beforeAll(async () => {
  v = await startVisitsServer({ JOBS_POLL_MS: '0' });
});
afterAll(async () => {
  await v?.setOffset(0);
  await v?.s.close();
});

describe('News and offers', () => {
  it('is off by default and sends nothing until the customer ticks it; the choice is kept with its time', async () => {
    const c = await insertCustomer(v.s);
    const prefs = await v.s.call('GET', '/api/user/notification-preferences', { token: c.token });
    expect(prefs.body.preferences.news).toEqual({ email: false, push: false });
    expect(prefs.body.preferences.reminders).toEqual({ email: true, push: true });
    const offer = (subject: string) => notify(v.s.deps, { type: 'customer', id: c.id }, 'news', { subject, text: 'Spring offer.', url: '/' });
    expect(await offer('Spring offer')).toEqual({ email: false, pushed: 0 });

    await v.setOffset(3 * DAY);
    const put = await v.s.call('PUT', '/api/user/notification-preferences', { token: c.token, json: { news: { email: true, push: false } } });
    expect(put.body.preferences.news).toEqual({ email: true, push: false });
    const kept = (await NotificationPreference.findById(`customer:${c.id}`).lean()) as { news?: { email: boolean; chosen_at: Date; }; } | null;
    expect(kept?.news?.email).toBe(true);
    expect(Math.abs(kept!.news!.chosen_at.getTime() - (Date.now() + 3 * DAY))).toBeLessThan(60_000);
    expect(await offer('Summer offer')).toMatchObject({ email: true });
    await v.s.mail.waitFor(c.email, { subject: /Summer offer/ });
    expect(v.s.mail.mails.some((m) => /Spring offer/.test(String(m.subject)))).toBe(false);
  });

  it('is off by default for staff too', async () => {
    const e = await makeEmployee(v.s);
    expect((await v.s.call('GET', '/api/employee/notification-preferences', { token: e.token })).body.preferences.news).toEqual({ email: false, push: false });
  });
});
