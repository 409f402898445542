// Web Push in the browser at 375 px: the profile's "Notifications on this device" switch, the choices
// per kind, and the service worker showing a push and opening its screen on tap.
//
// Why the push is synthetic: headless Chromium has no connection to a push service (FCM needs
// Google's GCM channel, which headless builds do not open), so pushManager.subscribe() is refused
// with "push service not available" and no real push can reach the worker. The worker's own
// handlers are therefore driven with a PushEvent and a NotificationEvent dispatched in its context:
// the same code a real push runs, from the event on.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Worker } from 'playwright-core';
import { NOTIFY_MSG } from '@shared/messages-notify';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newContext, withServiceWorkers } from './browser';
import { signUpCustomer, signedInPage, until } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

async function serviceWorkerOf(ctx: BrowserContext): Promise<Worker> {
  return ctx.serviceWorkers()[0] ?? (await ctx.waitForEvent('serviceworker', { timeout: 30_000 }));
}

describe('push notifications (375 px)', () => {
  it('the worker shows a pushed notice and a tap opens its screen, same origin only', async () => {
    const customer = await signUpCustomer('push');
    const ctx = await newContext(baseUrl(), 375);
    await ctx.grantPermissions(['notifications'], { origin: baseUrl() });
    const page = await signedInPage(ctx, customer);
    const sw = await serviceWorkerOf(ctx);

    // The payload the server sends (api/src/notify/push.ts), as the worker's push event carries it.
    await sw.evaluate(() => {
      const scope = self as unknown as { dispatchEvent(e: Event): boolean; PushEvent: new(t: string, i: { data: string; }) => Event; };
      scope.dispatchEvent(
        new scope.PushEvent('push', { data: JSON.stringify({ title: 'Sam is on the way', body: 'About 20 minutes.', url: '/orders', tag: 'on_my_way' }) }),
      );
    });
    const shown = await until(
      () =>
        sw.evaluate(async () =>
          (await (self as unknown as { registration: ServiceWorkerRegistration; }).registration.getNotifications()).map((n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            data: n.data as unknown,
          }))
        ),
      (list) => list.length > 0,
      10_000,
      'the notification to be shown',
    );
    expect(shown).toEqual([{ title: 'Sam is on the way', body: 'About 20 minutes.', tag: 'on_my_way', data: { url: '/orders' } }]);

    // A tap: the open tab is taken to the notice's screen.
    await sw.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
        NotificationEvent: new(t: string, i: { notification: Notification; }) => Event;
      };
      const [n] = await scope.registration.getNotifications();
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n }));
    });
    await page.waitForURL(`${baseUrl()}/orders`, { timeout: 15_000 });

    // A payload naming another site opens our home page instead.
    await sw.evaluate(async () => {
      const scope = self as unknown as {
        registration: ServiceWorkerRegistration;
        dispatchEvent(e: Event): boolean;
        PushEvent: new(t: string, i: { data: string; }) => Event;
        NotificationEvent: new(t: string, i: { notification: Notification; }) => Event;
      };
      scope.dispatchEvent(
        new scope.PushEvent('push', { data: JSON.stringify({ title: 'Elsewhere', body: 'x', url: 'https://evil.example/steal', tag: 'news' }) }),
      );
      await new Promise((r) => setTimeout(r, 500));
      const n = (await scope.registration.getNotifications()).find((x) => x.title === 'Elsewhere')!;
      scope.dispatchEvent(new scope.NotificationEvent('notificationclick', { notification: n }));
    });
    await page.waitForURL(`${baseUrl()}/`, { timeout: 15_000 });
    expect(page.url()).toBe(`${baseUrl()}/`);
    await ctx.close();
  });

  it('the profile shows the device switch and saves the choices per kind', async () => {
    const customer = await signUpCustomer('pushprefs');
    const ctx = await newContext(baseUrl(), 375);
    await ctx.grantPermissions(['notifications'], { origin: baseUrl() });
    const page = await signedInPage(ctx, customer);
    await page.goto('/profile');
    await page.getByRole('group', { name: NOTIFY_MSG.deviceTitle }).waitFor();
    await page.getByRole('button', { name: NOTIFY_MSG.deviceTurnOn }).waitFor();
    // Marketing needs consent: its box starts unticked, and says why.
    const box = page.getByRole('checkbox', { name: `${NOTIFY_MSG.kindLabel.news}: ${NOTIFY_MSG.preferencesEmail}` });
    await expect(box.isChecked()).resolves.toBe(false);
    await expect(box.getAttribute('aria-describedby').then((id) => page.locator(`[id="${id}"]`).textContent())).resolves.toBe(NOTIFY_MSG.marketingConsent);
    await box.check();
    await page.getByText(NOTIFY_MSG.preferencesSaved).waitFor();
    const saved = await apiCall('GET', '/api/user/notification-preferences', { token: customer.token });
    expect(saved.body.preferences.news).toEqual({ email: true, push: false });
    expect(saved.body.preferences.reminders).toEqual({ email: true, push: true });
    // The switch: in headless Chromium subscribing is refused (see the top of this file), and the page says so.
    await page.getByRole('button', { name: NOTIFY_MSG.deviceTurnOn }).click();
    await until(
      () => page.getByRole('status').allTextContents(),
      (texts) => texts.some((t) => t === NOTIFY_MSG.deviceSaved || t === NOTIFY_MSG.deviceUnsupported),
      15_000,
      'the switch to answer',
    );
    await ctx.close();
  });
});
