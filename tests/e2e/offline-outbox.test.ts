// The outbox against the real server in Chromium: nothing lost, nothing doubled.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTBOX_TEXT } from '@shared/messages';
import { apiCall, baseUrl, firstVisitSoon } from './support';
import { closeBrowser, newContext, withServiceWorkers } from './browser';
import {
  bookOffline,
  customerLogin,
  employeeAccount,
  outboxRows,
  signedInPage,
  signUpCustomer,
  sleep,
  until,
  waitForServiceWorker,
  withoutBackgroundSync,
} from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

const myBookings = async (token: string) => (await apiCall('GET', '/api/user/bookings', { token })).body.bookings as { id: string; postcode: string; }[];

describe('outbox in the browser', () => {
  it('a wizard booking made offline is sent once after the page is closed and reopened online', async () => {
    const customer = await signUpCustomer('wizard');
    const ctx = await newContext(baseUrl());
    let page = await signedInPage(ctx, customer);
    await bookOffline(ctx, page, 'SW1A1AA');
    const rows = await outboxRows(page, 'booking');
    expect(rows).toMatchObject([{ kind: 'booking', state: 'queued' }]);
    expect(await myBookings(customer.token)).toEqual([]);
    await page.close();

    await ctx.setOffline(false);
    page = await ctx.newPage();
    await page.goto('/');
    await until(() => outboxRows(page, 'booking'), (r) => r.length === 1 && r[0].state === 'sent', 20_000, 'outbox item sent');
    const bookings = await myBookings(customer.token);
    expect(bookings.map((b) => b.postcode)).toEqual(['SW1A1AA']);
    // More triggers (focus, online, reload) must not send it again.
    await page.reload();
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await sleep(1500);
    expect(await myBookings(customer.token)).toHaveLength(1);
    await ctx.close();
  });

  it('the same item replayed across reloads mid-send against a slow server yields one record', async () => {
    const customer = await signUpCustomer('slow');
    const ctx = await newContext(baseUrl());
    // The page's own replay is what reloads cut mid-send; a Background Sync send by the service worker
    // would survive them (background-sync.test.ts), so here the page behaves as in Firefox or Safari.
    await withoutBackgroundSync(ctx);
    const page = await signedInPage(ctx, customer);
    await bookOffline(ctx, page, 'E11AA');
    const [{ id }] = await outboxRows(page, 'booking');

    // The server gets (and stores) each attempt, but its answer arrives only after 2.5 s.
    const keys: string[] = [];
    await ctx.route('**/api/user/bookings', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      keys.push(route.request().headers()['idempotency-key']);
      const response = await route.fetch();
      await sleep(2500);
      await route.fulfill({ response }).catch(() => {}); // the page may be gone by then
    });
    await ctx.setOffline(false);
    for (let i = 0; i < 3; i++) {
      await page.reload(); // app start → replay; the reload below cuts it mid-send
      await until(() => Promise.resolve(keys.length), (n) => n >= i + 1, 15_000, `attempt ${i + 1}`);
      await sleep(300);
    }
    await until(() => outboxRows(page, 'booking'), (r) => r[0]?.state === 'sent', 20_000, 'item sent');
    expect(keys.length).toBeGreaterThanOrEqual(3);
    expect(new Set(keys)).toEqual(new Set([id])); // every attempt carried the same Idempotency-Key
    expect((await myBookings(customer.token)).map((b) => b.postcode)).toEqual(['E11AA']);
    await ctx.close();
  });

  it('a booking queued with a token that has expired waits for sign-in, then is sent with the new token', async () => {
    const customer = await signUpCustomer('expired');
    const ctx = await newContext(baseUrl());
    // The expiry is faked by rewriting the stored token behind the app's back, which the service
    // worker's copy of the session cannot see: only the page replays here.
    await withoutBackgroundSync(ctx);
    const page = await signedInPage(ctx, customer);
    await bookOffline(ctx, page, 'N19GU');
    // While offline the session expires (the stored token is no longer accepted).
    await page.evaluate(() => localStorage.setItem('token', 'expired.token.value'));
    await ctx.setOffline(false);
    await page.goto('/outbox');
    await until(() => outboxRows(page, 'booking'), (r) => r[0]?.state === 'needs-sign-in', 20_000, 'needs-sign-in');
    // The 401 ended the session: signed out, nobody on this device sees the item (it is someone's).
    await page.getByText(OUTBOX_TEXT.empty).waitFor();
    expect(await myBookings(customer.token)).toEqual([]);

    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Email', exact: true }).fill(customer.email);
    await page.getByLabel('Password', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await until(() => outboxRows(page, 'booking'), (r) => r[0]?.state === 'sent', 20_000, 'sent after sign-in');
    const fresh = await customerLogin(customer.email, customer.password);
    expect((await myBookings(fresh)).map((b) => b.postcode)).toEqual(['N19GU']);
    await ctx.close();
  });

  it('work hours submitted offline by an employee complete the booking once when back online', async () => {
    const customer = await signUpCustomer('worked');
    const created = await apiCall('POST', '/api/user/bookings', {
      token: customer.token,
      json: {
        postcode: 'SE17PB',
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '2',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'Not sure yet',
        bestDays: 'Any weekday, mornings', /* free text: work can be submitted from acceptance */
        start_within_14_days: true,
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
      },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const bookingId: string = created.body.bookingId ?? created.body.booking?.id;
    const staff = await employeeAccount('offline-cleaner');
    expect((await apiCall('POST', `/api/employee/bookings/${bookingId}/accept`, { token: staff.token, json: { first_visit: firstVisitSoon() } })).status).toBe(
      200,
    );

    const ctx = await newContext(baseUrl());
    const page = await ctx.newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('employeeToken', t), staff.token);
    await page.goto('/employee/my-bookings');
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: /^Submit work for booking/ }).first().waitFor();

    const workPosts: string[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().endsWith('/submit-work')) workPosts.push(r.headers()['idempotency-key']);
    });
    await ctx.setOffline(true);
    await page.getByRole('button', { name: /^Submit work for booking/ }).first().click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Work hours').fill('3.5');
    await dialog.getByLabel('Completion notes (optional)').fill('Done while offline');
    await dialog.getByRole('button', { name: 'Submit Work' }).click();
    // Queued *and* its first attempt already failed: an item is stored as 'queued' before that attempt,
    // and if the network came back while it was still running, the form would get the answer itself
    // and drop the item (sent while the person watched), leaving nothing for the replay to send.
    await until(
      () => outboxRows(page),
      (r) => r.length === 1 && r[0].kind === 'work' && r[0].state === 'queued' && r[0].attempts >= 1,
      10_000,
      'work queued after a failed first attempt',
    );
    const mine = async () =>
      ((await apiCall('GET', '/api/employee/my-bookings', { token: staff.token })).body.bookings as Record<string, unknown>[]).find((b) => b.id === bookingId);
    expect((await mine())?.status).toBe('accepted');

    await ctx.setOffline(false);
    await until(() => outboxRows(page), (r) => r[0]?.state === 'sent', 20_000, 'work sent');
    const done = await mine();
    expect(done).toMatchObject({ status: 'completed', submitted_work_hours: 3.5, completion_notes: 'Done while offline' });
    // A second replay trigger doesn't submit again (the server would refuse a second submission anyway).
    await page.reload();
    await sleep(1500);
    const subs = await apiCall('GET', '/api/employee/work-submissions', { token: staff.token });
    const forBooking = (subs.body.submissions as Record<string, unknown>[]).filter((s) => s.id === bookingId || s.booking_id === bookingId);
    expect(forBooking).toHaveLength(1);
    expect(new Set(workPosts).size).toBe(1); // every attempt carried the same Idempotency-Key
    expect((await outboxRows(page)).filter((r) => r.state !== 'sent')).toEqual([]);
    await ctx.close();
  });
});
