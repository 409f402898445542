// Shared browser steps for the customer tests: a real signup (code read from the mail) and the wizard.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, otpFrom, waitForMail } from './support';

/** Creates an account through the API the way the signup screen does (code from the real mail). */
export async function signUpByApi(email: string, password: string, name = 'Pat Customer'): Promise<string> {
  const since = Date.now() - 1000;
  expect((await apiCall('POST', '/api/send-otp', { json: { email } })).status).toBe(200);
  const otp = otpFrom(await waitForMail(email, /verification code/i, since));
  expect((await apiCall('POST', '/api/verify-otp', { json: { email, otp } })).status).toBe(200);
  const res = await apiCall<{ token: string; }>('POST', '/api/auth/user/signup', { json: { name, email, password } });
  expect(res.status).toBe(201);
  return res.body.token;
}

export async function logInThroughUi(page: Page, email: string, password: string) {
  await page.goto('/login');
  // Scoped to the page body, so no footer field can match.
  const main = page.locator('main');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await main.getByRole('button', { name: 'Sign In' }).click();
  // A booking finished before signing in opens on its last screen: /orders?book=sent.
  await page.waitForURL(/\/orders(\?|$)/, { timeout: 15_000 });
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('token'));

/** From the home page: postcode in the hero, Get Started, then all 12 steps up to Complete Booking. */
export async function bookThroughWizard(
  page: Page,
  opts: {
    postcode: string;
    address: string;
    phone: string;
    when: string;
    otherSupplies?: string;
    saveAsMyDetails?: boolean;
    beforeComplete?: () => Promise<void>;
  },
) {
  await page.goto('/');
  await page.getByLabel('Your postcode').fill(opts.postcode);
  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book a cleaning' });
  await dialog.getByText('Step 1 of 12').waitFor();
  await dialog.getByLabel('Address').fill(opts.address);
  const next = dialog.getByRole('button', { name: 'Continue' });
  await next.click();
  const choices: Array<string | null> = [
    'House',
    'Weekly',
    '3',
    '2',
    '1',
    'Deep',
    'No, this is my first time',
    null,
    opts.otherSupplies ? 'Other' : 'Not sure yet',
    'Ready to book now',
  ];
  for (let i = 0; i < choices.length; i++) {
    await dialog.getByText(`Step ${i + 2} of 12`).waitFor();
    const choice = choices[i];
    if (choice === null) {
      await dialog.getByLabel('Preferred date and time').fill(opts.when);
    } else {
      await dialog.getByRole('radio', { name: choice, exact: true }).check();
      if (choice === 'Other') await dialog.getByLabel('Please specify').fill(opts.otherSupplies!);
    }
    await next.click();
  }
  await dialog.getByText('Step 12 of 12').waitFor();
  await dialog.getByLabel('Phone number', { exact: true }).fill(opts.phone);
  if (opts.saveAsMyDetails) await dialog.getByLabel('Save this address and phone number as my details').check();
  // A first visit within 14 days: the customer asks to start within the cancellation period.
  const startEarly = dialog.getByLabel('Please start within the 14-day cancellation period');
  if (await startEarly.isVisible()) await startEarly.check();
  await opts.beforeComplete?.();
  await dialog.getByRole('button', { name: 'Complete Booking' }).click();
  return dialog;
}
