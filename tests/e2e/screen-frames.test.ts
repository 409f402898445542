// The daily screens' addresses answer with the screen's frame (its layout and heading), painted before any
// script runs; while the screen's code loads the frame stays, and then the screen itself replaces it. A
// visitor nobody knows is still sent to sign in.
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { baseUrl } from './support';
import { closeBrowser, getBrowser, newContext } from './browser';
import { employeeAccount, signedInPage, signUpCustomer } from './offline-support';

afterAll(closeBrowser);

/** Holds the screen's own chunk (its file name starts with `chunk`) until the returned function is called. */
async function holdChunk(page: Page, chunk: string): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(new RegExp(`/assets/${chunk}-[\\w-]+\\.js$`), (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((r) => r.continue()));
  };
}

async function withoutScripts(width: number, height: number): Promise<BrowserContext> {
  return (await getBrowser()).newContext({ baseURL: baseUrl(), viewport: { width, height }, javaScriptEnabled: false, serviceWorkers: 'block' });
}

describe('screen frames', () => {
  it("paint My Bookings' and My Visits' heading with scripts off, the portal's menu closed on a phone and open on a wide screen", async () => {
    const phone = await withoutScripts(375, 812);
    const page = await phone.newPage();
    const orders = await page.goto('/orders');
    expect(orders?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My Bookings');
    expect(await page.getByRole('status').textContent()).toBe('Loading your bookings');
    expect(await page.title()).toMatch(/^My Bookings — /);

    await page.goto('/employee/my-visits');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My Visits');
    expect(await page.locator('#emp-sidebar').isVisible()).toBe(false);
    await phone.close();

    const wide = await withoutScripts(1280, 900);
    const desk = await wide.newPage();
    await desk.goto('/employee/my-visits');
    expect(await desk.locator('#emp-sidebar').isVisible()).toBe(true);
    await wide.close();
  });

  it('stay while the screen loads, then the screen replaces them: one heading, no frame left', async () => {
    const ada = await signUpCustomer('frame-ada');
    const ctx = await newContext(baseUrl());
    const page = await signedInPage(ctx, ada);
    const release = await holdChunk(page, 'OrdersPage');
    await page.goto('/orders');
    // React has drawn over the HTML (the header's menu is its own), and the frame is what it shows meanwhile.
    await page.locator('.user-menu__button').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My Bookings');
    expect(await page.getByText('Loading your bookings').isVisible()).toBe(true);
    await release();
    await page.getByRole('heading', { name: 'No bookings yet' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('[data-screen-frame], [data-frame-main]').count()).toBe(0);
    await ctx.close();
  });

  it("a cleaner's My Visits: the frame while the screen's code is held, then the visits screen", async () => {
    const cleaner = await employeeAccount('frame-cleaner');
    const ctx = await newContext(baseUrl());
    const page = await ctx.newPage();
    await page.goto('/employee/login');
    await page.evaluate((t) => localStorage.setItem('employeeToken', t), cleaner.token);
    const release = await holdChunk(page, 'MyVisitsPage');
    await page.goto('/employee/my-visits');
    await page.getByRole('button', { name: /Account menu for Cody Cleaner/ }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('My Visits');
    await release();
    await page.getByRole('heading', { name: 'No visits in the coming weeks' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
    expect(await page.locator('[data-screen-frame], [data-frame-main]').count()).toBe(0);
    await ctx.close();
  });

  it('a visitor nobody knows is sent from the frame to sign in, told why', async () => {
    const ctx = await newContext(baseUrl());
    const page = await ctx.newPage();
    await page.goto('/orders');
    await page.waitForURL('**/login');
    await page.getByText('Please sign in to see your bookings.').waitFor();
    expect(await page.locator('[data-screen-frame]').count()).toBe(0);
    await page.goto('/employee/my-visits');
    await page.waitForURL('**/employee/login');
    await ctx.close();
  });
});
