// Accessibility sweep (WCAG 2.2 AA): axe-core on every screen and state a person meets — public pages,
// forms showing their errors, the wizard's steps, modals and menus, the customer's /orders with its
// modals and /profile, every employee screen. Any violation fails, listed with its nodes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newPage } from './browser';
import { createBlogPost, employeeAccount, signUpCustomer, storeCustomerSession } from './offline-support';
import { PRERENDERED_ROUTES } from '@/prerendered-routes';

afterAll(closeBrowser);

const root = path.resolve(import.meta.dirname, '../..');
let axeSource = '';
beforeAll(async () => {
  axeSource = await readFile(path.join(root, 'node_modules/axe-core/axe.min.js'), 'utf8');
});

interface Violation {
  id: string;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe (WCAG 2.0–2.2 A and AA rules) on what `page` shows now; `where` names the state in the report. */
async function audit(page: Page, where: string): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the page's CSP (no inline script) does not stop it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: Document, o: object): Promise<{ violations: Violation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
    return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
  });
  return violations.map((v) => `${where}: ${v.id} (${v.help}) at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits until the page is live: React hydrated or rendered its heading. */
async function ready(page: Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

describe('accessibility sweep (axe-core, WCAG 2.2 AA)', () => {
  it('public pages, the mobile menu, the 404 page and the story modal', async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    for (const route of [...Object.keys(PRERENDERED_ROUTES), '/no-such-page']) {
      await page.goto(route);
      await ready(page);
      found.push(...(await audit(page, route)));
    }
    await page.goto('/');
    await ready(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    found.push(...(await audit(page, '/ mobile menu open')));
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('button', { name: /watch our story/i }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, '/ story modal')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('forms showing their errors, the password-reset dialog and the sign-up steps', async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    for (const [route, button] of [
      ['/contact', 'Send Message'],
      ['/enquiry', 'Submit Enquiry'],
      ['/career', 'Submit Application'],
      ['/login', 'Sign In'],
      ['/signup', 'Next Step'],
      ['/employee/login', 'Sign In'],
    ] as const) {
      await page.goto(route);
      await ready(page);
      await page.locator('main').getByRole('button', { name: button, exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      // Audited from the top: mid-scroll, axe counts a control sliding under the sticky header as too small a target.
      await page.evaluate(() => window.scrollTo(0, 0));
      found.push(...(await audit(page, `${route} with errors`)));
    }
    await page.goto('/login');
    await ready(page);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, '/login password reset dialog')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('every step of the booking wizard', async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    await page.goto('/');
    await ready(page);
    await page.getByLabel('Your postcode').fill('SW1A1AA');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog');
    for (let step = 1; step <= 12; step++) {
      await dialog.getByText(`Step ${step} of 12`).waitFor();
      found.push(...(await audit(page, `wizard step ${step}`)));
      if (step === 1) await dialog.getByLabel('Address').fill('1 Audit Road, London');
      else if (step === 9) {
        const future = new Date(Date.now() + 3 * 24 * 3600_000);
        await dialog.getByLabel('Preferred date and time').fill(new Date(future.getTime() - future.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
      } else if (step === 12) break;
      else await dialog.locator('.wizard__option').first().click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('a signed-in customer: /orders with its modals, /profile and the account menu', async () => {
    const customer = await signUpCustomer('a11y');
    const booked = await apiCall('POST', '/api/user/bookings', {
      token: customer.token,
      json: {
        propertyType: 'Flat or Apartment',
        frequency: 'Every other week',
        bedrooms: '2',
        bathrooms: '1 + 1 additional toilet',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'I had one in the past',
        bestDays: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16),
        supplies: 'I provide supplies, you bring equipment',
        hiringLikelihood: 'Within a week',
        postcode: 'SW1A1AA',
      },
    });
    expect(booked.status).toBe(201);
    const page = await newPage(baseUrl(), 1280);
    const found: string[] = [];
    await page.goto('/about');
    await storeCustomerSession(page, customer);
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.booking-card, [data-booking]').first().waitFor();
    found.push(...(await audit(page, '/orders')));
    await page.getByRole('button', { name: /view|details/i }).first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, '/orders booking modal')));
    const edit = page.getByRole('dialog').getByRole('button', { name: /edit/i });
    if (await edit.count()) {
      await edit.first().click();
      found.push(...(await audit(page, '/orders edit form')));
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /account menu/i }).click();
    found.push(...(await audit(page, 'account menu open')));
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel(/name/i).first().waitFor();
    found.push(...(await audit(page, '/profile')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('every employee screen', async () => {
    const staff = await employeeAccount('a11y');
    await createBlogPost(staff.token, 'Audit-ready windows');
    const page = await newPage(baseUrl(), 1280);
    const found: string[] = [];
    await page.goto('/employee/forgot-password');
    await page.evaluate((token) => localStorage.setItem('employeeToken', token), staff.token);
    for (const screen of ['dashboard', 'available-bookings', 'my-bookings', 'profile', 'blog', 'settings']) {
      await page.goto(`/employee/${screen}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.spinner').waitFor({ state: 'detached' }).catch(() => undefined);
      found.push(...(await audit(page, `/employee/${screen}`)));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });
});
