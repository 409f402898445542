// Pre-rendered forms on a slow phone: the visitor types before the app has hydrated (every script held
// back until they have typed), then submits once it is live. What was typed must be what is sent — the
// form hook takes the controls' text over on hydration (pwa/src/lib/form/useForm.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Locator, Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { baseUrl, createStaff, hydrated as pageHydrated, server, uniqueEmail } from './support';
import { closeBrowser, newContext, newPage } from './browser';
import { waitForServiceWorker } from './offline-support';
import { signUpByApi } from './customer-steps';

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/**
 * Opens a pre-rendered route with every script held back until `release()`: it paints long before it
 * hydrates, and the test types into it meanwhile (a gate, not a timer: the typing is always first).
 */
async function openHeld(path: string): Promise<{ page: Page; release: () => void; }> {
  const page = await newPage(baseUrl(), 375);
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return { page, release };
}

// Until hydration the form's buttons wait in a disabled fieldset (components/LiveFieldset); the app
// enables it in its first render after hydration, when the form hook's mount effect has run.
const stillStatic = async (page: Page) => expect(await page.locator('fieldset.live-fieldset[disabled]').count()).toBe(1);
const hydrated = (page: Page) => page.locator('fieldset.live-fieldset:not([disabled])').waitFor();

/** Waits until the submit has succeeded or been refused; the refusal's messages (none on success). */
async function refusal(scope: Locator, succeeded: () => boolean | Promise<boolean>): Promise<string[]> {
  let shown: string[] = [];
  await expect
    .poll(
      async () => {
        if (await succeeded()) return true;
        shown = await scope.getByRole('alert').allTextContents();
        return shown.length > 0;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return shown;
}

describe('input typed before hydration is sent', () => {
  it('/contact: the message arrives with the typed name, e-mail and message', async () => {
    const email = uniqueEmail('early.contact');
    const { page, release } = await openHeld('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Early Bird');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill('Typed before the page was live');
    await stillStatic(page);
    release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Send Message' }).click();
    expect(await refusal(form, () => page.getByText(MSG.contactSent).isVisible())).toEqual([]);
    const saved = await conn.collection('contactmessages').findOne({ email });
    expect(saved).toMatchObject({ name: 'Early Bird', email, message: 'Typed before the page was live' });
    await page.context().close();
  });

  it('/login: a customer signs in with what was typed before hydration', async () => {
    const email = uniqueEmail('early.customer');
    const password = 'Early-bird-42';
    await signUpByApi(email, password);
    const { page, release } = await openHeld('/login');
    const main = page.locator('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await stillStatic(page);
    release();
    await hydrated(page);
    await main.getByRole('button', { name: 'Sign In' }).click();
    expect(await refusal(main, () => page.url().endsWith('/orders'))).toEqual([]);
    await page.context().close();
  });

  it('/employee/login: staff sign in with what was typed before hydration', async () => {
    const staff = { email: uniqueEmail('early.staff'), password: 'Early-staff-42' };
    await createStaff(staff.email, 'Eli Early', staff.password);
    const { page, release } = await openHeld('/employee/login');
    const main = page.locator('main');
    await main.getByLabel('Email').fill(staff.email);
    await main.getByLabel('Password', { exact: true }).fill(staff.password);
    await stillStatic(page);
    release();
    await hydrated(page);
    await main.getByRole('button', { name: 'Sign In' }).click();
    expect(await refusal(main, () => page.url().endsWith('/employee/dashboard'))).toEqual([]);
    await page.context().close();
  });
});

describe('the home page before hydration', () => {
  it('Get Started waits until the page is live, then opens the wizard with the postcode typed before', async () => {
    const { page, release } = await openHeld('/');
    await page.getByLabel('Your postcode').fill('SE1 7PB');
    await stillStatic(page);
    expect(await page.getByRole('button', { name: 'Get Started' }).isDisabled()).toBe(true);
    release();
    await hydrated(page);
    await page.getByRole('button', { name: 'Get Started' }).click();
    const wizard = page.getByRole('dialog', { name: 'Book a cleaning' });
    await wizard.getByText('Step 1 of 12').waitFor();
    expect(await wizard.getByLabel('Postcode').inputValue()).toBe('SE1 7PB');
    await page.context().close();
  });
});

describe('a signed-in visitor on a slow phone, offline', () => {
  // Offline, the session check fails at once (a network failure keeps the stored user) while the home
  // page, served by the service worker, is still hydrating. That update must not make React throw the
  // pre-rendered page away (and with it the postcode being typed): the same input element keeps the
  // text and the wizard opens with it. Three tries at 6× CPU slowdown: without the transition in
  // lib/auth/AuthProvider.tsx most tries lost the postcode.
  it('keeps the postcode typed into the home page while it hydrates, and the wizard opens with it', async () => {
    const email = uniqueEmail('early.signedin');
    const token = await signUpByApi(email, 'Early-bird-42', 'Sam Signedin');
    // The only context here with the service worker: offline, it serves the home page.
    const ctx = await newContext(baseUrl(), 375, 'allow');
    const page = await ctx.newPage();
    await page.goto('/');
    await waitForServiceWorker(page);
    await page.evaluate(
      ([t, e]) => {
        localStorage.setItem('token', t);
        localStorage.setItem('user', JSON.stringify({ id: 'x', email: e, name: 'Sam Signedin', role: 'user' }));
      },
      [token, email],
    );
    const cdp = await ctx.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    await ctx.setOffline(true);
    for (let round = 0; round < 3; round++) {
      await page.goto('/', { waitUntil: 'commit' });
      const box = page.getByLabel('Your postcode');
      await box.fill('EC1A1BB');
      await box.evaluate((el) => ((el as HTMLInputElement & { mark?: number; }).mark = 1));
      await pageHydrated(page);
      // Still the element that was typed into, with its text.
      expect(await box.evaluate((el) => [(el as HTMLInputElement & { mark?: number; }).mark, (el as HTMLInputElement).value]), `round ${round}`).toEqual([
        1,
        'EC1A1BB',
      ]);
      await page.getByRole('button', { name: 'Get Started' }).click();
      const wizard = page.getByRole('dialog', { name: 'Book a cleaning' });
      await wizard.getByText('Step 1 of 12').waitFor();
      expect(await wizard.getByLabel('Postcode').inputValue()).toBe('EC1A1BB');
      await page.evaluate(() => localStorage.removeItem('bookingDraft'));
    }
    await ctx.close();
  });
});
