// What a customer reads in My Bookings once others act on a booking: the
// cleaner's first name and the home once accepted (what the plan is, no leftover notice), plain labels,
// and a request the office declined as "Declined" with its reason.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, createStaff, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { logInThroughUi, signUpByApi } from './customer-steps';

afterAll(closeBrowser);

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/told-${name}.png`, fullPage: true });

const answers = (postcode: string, address: string, bestDays: string) => ({
  propertyType: 'Flat',
  frequency: 'Weekly',
  bedrooms: '2',
  bathrooms: '1',
  receptions: '1',
  cleaningType: 'Standard',
  hasCleaner: 'No, this is my first time',
  bestDays,
  supplies: 'Not sure yet',
  hiringLikelihood: 'Ready to book now',
  postcode,
  address,
  phone: '07700 900321',
});

let cleanerToken = '';
let adminToken = '';
beforeAll(async () => {
  const stamp = Date.now();
  await createStaff(`told-cleaner.${stamp}@example.com`, 'Cara Anne Cleaner', 'cleaner-pass-1');
  await createStaff(`told-admin.${stamp}@example.com`, 'Olive Office', 'admin-pass-1', 'admin');
  cleanerToken =
    (await apiCall('POST', '/api/auth/employee/login', { json: { email: `told-cleaner.${stamp}@example.com`, password: 'cleaner-pass-1' } })).body.token;
  adminToken = (await apiCall('POST', '/api/auth/employee/login', { json: { email: `told-admin.${stamp}@example.com`, password: 'admin-pass-1' } })).body.token;
  expect(cleanerToken && adminToken).toBeTruthy();
});

describe.each([375, 1280] as const)('My Bookings after others act, at %i px', (width) => {
  it('accepted: cleaner and address shown, office contact; cancelled by us: the reason', async () => {
    const email = uniqueEmail(`told-${width}`);
    const token = await signUpByApi(email, 'told-pass-1', 'Tilly Told');
    const a = await apiCall('POST', '/api/user/bookings', { token, json: answers('E16AN', '7 Accepted Row, London', '2099-03-02T09:00') });
    const c = await apiCall('POST', '/api/user/bookings', { token, json: answers('N19GU', '9 Cancelled Close, London', '2099-03-09T09:00') });
    expect([a.status, c.status]).toEqual([201, 201]);
    expect((await apiCall('POST', `/api/employee/bookings/${a.body.bookingId}/accept`, { token: cleanerToken })).status).toBe(200);
    expect(
      (await apiCall('POST', `/api/admin/bookings/${c.body.bookingId}/cancel`, { token: adminToken, json: { reason: 'No cleaner covers this area yet' } }))
        .status,
    ).toBe(200);

    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'told-pass-1');
    const cancelledCard = page.locator('article', { hasText: c.body.booking.reference });
    // The office declined the request: its state's word and, in words, its reason.
    await cancelledCard.getByText('Declined', { exact: true }).waitFor();
    await cancelledCard.getByText('No cleaner covers this area yet').waitFor();
    expect(await page.getByText(/rejected/i).count()).toBe(0);
    await shot(page, `list-${width}`);

    await page.locator('article', { hasText: a.body.booking.reference }).getByRole('button', { name: 'View details' }).click();
    const dialog = page.getByRole('dialog', { name: 'Booking Details' });
    // What the plan is: its home, its cleaner, its price per visit; no notice left over from requests.
    await dialog.getByText('Home', { exact: true }).waitFor();
    expect(await dialog.locator('dt:text-is("Your cleaner") + dd').textContent()).toBe('Cara');
    expect(await dialog.locator('dt:text-is("Home") + dd').textContent()).toBe('7 Accepted Row, London, E1 6AN');
    await dialog.getByText('Price per visit').waitFor();
    await dialog.getByText('How soon you want to hire').waitFor();
    expect(await dialog.getByText(/Only pending bookings/).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await shot(page, `details-${width}`);
    await page.context().close();
  });
});
