// Public pages in a real browser against the real server: home (stats, story video modal, no
// horizontal scroll at 375 px), the header's mobile menu, and a blog post created through the API.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, createStaff, hydrated, uniqueEmail } from './support';
import { closeBrowser, getBrowser, newPage, serviceWorkerMode } from './browser';

afterAll(closeBrowser);

const noSideScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('home page', () => {
  it('shows the stats and opens the story video modal, which Escape closes (375 px)', async () => {
    const page = await newPage(baseUrl(), 375);
    await page.goto('/');
    const stats = page.getByRole('list', { name: 'Our numbers' });
    await stats.waitFor();
    const text = await stats.innerText();
    for (const s of ['2500+', '98%', '24h', '2020']) expect(text).toContain(s);
    expect(await noSideScroll(page)).toBe(true);

    // The button opens the modal once the pre-rendered page is live.
    await hydrated(page);
    await page.getByRole('button', { name: /Watch Our Story/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Our Story' });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('cleans the postcode and opens the booking wizard with Get Started', async () => {
    const page = await newPage(baseUrl(), 375);
    await page.goto('/');
    // Cleaning happens as the person types once the app is live (before that the text is taken over as typed).
    await hydrated(page);
    const postcode = page.getByLabel('Your postcode');
    await postcode.pressSequentially('ec1a-1bb!');
    expect(await postcode.inputValue()).toBe('EC1A1BB');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const wizard = page.getByRole('dialog', { name: 'Book a cleaning' });
    await wizard.getByText(/Step 1 of 12/).waitFor();
    // The postcode is an answer: closing asks whether to keep it for later or discard it.
    await page.keyboard.press('Escape');
    await wizard.getByRole('button', { name: 'Keep for later' }).click();
    await wizard.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the address card instead of the map when the browser goes offline', async () => {
    const page = await newPage(baseUrl(), 1280);
    await page.goto('/contact');
    await page.locator('.location-map iframe').waitFor({ state: 'attached' });
    await page.context().setOffline(true);
    await page.getByText('You are offline, so the map cannot load.').waitFor();
    expect(await page.locator('.location-map iframe').count()).toBe(0);
    await page.context().setOffline(false);
    await page.locator('.location-map iframe').waitFor({ state: 'attached' });
    await page.context().close();
  });

  it('opens the mobile menu and navigates with it, at 375 px', async () => {
    const page = await newPage(baseUrl(), 375);
    await page.goto('/');
    const burger = page.getByRole('button', { name: 'Open menu' });
    await burger.click();
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Services' }).click();
    await page.getByRole('heading', { name: 'Our services' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/services');
    expect(await page.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it('never scrolls sideways between phone and desktop widths: a landscape phone and a tablet get the menu button', async () => {
    const b = await getBrowser();
    for (const [width, height] of [[812, 375], [1024, 768], [1101, 800]] as const) {
      const ctx = await b.newContext({ baseURL: baseUrl(), viewport: { width, height }, serviceWorkers: serviceWorkerMode() });
      const page = await ctx.newPage();
      for (const path of ['/', '/about', '/blog']) {
        await page.goto(path);
        await page.locator('#site-nav').waitFor({ state: 'attached' });
        expect(await noSideScroll(page), `${path} at ${width}x${height}`).toBe(true);
      }
      expect(await page.getByRole('button', { name: 'Open menu' }).isVisible(), `menu button at ${width}`).toBe(width < 1101);
      await ctx.close();
    }
  });

  it('shows a real 404 page for an unknown path', async () => {
    const page = await newPage(baseUrl(), 1280);
    await page.goto('/definitely-not-here');
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await page.getByRole('list', { name: 'Our numbers' }).waitFor();
    await page.context().close();
  });
});

describe('blog', () => {
  it('lists a post an employee created through the API and opens its article', async () => {
    const email = uniqueEmail('writer');
    await createStaff(email, 'Wendy Writer', 'writer-pass-1');
    const login = await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email, password: 'writer-pass-1' } });
    expect(login.status).toBe(200);

    const title = `Spring cleaning checklist ${Date.now()}`;
    const form = new FormData();
    form.append('title', title);
    form.append('content', 'Start at the top of each room and work down.\n\nFinish with the floors, always last.');
    form.append('facebook_link', 'https://www.facebook.com/sparkleclean');
    const created = await fetch(`${baseUrl()}/api/employee/blog-posts`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${login.body.token}` },
      body: form,
    });
    expect(created.status).toBe(201);

    const page = await newPage(baseUrl(), 1280);
    await page.goto('/blog');
    const card = page.getByRole('article').filter({ hasText: title });
    await card.waitFor();
    expect(await card.innerText()).toMatch(/1 min read/);
    await card.getByRole('button', { name: /Read more/ }).click();
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.getByText('Finish with the floors, always last.').waitFor();
    const fb = dialog.getByRole('link', { name: 'Facebook' });
    expect(await fb.getAttribute('href')).toBe('https://www.facebook.com/sparkleclean');
    expect(await fb.getAttribute('rel')).toBe('noopener noreferrer');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });
});
