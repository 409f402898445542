// Pre-rendered forms on a slow phone: the visitor types before the app has hydrated (every script held
// back 2.5 s), then submits once it is live. What was typed must be what is sent — the form hook takes
// the controls' text over on hydration (pwa/src/lib/form/useForm.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import mongoose from 'mongoose';
import type { Locator, Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { baseUrl, createStaff, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { signUpByApi } from './customer-steps';

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(inject('mongoUri')).asPromise();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/** Opens a pre-rendered route with its scripts held back, so it paints long before it hydrates. */
async function openSlowly(path: string): Promise<Page> {
  const page = await newPage(baseUrl(), 375);
  await page.route('**/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 2500));
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  return page;
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
    const page = await openSlowly('/contact');
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByLabel('Name').fill('Early Bird');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill('Typed before the page was live');
    await stillStatic(page);
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
    const page = await openSlowly('/login');
    const main = page.locator('main');
    await main.getByLabel('Email').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(password);
    await stillStatic(page);
    await hydrated(page);
    await main.getByRole('button', { name: 'Sign In' }).click();
    expect(await refusal(main, () => page.url().endsWith('/orders'))).toEqual([]);
    await page.context().close();
  });

  it('/employee/login: staff sign in with what was typed before hydration', async () => {
    const staff = { email: uniqueEmail('early.staff'), password: 'Early-staff-42' };
    await createStaff(staff.email, 'Eli Early', staff.password);
    const page = await openSlowly('/employee/login');
    const main = page.locator('main');
    await main.getByLabel('Email').fill(staff.email);
    await main.getByLabel('Password', { exact: true }).fill(staff.password);
    await stillStatic(page);
    await hydrated(page);
    await main.getByRole('button', { name: 'Sign In' }).click();
    expect(await refusal(main, () => page.url().endsWith('/employee/dashboard'))).toEqual([]);
    await page.context().close();
  });
});
