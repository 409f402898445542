import { afterAll, describe, expect, it } from 'vitest';
import { baseUrl } from './support';
import { closeBrowser, newPage } from './browser';

afterAll(closeBrowser);

describe('the product starts', () => {
  it('answers health from the real server', async () => {
    const res = await fetch(`${baseUrl()}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, db: 'mongodb' });
  });

  it('serves the app shell for a client route, with no-cache on the shell', async () => {
    const res = await fetch(`${baseUrl()}/orders`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<div id="root">');
  });

  it('renders the home page in Chromium', async () => {
    const page = await newPage(baseUrl());
    await page.goto('/');
    await expect(page.title()).resolves.toMatch(/SparkleClean/);
    await page.context().close();
  });
});
