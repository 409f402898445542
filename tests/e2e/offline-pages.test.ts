// After one online visit the marketing pages, the blog and a post (with its picture) work offline;
// the app is installable (manifest, icons, a controlling service worker).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { baseUrl } from './support';
import { closeBrowser, newPage, withServiceWorkers } from './browser';
import { createBlogPost, employeeAccount, waitForServiceWorker } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

const title = `Spring clean checklist ${Date.now()}`;
let post: { id: string; image_path: string; };

beforeAll(async () => {
  const staff = await employeeAccount('blogger');
  post = await createBlogPost(staff.token, title);
  expect(post.image_path).toBeTruthy();
});

async function heading(page: Page) {
  return page.locator('h1').first().textContent({ timeout: 15_000 });
}

describe('offline after one visit', () => {
  it('renders home, about, services, privacy, terms, the blog and a post offline, with the banner', async () => {
    const page = await newPage(baseUrl());
    const ctx = page.context();
    await page.goto('/');
    await waitForServiceWorker(page);
    const online: Record<string, string | null> = {};
    for (const route of ['/', '/about', '/services', '/privacy', '/terms']) {
      await page.goto(route);
      online[route] = await heading(page);
    }
    await page.goto('/blog');
    await page.getByRole('heading', { name: title }).waitFor();
    await page.locator('article', { hasText: title }).getByRole('button').click();
    const modalImage = page.locator('.article__image');
    await expect.poll(() => modalImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    expect(await page.getByText(MSG.offlineBanner).count()).toBe(0);

    await ctx.setOffline(true);
    for (const route of ['/', '/about', '/services', '/privacy', '/terms']) {
      await page.goto(route);
      expect(await heading(page), route).toBe(online[route]);
      await page.getByText(MSG.offlineBanner).waitFor();
    }
    // Reload on the blog itself, offline: list from the blog-api cache, picture from blog-images.
    await page.goto('/blog');
    await page.reload();
    await page.getByText(MSG.offlineBanner).waitFor();
    await page.getByRole('heading', { name: title }).waitFor();
    await page.locator('article', { hasText: title }).getByRole('button').click();
    await page.getByRole('dialog').getByText('Offline reading works after one visit').waitFor();
    await expect.poll(() => page.locator('.article__image').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    await ctx.close();
  });

  it('keeps authenticated API answers out of the shared caches', async () => {
    const page = await newPage(baseUrl());
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.goto('/blog');
    await page.getByRole('heading', { name: title }).waitFor();
    await page.evaluate(() => fetch('/api/user/bookings', { headers: { Authorization: 'Bearer nope' } }).catch(() => null));
    const cached = await page.evaluate(async () => {
      const out: string[] = [];
      for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) out.push(`${name} ${new URL(req.url).pathname}`);
      return out;
    });
    expect(cached.some((c) => c.startsWith('blog-api /api/blog-posts'))).toBe(true);
    expect(cached.filter((c) => /\/api\//.test(c) && !c.includes('/api/blog-posts'))).toEqual([]);
    await page.context().close();
  });
});

describe('installable', () => {
  it('serves a manifest with the right fields and loadable icons, linked from the page, and a controlling worker', async () => {
    const page = await newPage(baseUrl());
    await page.goto('/');
    await waitForServiceWorker(page);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const res = await fetch(baseUrl() + href);
    expect(res.headers.get('content-type')).toContain('application/manifest+json');
    const m = (await res.json()) as Record<string, unknown>;
    expect(m).toMatchObject({
      name: 'SparkleClean',
      short_name: 'SparkleClean',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#0b6e4f',
      background_color: '#f7f9f8',
    });
    const icons = m.icons as { src: string; sizes: string; purpose: string; type: string; }[];
    for (const [size, purpose] of [['192x192', 'any'], ['512x512', 'any'], ['192x192', 'maskable'], ['512x512', 'maskable']]) {
      expect(icons.some((i) => i.sizes === size && i.purpose === purpose), `${size} ${purpose}`).toBe(true);
    }
    const touch = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    for (const { src, sizes } of [...icons, { src: touch!, sizes: '180x180' }]) {
      const icon = await fetch(baseUrl() + src);
      expect(icon.status, src).toBe(200);
      expect(icon.headers.get('content-type')).toBe('image/png');
      // PNG IHDR: width and height are the big-endian u32s at bytes 16 and 20.
      const buf = Buffer.from(await icon.arrayBuffer());
      expect(buf.subarray(1, 4).toString()).toBe('PNG');
      expect(`${buf.readUInt32BE(16)}x${buf.readUInt32BE(20)}`).toBe(sizes);
    }
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(`${baseUrl()}/sw.js`);
    await page.context().close();
  });
});
