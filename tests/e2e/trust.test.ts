// What makes a booking trustworthy in a real browser, at 375 and 1280 px: the wizard keeps its draft
// across a reload and steps back with the browser's Back, a tap outside never closes it; pages open at
// their top and Back restores the position; an unknown address is a real 404 with the not-found page;
// the account menu stays on screen with a long name. SCREENSHOT_DIR set: screens are saved there.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { signUpByApi } from './customer-steps';

afterAll(closeBrowser);

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

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
};

describe.each([375, 1280] as const)('at %i px', (width) => {
  it('the wizard keeps its draft across a reload, Back goes one step, a tap outside does not close it', async () => {
    const page = await newPage(baseUrl(), width);
    await page.goto('/services');
    // Book a clean on a Services card opens the same wizard.
    await page.getByRole('link', { name: /^Book a clean: / }).first().click();
    const wizard = page.getByRole('dialog', { name: 'Book a cleaning' });
    await wizard.getByText('Step 1 of 12').waitFor();
    await wizard.getByLabel('Postcode').fill('N17GU');
    await wizard.getByLabel('Address').fill('1 Trust Street');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByText('Step 2 of 12').waitFor();
    await wizard.getByRole('radio', { name: 'House', exact: true }).check();
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByText('Step 3 of 12').waitFor();
    expect(new URL(page.url()).searchParams.get('book')).toBe('3');

    // A tap on the dimmed area above the sheet.
    await page.mouse.click(5, 5);
    await wizard.getByText('Step 3 of 12').waitFor();
    await shot(page, 'wizard-step3');

    await page.reload();
    await wizard.getByText('Step 3 of 12').waitFor();
    await page.goBack();
    await wizard.getByText('Step 2 of 12').waitFor();
    expect(await wizard.getByRole('radio', { name: 'House', exact: true }).isChecked()).toBe(true);

    await page.keyboard.press('Escape');
    await wizard.getByText('Discard this booking?').waitFor();
    await shot(page, 'wizard-ask');
    await wizard.getByRole('button', { name: 'Discard answers' }).click();
    await wizard.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/services');
    await page.context().close();
  });

  it('opens each page at its top after header and footer links, and Back restores the position', async () => {
    const page = await newPage(baseUrl(), width);
    await page.goto('/');
    const link = page.locator('footer').getByRole('link', { name: 'Services', exact: true });
    await link.scrollIntoViewIfNeeded();
    const before = await settledScrollY(page);
    expect(before).toBeGreaterThan(300);
    await link.click();
    await page.getByRole('heading', { level: 1, name: 'Our services' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await page.getByRole('button', { name: 'Get Started' }).waitFor();
    await page.waitForFunction((y) => Math.abs(window.scrollY - y) < 5, before);
    // …and stays there once the page has settled (the header's transition is over).
    expect(Math.abs((await settledScrollY(page)) - before)).toBeLessThan(5);
    if (width === 1280) {
      await page.evaluate(() => window.scrollTo(0, 400));
      await page.locator('header').getByRole('link', { name: 'About', exact: true }).click();
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
    }
    await page.context().close();
  });

  it('answers an unknown address with HTTP 404 and the not-found page, with its own title', async () => {
    const page = await newPage(baseUrl(), width);
    const res = await page.goto('/no-such-page-here');
    expect(res?.status()).toBe(404);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.title()).not.toBe('');
    await shot(page, 'not-found');
    await page.context().close();
  });

  it('keeps the account menu on screen with a 40-character name', async () => {
    const email = uniqueEmail('trust-menu');
    const name = 'Maximiliana Bartholomew-Featherstonehaug'.slice(0, 40);
    expect(name).toHaveLength(40);
    const token = await signUpByApi(email, 'secret-pass-1', name);
    const me = await apiCall<{ user: unknown; }>('GET', '/api/user/profile', { token });
    const page = await newPage(baseUrl(), width);
    await page.goto('/');
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', JSON.stringify(u));
      },
      [token, me.body.user] as const,
    );
    await page.goto('/about');
    await page.getByRole('button', { name: /Account menu/ }).click();
    const item = page.getByRole('menuitem', { name: /My Profile/ }).or(page.getByRole('link', { name: 'My Profile' })).first();
    await item.waitFor();
    const box = (await page.locator('.user-menu__list').boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    const itemBox = (await item.boundingBox())!;
    expect(itemBox.x).toBeGreaterThanOrEqual(0);
    await shot(page, 'account-menu');
    await page.context().close();
  });
});
