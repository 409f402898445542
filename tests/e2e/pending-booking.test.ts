// A booking finished while signed out is kept on the device, and sent exactly once after sign-in; the
// customer is told so before signing in and lands on the booking's reference and summary after.
// A booking's address belongs to the booking: the profile changes only when the customer ticks it.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { bookThroughWizard, logInThroughUi, signUpByApi, storedToken } from './customer-steps';
import { tableRows } from './offline-support';

afterAll(closeBrowser);

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/pending-${name}.png`, fullPage: false });

const pendingCount = async (page: Page) => (await tableRows(page, 'pendingBooking')).length;

describe.each([375, 1280] as const)('pending booking at %i px', (width) => {
  it('is kept when signed out (and the login page says so), sent once after login, and shown with its reference and summary', async () => {
    const email = uniqueEmail(`pending-${width}`);
    const password = 'pending-pass-1';
    await signUpByApi(email, password, 'Pending Person');
    const page = await newPage(baseUrl(), width);
    await bookThroughWizard(page, { postcode: 'N1 9GU', address: '1 Kings Cross Road', phone: '07700 900888', when: '2099-06-02T08:15' });
    await page.waitForURL('**/login');
    await page.getByText('Please log in to create a booking. Your answers are kept on this device: your booking is sent as soon as you sign in or sign up.')
      .waitFor();
    expect(await pendingCount(page)).toBe(1);
    await shot(page, `login-notice-${width}`);

    await logInThroughUi(page, email, password);
    // The wizard's last screen over My Bookings, not a toast: heading, reference, that it is a request.
    const dialog = page.getByRole('dialog', { name: 'Book a cleaning' });
    await dialog.getByText('Booking Confirmed!').waitFor({ timeout: 10_000 });
    await dialog.getByText('This is a booking request: no cleaner has accepted it yet.').waitFor();
    const reference = (await dialog.getByTestId('booking-reference').textContent())!;
    expect(reference).toMatch(/^SC-[0-9A-Z]{5}$/);
    expect(await dialog.locator('.wizard__summary').textContent()).toContain('N1 9GU');
    await shot(page, `done-after-login-${width}`);
    const token = (await storedToken(page))!;
    const first = await apiCall<{ bookings: Array<Record<string, string>>; }>('GET', '/api/user/bookings', { token });
    expect(first.body.bookings).toHaveLength(1);
    expect(first.body.bookings[0]).toMatchObject({ postcode: 'N19GU', bestDays: '2099-06-02T08:15', reference });
    // Not ticked: the profile keeps no address or phone from the booking.
    const profile = await apiCall<{ user: Record<string, string | undefined>; }>('GET', '/api/user/profile', { token });
    expect(profile.body.user.address ?? '').toBe('');

    await dialog.locator('.actions').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('heading', { name: /Deep clean · House/ }).waitFor({ timeout: 10_000 });

    // Reloading, and opening the wizard again signed in, must not send it a second time.
    await page.reload();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog', { name: 'Book a cleaning' }).getByText('Step 1 of 12').waitFor();
    const after = await apiCall<{ bookings: unknown[]; }>('GET', '/api/user/bookings', { token });
    expect(after.body.bookings).toHaveLength(1);
    await page.context().close();
  });

  it('a booking for another address leaves the profile and its address alone unless "save as my details" is ticked', async () => {
    const email = uniqueEmail(`profile-kept-${width}`);
    const password = 'profile-pass-1';
    const token = await signUpByApi(email, password, 'Home Owner');
    expect((await apiCall('PUT', '/api/user/profile', { token, json: { address: '5 Home Street, Leeds', phone: '07700 900111' } })).status).toBe(200);
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, password);
    const dialog = await bookThroughWizard(page, { postcode: 'E1 6AN', address: '99 Rental Flat, London', phone: '07700 900222', when: '2099-08-04T09:00' });
    await dialog.getByText('Booking Confirmed!').waitFor();
    const stored = await apiCall<{ user: Record<string, string>; }>('GET', '/api/user/profile', { token });
    expect(stored.body.user).toMatchObject({ address: '5 Home Street, Leeds', phone: '07700 900111' });
    const list = await apiCall<{ bookings: Array<Record<string, string>>; }>('GET', '/api/user/bookings', { token });
    expect(list.body.bookings[0]).toMatchObject({ address: '99 Rental Flat, London', phone: '07700 900222' });
    await page.context().close();
  });
});
