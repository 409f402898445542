// A new version of the service worker waits for the person: the page offers "Update available —
// reload", and only the click lets the new worker take over (SKIP_WAITING, handled in pwa/src/sw.ts),
// after which the page reloads once under it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@shared/messages';
import { baseUrl } from './support';
import { closeBrowser, newPage, ownBrowserForThisFile, withServiceWorkers } from './browser';
import { sleep, until, waitForServiceWorker } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

// Its own Chromium, launched for this file as before browsers were shared per slot: it checks a service
// worker's takeover, and an earlier try of a shared browser failed here.
ownBrowserForThisFile();
afterAll(closeBrowser);

const controllerUrl = (page: import('playwright-core').Page) => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null);

describe('service worker update', () => {
  it('waits for the click on the update prompt, then reloads under the new worker', async () => {
    const page = await newPage(baseUrl());
    await page.goto('/');
    await waitForServiceWorker(page);
    expect(await controllerUrl(page)).toBe(`${baseUrl()}/sw.js`);

    // A new version: the same scope with another script URL installs beside the current worker.
    await page.evaluate(() => navigator.serviceWorker.register('/sw.js?version=next', { scope: '/' }));
    const prompt = page.getByRole('button', { name: MSG.updateAvailable });
    await prompt.waitFor({ timeout: 30_000 });
    await sleep(1000);
    // Not taken over behind the person's back.
    expect(await controllerUrl(page)).toBe(`${baseUrl()}/sw.js`);

    const reloaded = page.waitForEvent('load', { timeout: 30_000 });
    await prompt.click();
    await reloaded;
    await until(() => controllerUrl(page), (url) => url === `${baseUrl()}/sw.js?version=next`, 15_000, 'new worker in control');
    await expect(page.getByRole('button', { name: MSG.updateAvailable }).count()).resolves.toBe(0);
    await page.context().close();
  });
});
