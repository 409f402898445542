// The customer journey in Chromium against the real server and real mail: sign up with the code from
// the mail, log in, book through all 12 steps, see it in /orders, edit it, delete it.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, otpFrom, uniqueEmail, waitForMail } from './support';
import { closeBrowser, newPage } from './browser';
import { bookThroughWizard, logInThroughUi, storedToken } from './customer-steps';

afterAll(closeBrowser);

describe('customer account in the browser', () => {
  const email = uniqueEmail('journey');
  const password = 'clean-pass-1';
  let page: Page;

  it('signs up in three steps with the code from the real mail, landing on /orders', async () => {
    page = await newPage(baseUrl(), 375);
    await page.goto('/signup');
    const main = page.locator('main');
    await main.getByLabel('Full name').fill('Jo Journey');
    await main.getByLabel('Email').fill(email);
    const since = Date.now() - 1000;
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByText(/Step 2 of 3/).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await page.getByRole('button', { name: 'Next Step' }).click();
    await page.getByText(/Step 3 of 3/).waitFor();
    const code = otpFrom(await waitForMail(email, /verification code/i, since));
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('Signup successful! Redirecting...').waitFor();
    await page.waitForURL('**/orders', { timeout: 15_000 });
    await page.getByRole('heading', { name: 'My Bookings' }).waitFor();
    expect(await storedToken(page)).toBeTruthy();
  });

  it('logs in again after signing out', async () => {
    await page.evaluate(() => localStorage.clear());
    await logInThroughUi(page, email, password);
    expect(await storedToken(page)).toBeTruthy();
  });

  it('books through all 12 steps, then sees, edits and deletes the booking in /orders', async () => {
    const dialog = await bookThroughWizard(page, {
      postcode: 'sw1a 1aa',
      address: '10 Downing Street, London',
      phone: '07700 900777',
      when: '2099-05-01T10:30',
      otherSupplies: 'Eco products only',
      saveAsMyDetails: true,
    });
    await dialog.getByText('Booking Confirmed!').waitFor();
    const token = (await storedToken(page))!;
    let list = await apiCall<{ bookings: Array<Record<string, string>>; }>('GET', '/api/user/bookings', { token });
    expect(list.body.bookings).toHaveLength(1);
    expect(list.body.bookings[0]).toMatchObject({
      postcode: 'SW1A1AA',
      supplies: 'Eco products only',
      propertyType: 'House',
      bestDays: '2099-05-01T10:30',
      status: 'pending',
    });
    const profile = await apiCall<{ user: Record<string, string>; }>('GET', '/api/user/profile', { token });
    expect(profile.body.user).toMatchObject({ phone: '07700 900777', address: '10 Downing Street, London' });

    await dialog.getByRole('button', { name: 'View My Booking' }).click();
    await page.waitForURL('**/orders');
    await page.getByRole('heading', { name: /Deep clean · House/ }).waitFor();
    await page.getByRole('button', { name: 'View details' }).click();
    // The same dialog is titled 'Booking Details' in View mode and 'Edit Booking' in Edit mode.
    const details = page.getByRole('dialog');
    await page.getByRole('dialog', { name: 'Booking Details' }).getByText('Eco products only').waitFor();
    await details.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog', { name: 'Edit Booking' }).waitFor();
    // Best days stays as booked: the API refuses any edited best days that is not a parseable
    // future date (see report), so the spec's '<days> at HH:MM' edit is covered by tests/pwa/orders.
    await details.getByPlaceholder('Who provides supplies?').fill('I will provide supplies and equipment');
    await details.getByLabel('Postcode').fill('E1 6AN');
    await details.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Booking updated successfully!').waitFor();
    await details.waitFor({ state: 'detached', timeout: 5000 });
    list = await apiCall('GET', '/api/user/bookings', { token });
    expect(list.body.bookings[0]).toMatchObject({ bestDays: '2099-05-01T10:30', supplies: 'I will provide supplies and equipment', postcode: 'E16AN' });

    await page.getByRole('button', { name: 'View details' }).click();
    await page.getByRole('dialog', { name: 'Booking Details' }).getByRole('button', { name: 'Delete Booking' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Booking' });
    await confirm.getByText('Are you sure you want to delete this booking?').waitFor();
    await confirm.getByRole('button', { name: 'Delete Booking' }).click();
    await page.getByText('Booking deleted successfully!').waitFor();
    list = await apiCall('GET', '/api/user/bookings', { token });
    expect(list.body.bookings).toHaveLength(0);
    await page.getByText('No bookings yet').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
