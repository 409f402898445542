// Background Sync in Chromium (the real service worker, the real server): a booking queued offline is
// sent by the service worker itself once the network is back, with no page of the app open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newContext, withServiceWorkers } from './browser';
import { bookOffline, outboxRows, signedInPage, signUpCustomer, sleep, until } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

const myBookings = async (token: string) => (await apiCall('GET', '/api/user/bookings', { token })).body.bookings as { postcode: string; }[];

/**
 * Fires the 'outbox' sync event as Chromium does when connectivity returns. Connectivity here is
 * emulated (context.setOffline), which the browser's sync scheduler does not watch, so DevTools fires it.
 */
async function fireOutboxSync(ctx: BrowserContext, page: Page): Promise<void> {
  const cdp = await ctx.newCDPSession(page);
  const registrations = new Promise<{ registrationId: string; scopeURL: string; isDeleted: boolean; }[]>((resolve) =>
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => resolve(e.registrations))
  );
  await cdp.send('ServiceWorker.enable');
  const reg = (await registrations).find((r) => r.scopeURL === `${baseUrl()}/` && !r.isDeleted);
  if (!reg) throw new Error('no service worker registration for the app');
  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: baseUrl(), registrationId: reg.registrationId, tag: 'outbox', lastChance: false });
  await cdp.detach();
}

describe('Background Sync (Chromium)', () => {
  it('a booking queued offline is sent by the service worker after every app page is gone', async () => {
    const customer = await signUpCustomer('bgsync');
    const ctx = await newContext(baseUrl());
    const page = await signedInPage(ctx, customer);
    await bookOffline(ctx, page, 'EC1A1BB');
    expect(await outboxRows(page, 'booking')).toMatchObject([{ kind: 'booking', state: 'queued' }]);
    // The page asked for a sync: the tag is registered with the service worker.
    const tags = await until(
      () =>
        page.evaluate(async () =>
          ((await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]>; }; }).sync.getTags()
        ),
      (t) => t.includes('outbox'),
      10_000,
      'sync tag registered',
    );
    expect(tags).toContain('outbox');

    // Leave the app: no page of it is left to replay anything.
    await page.goto('about:blank');
    await sleep(500);
    expect(await myBookings(customer.token)).toEqual([]);

    await ctx.setOffline(false);
    await fireOutboxSync(ctx, page);
    const bookings = await until(() => myBookings(customer.token), (b) => b.length > 0, 20_000, 'booking sent by the service worker');
    expect(bookings.map((b) => b.postcode)).toEqual(['EC1A1BB']);

    // Back in the app: the item shows as sent, and opening the app does not send it again.
    await page.goto('/');
    await until(() => outboxRows(page, 'booking'), (r) => r.length === 1 && r[0].state === 'sent', 10_000, 'outbox item shown as sent');
    await sleep(1500);
    expect(await myBookings(customer.token)).toHaveLength(1);
    await ctx.close();
  });
});
