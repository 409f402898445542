// A phone's first visit to any public page: each route's HTML carries that page pre-rendered at build
// time (pwa/src/prerender.tsx), so its heading paints with no script at all; the browser then hydrates
// the same nodes without errors; offline the service worker answers each route with its own page; and a
// signed-in visitor never sees the guest buttons. Every other route gets the plain shell, but the daily
// screens, whose pages hold their frame (screen-frames.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { baseUrl } from './support';
import { closeBrowser, getBrowser, newPage } from './browser';
import { signUpCustomer, storeCustomerSession, waitForServiceWorker } from './offline-support';

afterAll(closeBrowser);

/** Each pre-rendered route and the heading its page shows. */
const ROUTES: Record<string, string> = {
  '/': 'Spotless homes and offices, without the hassle',
  '/about': 'About SparkleClean',
  '/services': 'Our services',
  '/blog': 'Cleaning tips and news',
  '/contact': 'Contact us',
  '/enquiry': 'Request a free quote',
  '/career': 'Join our team',
  '/login': 'Welcome back',
  '/signup': 'Create your account',
  '/privacy': 'Privacy Policy',
  '/terms': 'Terms of Service',
  '/employee/login': 'Sign in',
  '/employee/forgot-password': 'Forgot your password?',
};
const HERO = ROUTES['/'];
const rootOf = (html: string) => html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>'));
const textOf = (html: string) => html.replace(/<!-- -->/g, '').replace(/<[^>]+>/g, '');

/** Console errors and uncaught exceptions (a hydration mismatch is reported as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(`${page.url()}: ${m.text()}`));
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

describe('pre-rendered public pages', () => {
  const served: Record<string, string> = {};
  beforeAll(async () => {
    for (const route of Object.keys(ROUTES)) {
      const res = await fetch(`${baseUrl()}${route}`, { headers: { Accept: 'text/html' } });
      expect(res.status, route).toBe(200);
      expect(res.headers.get('cache-control'), route).toBe('no-cache');
      served[route] = await res.text();
    }
  });

  it('serves each route its own page: heading and title in the HTML, styles inlined, no inline script', () => {
    const titles = new Set<string>();
    for (const [route, heading] of Object.entries(ROUTES)) {
      const html = served[route];
      const h1 = /<h1[^>]*>(.*?)<\/h1>/.exec(rootOf(html))?.[1];
      expect(h1 && textOf(h1), route).toBe(heading);
      expect(rootOf(html), route).toContain('<main');
      titles.add(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
      expect(html, route).toMatch(/<style>[\s\S]*\.btn\{[\s\S]*<\/style>/);
      expect(html, route).not.toMatch(/<link rel="stylesheet"/);
      // The CSP allows scripts from this origin only: every script tag has a src (the blog's first page of
      // posts comes as a JSON data block, which the browser does not run).
      expect(
        html.match(/<script\b[^>]*>/g)?.every((tag) => / src="\/assets\//.test(tag) || tag === '<script type="application/json" id="blog-first-page">'),
        route,
      ).toBe(true);
    }
    // Every page names itself.
    expect(titles.size).toBe(Object.keys(ROUTES).length);
  });

  it('serves the plain shell, with an empty #root, to every route that is neither pre-rendered nor a screen frame', async () => {
    for (const route of ['/statements', '/profile', '/employee/dashboard', '/no-such-page']) {
      const res = await fetch(`${baseUrl()}${route}`, { headers: { Accept: 'text/html' } });
      const html = await res.text();
      expect(html, route).toContain('<div id="root"></div>');
      expect(html, route).toMatch(/<script type="module" crossorigin src="\/assets\/index-/);
    }
  });

  it('paints each heading with JavaScript disabled', async () => {
    const browser: Browser = await getBrowser();
    const ctx = await browser.newContext({ baseURL: baseUrl(), javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    const page = await ctx.newPage();
    for (const [route, heading] of Object.entries(ROUTES)) {
      await page.goto(route);
      const h1 = page.getByRole('heading', { level: 1 });
      expect(await h1.isVisible(), route).toBe(true);
      expect((await h1.textContent())?.trim(), route).toBe(heading);
    }
    await ctx.close();
  });

  it('hydrates the pre-rendered nodes in place, with no console error', async () => {
    const page = await newPage(baseUrl(), 375);
    const errors = collectErrors(page);
    // Tags the parsed heading once the HTML is parsed, before any module script runs: if React drew a
    // new heading instead of hydrating this one, the tag is gone.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const h1 = document.querySelector('h1') as (HTMLElement & { parsed?: boolean; }) | null;
        if (document.readyState === 'interactive' && h1) h1.parsed = true;
      });
    });
    for (const [route, heading] of Object.entries(ROUTES)) {
      await page.goto(route);
      // Hydrated: React has attached itself to the heading the HTML carried.
      await page.waitForFunction(() => {
        const h1 = document.querySelector('h1');
        return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
      });
      const h1 = await page.evaluate(() => {
        const el = document.querySelector('h1') as HTMLElement & { parsed?: boolean; };
        return { parsed: el.parsed, text: el.textContent };
      });
      expect(h1, route).toEqual({ parsed: true, text: heading });
    }
    // The header's guest buttons show once the visitor is known to be a guest.
    await page.goto('/contact');
    await page.locator('.site-nav__auth:not(.site-nav__auth--pending)').waitFor({ state: 'attached' });
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('never shows Sign In to a signed-in customer on any public page', async () => {
    const customer = await signUpCustomer('prerender');
    const page = await newPage(baseUrl(), 1280);
    const errors = collectErrors(page);
    // Checks every frame, and every change before it is painted, for a visible guest button.
    await page.addInitScript(() => {
      const w = window as Window & { sawGuest?: boolean; };
      const look = () => {
        for (const a of document.querySelectorAll('a')) {
          if (/^Sign (?:In|Up)$/.test(a.textContent ?? '') && a.checkVisibility({ visibilityProperty: true })) w.sawGuest = true;
        }
      };
      new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
      const frame = () => {
        look();
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await page.goto('/employee/forgot-password');
    await storeCustomerSession(page, customer);
    for (const route of Object.keys(ROUTES).filter((r) => !r.startsWith('/employee/'))) {
      await page.goto(route);
      await page.getByRole('button', { name: /account menu/i }).waitFor();
      expect(await page.evaluate(() => (window as Window & { sawGuest?: boolean; }).sawGuest ?? false), route).toBe(false);
      // The header's guest button (a page's own 'Already have an account? Sign in' link is not it).
      expect(await page.locator('header').getByRole('link', { name: 'Sign In', exact: true }).count(), route).toBe(0);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('offline, the service worker answers each route with its own page', async () => {
    // The only context here with the service worker (the others are first visits, as a phone's first is).
    const page = await newPage(baseUrl(), 375, 'allow');
    const ctx = page.context();
    await page.goto('/');
    await waitForServiceWorker(page);
    await ctx.setOffline(true);
    for (const [route, heading] of Object.entries(ROUTES)) {
      const res = await page.goto(route);
      expect(res?.fromServiceWorker(), route).toBe(true);
      // The same page, less the blog's first page of posts, which the server adds to each visit's copy.
      expect(await res?.text(), route).toBe(served[route].replace(/<script type="application\/json" id="blog-first-page">[^<]*<\/script>\n/, ''));
      expect((await page.getByRole('heading', { level: 1 }).textContent())?.trim(), route).toBe(heading);
    }
    // A route that is not pre-rendered still gets the shell, and draws its own screen.
    const notFound = await page.goto('/no-such-page');
    expect(rootOf((await notFound?.text()) ?? '')).not.toContain(HERO);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).not.toBe(HERO);
    await ctx.close();
  });
});
