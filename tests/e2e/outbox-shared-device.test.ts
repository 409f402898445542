// The outbox as one piece of infrastructure, in Chromium against the real server and service worker:
// nothing typed is lost (the wizard's phone and address travel with the booking, with or without
// Background Sync), a lost IndexedDB connection mid-send, and a phone shared by two customers and by
// an employee whose session ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newContext, withServiceWorkers } from './browser';
import { bookOffline, customerLogin, employeeAccount, outboxRows, signedInPage, signUpCustomer, tableRows, until, type Customer } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

const myBookings = async (token: string) =>
  (await apiCall('GET', '/api/user/bookings', { token })).body.bookings as { id: string; postcode: string; address?: string; phone?: string; }[];
const profile = async (token: string) => (await apiCall('GET', '/api/user/profile', { token })).body.user as { phone?: string; address?: string; };

/** As on Safari and Firefox: no SyncManager, no registration.sync — only the page can replay. */
async function withoutSyncManager(ctx: BrowserContext) {
  await ctx.addInitScript(() => {
    delete (globalThis as { SyncManager?: unknown; }).SyncManager;
    if (typeof ServiceWorkerRegistration !== 'undefined') {
      Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined, configurable: true });
    }
  });
}

async function signInThroughUi(page: Page, c: Pick<Customer, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByRole('textbox', { name: 'Email', exact: true }).fill(c.email);
  await page.getByLabel('Password', { exact: true }).fill(c.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.locator('.user-menu__button').waitFor();
}

async function signOutThroughUi(page: Page) {
  await page.locator('.user-menu__button').click();
  await page.getByRole('button', { name: 'Sign Out' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
  await page.locator('.user-menu__button').waitFor({ state: 'detached' });
}

/** Wizard offline with a new phone and address → page closed → reopened online → all of it arrives. */
async function wizardOfflineThenOnline(label: string, setup?: (ctx: BrowserContext) => Promise<void>) {
  const customer = await signUpCustomer(label);
  const contact = { address: `${label} House, 12 Queue Lane, York`, phone: `07700 ${String(Date.now()).slice(-6)}` };
  const ctx = await newContext(baseUrl());
  await setup?.(ctx);
  let page = await signedInPage(ctx, customer);
  await bookOffline(ctx, page, 'YO17HH', contact);
  expect((await outboxRows(page)).map((r) => [r.kind, r.state])).toEqual([
    ['profile', 'queued'],
    ['booking', 'queued'],
  ]);
  await page.close();

  await ctx.setOffline(false);
  page = await ctx.newPage();
  await page.goto('/');
  const bookings = await until(() => myBookings(customer.token), (b) => b.length > 0, 20_000, 'booking sent');
  expect(await profile(customer.token)).toMatchObject(contact);
  expect(bookings).toHaveLength(1);
  expect(bookings[0]).toMatchObject({ postcode: 'YO17HH', ...contact });

  // The cleaner who takes it sees where to go and whom to call (address and phone only once taken).
  const staff = await employeeAccount(`${label}-cleaner`);
  const available = (await apiCall('GET', '/api/employee/available-bookings', { token: staff.token })).body.bookings as {
    id: string;
    customer_phone?: string;
  }[];
  expect(available.find((x) => x.id === bookings[0].id)?.customer_phone).toBeUndefined();
  expect((await apiCall('POST', `/api/employee/bookings/${bookings[0].id}/accept`, { token: staff.token })).status).toBe(200);
  const mine = (await apiCall('GET', '/api/employee/my-bookings', { token: staff.token })).body.bookings as { id: string; }[];
  expect(mine.find((x) => x.id === bookings[0].id)).toMatchObject({ customer_address: contact.address, customer_phone: contact.phone });
  // More triggers do not send anything twice.
  await page.reload();
  await until(() => outboxRows(page), (r) => r.every((i) => i.state === 'sent'), 10_000, 'nothing left');
  expect(await myBookings(customer.token)).toHaveLength(1);
  await ctx.close();
}

describe('nothing typed is lost', () => {
  it('wizard offline with a new phone and address: after reopening online the profile has them, one booking, the cleaner sees the address', async () => {
    await wizardOfflineThenOnline('persist');
  });

  it('the same with SyncManager removed (as on Safari): page replay sends it', async () => {
    await wizardOfflineThenOnline('nosync', withoutSyncManager);
  });

  it('the IndexedDB connection closed behind the app during a send: the item is still recorded as sent, and sent once', async () => {
    const customer = await signUpCustomer('closed');
    const ctx = await newContext(baseUrl());
    await withoutSyncManager(ctx);
    // Keep a handle on every connection the page opens, to close them the way a browser may.
    await ctx.addInitScript(() => {
      const open = indexedDB.open.bind(indexedDB);
      const seen: IDBDatabase[] = [];
      (globalThis as { __idb?: IDBDatabase[]; }).__idb = seen;
      indexedDB.open = (...args: Parameters<typeof indexedDB.open>) => {
        const req = open(...args);
        req.addEventListener('success', () => seen.push(req.result));
        return req;
      };
    });
    const page = await signedInPage(ctx, customer);
    await bookOffline(ctx, page, 'LS11UR');
    const posts: string[] = [];
    await ctx.route('**/api/user/bookings', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      posts.push(route.request().headers()['idempotency-key']);
      const response = await route.fetch();
      // The answer is on its way back: drop every connection first (the app is not told).
      await page.evaluate(() => (globalThis as { __idb?: IDBDatabase[]; }).__idb?.forEach((d) => d.close())).catch(() => {});
      await route.fulfill({ response });
    });
    await ctx.setOffline(false);
    await until(() => outboxRows(page, 'booking'), (r) => r[0]?.state === 'sent', 20_000, 'recorded as sent');
    expect(posts.length).toBeGreaterThanOrEqual(1);
    expect(new Set(posts).size).toBe(1);
    expect((await myBookings(customer.token)).map((b) => b.postcode)).toEqual(['LS11UR']);
    await ctx.close();
  });
});

describe('a shared device', () => {
  it("customer B sees none of A's waiting items; A's are sent once A signs in again", async () => {
    const a = await signUpCustomer('share-a');
    const b = await signUpCustomer('share-b');
    const ctx = await newContext(baseUrl());
    await withoutSyncManager(ctx);
    const page = await signedInPage(ctx, a);
    await bookOffline(ctx, page, 'BS14ST', { address: '3 Shared Street, Bristol', phone: '07700 111000' });
    await page.keyboard.press('Escape');
    await signOutThroughUi(page);
    await ctx.setOffline(false);
    await signInThroughUi(page, b);

    await page.goto('/outbox');
    await page.getByRole('heading', { name: 'Waiting to send' }).waitFor();
    await page.getByText('Nothing waiting to be sent').waitFor();
    expect(await page.getByText('Booking for BS1 4ST').count()).toBe(0);
    expect(await page.getByRole('link', { name: /waiting to send/ }).count()).toBe(0); // no badge
    // Read with fresh sign-ins: A's sign-out ended A's earlier tokens on the server.
    expect(await myBookings(await customerLogin(a.email, a.password))).toEqual([]);
    expect(await myBookings(await customerLogin(b.email, b.password))).toEqual([]);

    await signOutThroughUi(page);
    await signInThroughUi(page, a);
    // Fresh tokens: a sign-out may end the old ones on the server too.
    const aToken = await customerLogin(a.email, a.password);
    const sent = await until(() => myBookings(aToken), (list) => list.length > 0, 20_000, "A's booking sent");
    expect(sent.map((x) => x.postcode)).toEqual(['BS14ST']);
    expect(await profile(aToken)).toMatchObject({ address: '3 Shared Street, Bristol', phone: '07700 111000' });
    expect(await myBookings(await customerLogin(b.email, b.password))).toEqual([]);
    await ctx.close();
  });

  it("an employee's 401 removes their offline copy of customer details", async () => {
    const customer = await signUpCustomer('emp401');
    const created = await apiCall('POST', '/api/user/bookings', {
      token: customer.token,
      json: {
        postcode: 'CF101AA',
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '2',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'Not sure yet',
        bestDays: new Date(Date.now() + 86_400_000).toISOString().slice(0, 16),
        start_within_14_days: true,
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        address: '8 Private Road, Cardiff',
        phone: '07700 222333',
      },
    });
    expect(created.status).toBe(201);
    const staff = await employeeAccount('emp401-cleaner');
    expect((await apiCall('POST', `/api/employee/bookings/${created.body.bookingId}/accept`, { token: staff.token })).status).toBe(200);

    // Online only: the page's own API client meets the 401 and clears IndexedDB; no service worker needed.
    const ctx = await newContext(baseUrl(), 375, 'block');
    const page = await ctx.newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('employeeToken', t), staff.token);
    await page.goto('/employee/my-bookings');
    const saved = await until(
      () => tableRows(page, 'employeeBookings'),
      (rows) => JSON.stringify(rows).includes('8 Private Road'),
      20_000,
      'offline copy saved',
    );
    expect(saved.length).toBeGreaterThan(0);

    // The server stops accepting the token (expired, revoked): the next call answers 401.
    await page.evaluate(() => localStorage.setItem('employeeToken', 'expired.token.value'));
    await page.reload();
    await until(() => tableRows(page, 'employeeBookings'), (rows) => rows.length === 0, 20_000, 'offline copy removed');
    expect(await page.evaluate(() => localStorage.getItem('employeeToken'))).toBeNull();
    await ctx.close();
  });
});
