// A first visit to /blog gets its first page of posts inside the HTML (the answer of GET
// /api/blog-posts, as JSON in a data block the page reads): the page hydrates as pre-rendered, shows
// those posts without asking the API, and pages on through the API as before. In a real browser
// against the real server, no service worker (a first visit).
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, hydrated } from './support';
import { closeBrowser, getBrowser } from './browser';
import { employeeAccount } from './offline-support';

afterAll(closeBrowser);

const stamp = Date.now();
const title = (i: number) => `First page note ${i} ${stamp}`;
/** Text no post may use to break out of the data block. */
const MARKUP = '</script><b>not bold</b>';
const BLOCK = /<script type="application\/json" id="blog-first-page">([\s\S]*?)<\/script>/g;

beforeAll(async () => {
  const staff = await employeeAccount('blog-first-page');
  // Seven posts, the newest last: page 1 holds posts 7 to 2, page 2 starts with post 1.
  for (let i = 1; i <= 7; i++) {
    const fd = new FormData();
    fd.append('title', title(i));
    fd.append('content', i === 7 ? `Mind the markup ${MARKUP} in a post.` : `Post ${i}: start at the top and work down.`);
    const res = await fetch(`${baseUrl()}/api/employee/blog-posts`, { method: 'POST', headers: { Authorization: `Bearer ${staff.token}` }, body: fd });
    if (res.status !== 201) throw new Error(`blog create ${res.status}: ${await res.text()}`);
  }
});

async function firstVisit(): Promise<{ page: Page; asked: string[]; errors: string[]; }> {
  const ctx = await (await getBrowser()).newContext({ baseURL: baseUrl(), viewport: { width: 375, height: 812 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  const asked: string[] = [];
  const errors: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname === '/api/blog-posts') asked.push(url.search);
  });
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(e.message));
  return { page, asked, errors };
}

it('puts the first page of posts into /blog, the API answer word for word, with no markup able to break out', async () => {
  const html = await (await fetch(`${baseUrl()}/blog`)).text();
  const blocks = [...html.matchAll(BLOCK)];
  expect(blocks).toHaveLength(1);
  const json = blocks[0][1];
  expect(json).not.toContain('<');
  const api = (await (await fetch(`${baseUrl()}/api/blog-posts`)).json()) as { blog_posts: { title: string; excerpt: string; }[]; };
  expect(JSON.parse(json)).toEqual(api);
  expect(api.blog_posts[0]).toMatchObject({ title: title(7), excerpt: expect.stringContaining(MARKUP) });
  // Another page of the list is the plain page: it asks the API.
  // The file itself is what the service worker keeps for offline visits: no posts that would grow old there.
  for (const other of ['/blog?page=2', '/about', '/blog.html']) expect(await (await fetch(`${baseUrl()}${other}`)).text()).not.toMatch(BLOCK);
  // The page changes with the posts, so it is revalidated by its own ETag.
  const res = await fetch(`${baseUrl()}/blog`);
  const etag = res.headers.get('etag');
  expect(etag).toBeTruthy();
  // (fetch() adds 'Cache-Control: no-cache', which asks for the whole answer, unless given its own.)
  expect((await fetch(`${baseUrl()}/blog`, { headers: { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' } })).status).toBe(304);
});

it('shows the posts from the HTML with no request to the API and no console error, then pages on through the API', async () => {
  const { page, asked, errors } = await firstVisit();
  await page.goto('/blog');
  await hydrated(page);
  const cards = page.locator('.blog-card');
  await page.getByRole('link', { name: title(7) }).waitFor();
  expect(await cards.count()).toBe(6);
  expect(await cards.first().locator('.blog-card__excerpt').textContent()).toContain(MARKUP);
  await page.waitForLoadState('networkidle');
  expect(asked).toEqual([]);

  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('link', { name: title(1) }).waitFor();
  expect(await page.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  expect(asked).toEqual(['?page=2']);
  await page.getByRole('button', { name: 'Page 1' }).click();
  await page.getByRole('link', { name: title(7) }).waitFor();

  // The article's text comes with the post, as before.
  await cards.first().getByRole('button', { name: /Read more/ }).click();
  await page.getByRole('dialog', { name: title(7) }).getByText('Mind the markup').waitFor();
  expect(errors).toEqual([]);
  await page.context().close();
});

it('asks the API for a page the HTML did not carry', async () => {
  const { page, asked, errors } = await firstVisit();
  await page.goto('/blog?page=2');
  await hydrated(page);
  await page.getByRole('link', { name: title(1) }).waitFor();
  expect(asked).toEqual(['?page=2']);
  expect(errors).toEqual([]);
  await page.context().close();
});
