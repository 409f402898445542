// The first load of `/` (issue 6): index.html carries the home page pre-rendered at build time, the
// browser hydrates it without replacing it, and every other route gets the plain shell — from the
// server and, offline, from the service worker — so no route flashes the home hero.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl } from './support';
import { closeBrowser, newPage } from './browser';
import { signUpCustomer, storeCustomerSession, waitForServiceWorker } from './offline-support';

afterAll(closeBrowser);

const HERO = 'Spotless homes and offices, without the hassle';
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));

/** Holds the entry script until `release()`, so the page can be looked at before any of the app runs. */
async function holdEntryScript(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Console errors and uncaught exceptions (a hydration mismatch is reported as a console error). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

describe('pre-rendered home page', () => {
  it('serves / with the header and hero in #root, styles inlined and no inline script', async () => {
    const res = await fetch(`${baseUrl()}/`);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    const html = await res.text();
    const root = rootOf(html);
    expect(root).toContain(`<h1>${HERO}</h1>`);
    expect(root).toContain('class="site-header');
    expect(root).toContain('Book a cleaner in minutes');
    expect(html).toMatch(/<style>[\s\S]*\.hero\{[\s\S]*<\/style>/);
    expect(html).not.toMatch(/<link rel="stylesheet"/);
    // The CSP allows scripts from this origin only: every script tag has a src.
    expect(html.match(/<script\b[^>]*>/g)?.every((tag) => / src="\/assets\//.test(tag))).toBe(true);
  });

  it('serves every other route the plain shell, with an empty #root', async () => {
    for (const route of ['/blog', '/about', '/orders', '/employee/login', '/no-such-page']) {
      const res = await fetch(`${baseUrl()}${route}`, { headers: { Accept: 'text/html' } });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      const html = await res.text();
      expect(html, route).toContain('<div id="root"></div>');
      expect(html, route).not.toContain(HERO);
      expect(html, route).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    }
  });

  it('paints the hero before any script runs, then hydrates the same nodes without errors', async () => {
    const page = await newPage(baseUrl(), 375);
    const errors = collectErrors(page);
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(HERO);
    // Nobody is known before the app runs: the guest buttons hold their place, invisible.
    expect(await page.locator('.site-nav__auth').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    await page.evaluate(() => ((document.querySelector('h1') as HTMLElement & { preRendered?: boolean }).preRendered = true));
    release();
    // Hydrated: the guest buttons are there, and the home page chunk made the booking form live.
    await page.locator('.site-nav__auth:not(.site-nav__auth--pending)').waitFor({ state: 'attached' });
    await page.locator('.site-footer__legal', { hasText: String(new Date().getFullYear()) }).waitFor();
    // The booking form is live: the home page hydrated with the rest.
    await expect
      .poll(async () => {
        await page.getByLabel('Your postcode').fill('sw1a 1aa!');
        return page.getByLabel('Your postcode').inputValue();
      })
      .toBe('SW1A1AA');
    // The pre-rendered node is still the one on screen: hydrated, not rendered again.
    expect(await page.evaluate(() => (document.querySelector('h1') as HTMLElement & { preRendered?: boolean }).preRendered)).toBe(true);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('never shows Sign In to a signed-in customer: the user menu replaces the hidden guest buttons', async () => {
    const customer = await signUpCustomer('prerender');
    const page = await newPage(baseUrl(), 1280);
    const errors = collectErrors(page);
    await page.goto('/about');
    await storeCustomerSession(page, customer);
    const release = await holdEntryScript(page);
    await page.goto('/', { waitUntil: 'commit' });
    await page.locator('h1').waitFor();
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(HERO);
    expect(await page.getByRole('link', { name: 'Sign In' }).isVisible()).toBe(false);
    release();
    await page.getByRole('button', { name: /account menu/i }).waitFor();
    expect(await page.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offline, the service worker gives / the pre-rendered page and /blog the plain shell', async () => {
    const page = await newPage(baseUrl(), 375);
    const ctx = page.context();
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto('/blog');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await ctx.setOffline(true);
    const blog = await page.goto('/blog');
    expect(blog?.fromServiceWorker()).toBe(true);
    const blogHtml = (await blog?.text()) ?? '';
    expect(blogHtml).toContain('<div id="root"></div>');
    expect(blogHtml).not.toContain(HERO);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.not.toBe(HERO);
    const home = await page.goto('/');
    expect(home?.fromServiceWorker()).toBe(true);
    expect(rootOf((await home?.text()) ?? '')).toContain(`<h1>${HERO}</h1>`);
    await ctx.close();
  });
});
