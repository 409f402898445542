// "Return to available" tells the customer and the cleaner: the
// office assigns a booking, then returns it to the available list in the office; the customer's My
// Bookings turns back to a request (Requested) without a cleaner, and both people get one mail saying so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { OFFICE_MSG } from '@shared/messages-office';
import { apiCall, baseUrl, createStaff, hydrated, uniqueEmail, waitForMail } from './support';
import { closeBrowser, newPage } from './browser';
import { logInThroughUi, signUpByApi } from './customer-steps';

afterAll(closeBrowser);

const stamp = Date.now();
const admin = { email: `told2-admin.${stamp}@example.com`, password: 'admin-pass-2' };
const cleaner = { email: `told2-cleaner.${stamp}@example.com`, password: 'cleaner-pass-2' };
let adminToken = '';
let cleanerId = '';
beforeAll(async () => {
  await createStaff(admin.email, 'Olive Office', admin.password, 'admin');
  await createStaff(cleaner.email, 'Rita Returned', cleaner.password);
  adminToken = (await apiCall('POST', '/api/auth/employee/login', { json: admin })).body.token;
  const me = await apiCall('POST', '/api/auth/employee/login', { json: cleaner });
  cleanerId = me.body.user.id;
  expect(adminToken && cleanerId).toBeTruthy();
});

async function officeSignIn(page: Page) {
  await page.goto('/employee/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(employee\/dashboard|office)/);
}

describe.each([375, 1280] as const)('return to available at %i px', (width) => {
  it('the customer sees a request again and is told, once; the cleaner is told the job is not theirs', async () => {
    const email = uniqueEmail(`told2-${width}`);
    const token = await signUpByApi(email, 'told2-pass-1', 'Rhona Returned');
    const made = await apiCall('POST', '/api/user/bookings', {
      token,
      json: {
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Deep',
        hasCleaner: 'No, this is my first time',
        bestDays: '2099-04-06T10:00',
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        postcode: 'SE17PB',
        address: '3 Return Road',
        phone: '07700 900444',
      },
    });
    expect(made.status).toBe(201);
    const id = made.body.bookingId as string;
    const since = Date.now() - 1000;
    expect((await apiCall('POST', `/api/admin/bookings/${id}/assign`, { token: adminToken, json: { employeeId: cleanerId } })).status).toBe(200);
    await waitForMail(email, /accepted/, since);
    await waitForMail(cleaner.email, /a job for you/, since);

    const office = await newPage(baseUrl(), width);
    await officeSignIn(office);
    await office.goto(`/office/bookings/${id}`);
    await office.getByRole('button', { name: 'Return to available' }).click();
    await office.getByText(OFFICE_MSG.unassigned).waitFor();
    await office.screenshot({ path: `/tmp/told2-office-${width}.png`, fullPage: true });
    await office.context().close();

    const returned = await waitForMail(email, /looking for a new cleaner/, since);
    expect(returned.text).toContain('Rita can no longer come');
    const takenBack = await waitForMail(cleaner.email, /a job taken back/, since);
    expect(takenBack.text).toContain('you do not need to go');

    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'told2-pass-1');
    const card = page.locator('article', { hasText: made.body.booking.reference });
    await card.getByText('Requested', { exact: true }).waitFor();
    expect(await card.getByText('Your cleaner').count()).toBe(0);
    await page.screenshot({ path: `/tmp/told2-customer-${width}.png`, fullPage: true });
    await page.context().close();
  });
});
