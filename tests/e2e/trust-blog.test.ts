// Every blog post has its own address, in a real browser at 375 and 1280 px against the real server:
// /blog/{slug} opened directly renders the post (title, text, picture, its own document title) and,
// after that one visit, offline too; a slug no post has is HTTP 404 with the not-found page; a
// portrait picture is cropped to the card's frame in the public and the staff blog; from the list,
// the title opens the post and Back to blog returns to the list at the same scroll position.
// SCREENSHOT_DIR set: screens are saved there.
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newPage } from './browser';
import { employeeAccount, waitForServiceWorker } from './offline-support';

afterAll(closeBrowser);

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
};

/** A solid-colour RGB PNG of `width` × `height` (a portrait photo when taller than wide). */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'ascii');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type, 'ascii'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3])]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function publish(token: string, title: string, content: string, image?: Buffer): Promise<{ id: string; slug: string; image_path?: string; }> {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('content', content);
  if (image) fd.append('image', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'photo.png');
  const res = await fetch(`${baseUrl()}/api/employee/blog-posts`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: fd });
  const body = (await res.json()) as { blog_post: { id: string; slug: string; image_path?: string; }; };
  if (res.status !== 201) throw new Error(`blog create ${res.status}: ${JSON.stringify(body)}`);
  return body.blog_post;
}

/**
 * The scroll position once the page has stopped moving: the sticky header turns compact with a 0.2 s
 * transition once scrolled, and the browser's scroll anchoring then moves the page by a few pixels.
 */
const settledScrollY = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let last = window.scrollY;
        let since = performance.now();
        const tick = () => {
          if (window.scrollY !== last) {
            last = window.scrollY;
            since = performance.now();
          }
          if (performance.now() - since > 500) resolve(window.scrollY);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      }),
  );

const stamp = Date.now();
const portraitTitle = `Tall windows, tall order ${stamp}`;
const text = (n: number) => `Paragraph one of post ${n}: start at the top and work down.\n\nParagraph two of post ${n}: finish with the floors.`;
let staff: { email: string; password: string; token: string; };
let portrait: { id: string; slug: string; image_path?: string; };
let others: Array<{ id: string; slug: string; title: string; image_path?: string; }>;

beforeAll(async () => {
  staff = await employeeAccount('blog-writer');
  // The portrait post first, so the five after it push it low on the list's first page.
  portrait = await publish(staff.token, portraitTitle, text(0), png(300, 900, [40, 120, 90]));
  others = [];
  for (let i = 1; i <= 5; i++) {
    const title = `Cleaning note ${i} ${stamp}`;
    others.push({ ...(await publish(staff.token, title, text(i), png(640, 360, [200, 60 + i * 30, 80]))), title });
  }
});

describe.each([375, 1280] as const)('at %i px', (width) => {
  it('renders /blog/{slug} opened directly, with its own title; a slug no post has is a 404 with the not-found page', async () => {
    expect(portrait.slug).toBe(`tall-windows-tall-order-${stamp}`);
    const page = await newPage(baseUrl(), width);
    const res = await page.goto(`/blog/${portrait.slug}`);
    expect(res?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: portraitTitle }).waitFor();
    await page.getByText('Paragraph two of post 0: finish with the floors.').waitFor();
    expect(await page.title()).toBe(`${portraitTitle} — SparkleClean`);
    // The portrait picture fills a 16:9 frame, cropped.
    const frame = (await page.locator('.blog-post__frame').boundingBox())!;
    expect(Math.abs(frame.height - (frame.width * 9) / 16)).toBeLessThan(2);
    const back = page.getByRole('link', { name: /Back to blog/ }).first();
    expect(await back.getAttribute('href')).toBe('/blog');
    await shot(page, 'blog-post');
    // From a shared link there is no list behind: Back to blog opens the list.
    await back.click();
    await page.waitForURL('**/blog');
    await page.getByRole('heading', { level: 1, name: 'Cleaning tips and news' }).waitFor();

    const missing = await page.goto(`/blog/no-such-post-${stamp}`);
    expect(missing?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
    expect(await page.title()).toMatch(/^Page not found/);
    await page.context().close();
  });

  it('crops a portrait picture to the card frame, and Back to blog returns to the list where it was', async () => {
    const page = await newPage(baseUrl(), width);
    await page.goto('/blog');
    const card = page.locator('article', { hasText: portraitTitle });
    await card.waitFor();
    for (const c of [card, page.locator('article', { hasText: others[0].title })]) {
      const media = (await c.locator('.blog-card__media').boundingBox())!;
      expect(Math.abs(media.height - (media.width * 9) / 16)).toBeLessThan(2);
    }
    // Portrait and landscape cards are the same height in a grid row (the picture never sizes the card).
    expect((await card.boundingBox())!.height).toBeLessThan(650);

    const link = card.getByRole('link', { name: portraitTitle });
    await link.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, 120));
    const before = await settledScrollY(page);
    expect(before).toBeGreaterThan(200);
    await shot(page, 'blog-list');
    await link.click();
    await page.waitForURL(`**/blog/${portrait.slug}`);
    await page.getByRole('heading', { level: 1, name: portraitTitle }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: /Back to blog/ }).first().click();
    await page.waitForURL('**/blog');
    await card.waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, before);
    expect(Math.abs((await settledScrollY(page)) - before)).toBeLessThan(5);
    await page.context().close();
  });

  it('crops the portrait picture in the staff blog too', async () => {
    const page = await newPage(baseUrl(), width);
    await page.goto('/employee/login');
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/employee/dashboard');
    await page.goto('/employee/blog');
    const card = page.locator('article', { hasText: portraitTitle });
    const img = card.locator('img');
    await img.waitFor();
    const box = (await img.boundingBox())!;
    expect(Math.abs(box.height - (box.width * 9) / 16)).toBeLessThan(2);
    expect(await img.evaluate((el) => getComputedStyle(el).objectFit)).toBe('cover');
    await shot(page, 'staff-blog');
    await page.context().close();
  });

  it('reads /blog/{slug} offline after one visit to it', async () => {
    const post = others[width === 375 ? 1 : 2];
    const page = await newPage(baseUrl(), width, 'allow');
    const ctx = page.context();
    await page.goto(`/blog/${post.slug}`);
    await page.getByText(`Paragraph two of post ${others.indexOf(post) + 1}`).waitFor();
    await waitForServiceWorker(page);
    // Once the worker controls the page, the page asks again through it, so the post is kept.
    await expect
      .poll(() => page.evaluate(async (p) => Boolean(await caches.match(`/api/blog-posts/slug/${p}`)), post.slug), { timeout: 15_000 })
      .toBe(true);
    await expect
      .poll(() => page.evaluate(async (img) => Boolean(await caches.match(`/uploads/blog/${img}`)), post.image_path), { timeout: 15_000 })
      .toBe(true);
    await ctx.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: post.title }).waitFor();
    await page.getByText(`Paragraph two of post ${others.indexOf(post) + 1}`).waitFor();
    await expect.poll(() => page.locator('.blog-post__frame img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.title()).toBe(`${post.title} — SparkleClean`);
    await ctx.close();
  });
});

it('the API finds a post by its address and keeps the id route', async () => {
  const bySlug = await apiCall('GET', `/api/blog-posts/slug/${portrait.slug}`);
  expect(bySlug.status).toBe(200);
  expect(bySlug.body.blog_post.id).toBe(portrait.id);
  expect((await apiCall('GET', `/api/blog-posts/${portrait.id}`)).body.blog_post.slug).toBe(portrait.slug);
});
