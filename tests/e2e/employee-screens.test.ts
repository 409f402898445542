// Every employee screen at 375 px and 1280 px on the real server: each renders its key content and
// nothing scrolls sideways. With EMPLOYEE_SHOTS_DIR set, a full-page PNG of each is kept for review.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, createStaff, otpFrom, uniqueEmail, waitForMail, firstVisitSoon } from './support';
import { closeBrowser, newPage } from './browser';

afterAll(closeBrowser);

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNk2HuQgYGBiQEKGBkZAQAUSQHRzGOw0QAAAABJRU5ErkJggg==', 'base64');
const staff = { email: uniqueEmail('screens.staff'), name: 'Morgan Avery-Lee', password: 'screenpass1' };
let employeeToken = '';

async function customerWithBookings(types: string[]): Promise<{ token: string; ids: string[]; }> {
  const email = uniqueEmail('screens.customer');
  const since = Date.now() - 1000;
  await apiCall('POST', '/api/send-otp', { json: { email } });
  const otp = otpFrom(await waitForMail(email, undefined, since));
  await apiCall('POST', '/api/verify-otp', { json: { email, otp } });
  const signup = await apiCall('POST', '/api/auth/user/signup', { json: { name: 'Priya Shah-Whitfield', email, password: 'custpass1' } });
  const token = signup.body.token as string;
  const ids: string[] = [];
  for (const [i, cleaningType] of types.entries()) {
    const res = await apiCall('POST', '/api/user/bookings', {
      token,
      json: {
        propertyType: 'Flat or Apartment',
        frequency: 'Every other week',
        bedrooms: '2',
        bathrooms: '1 + 1 additional toilet',
        receptions: '1',
        cleaningType,
        hasCleaner: 'I had one in the past',
        // The two that get accepted have a free-text time, so work can be submitted from acceptance;
        // the others stay dated, as the available list shows them.
        bestDays: i < 2 ? 'Weekdays after 10am' : new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16),
        start_within_14_days: true,
        supplies: 'I provide supplies, you bring equipment',
        hiringLikelihood: 'Within a week',
        postcode: 'SW1A1AA',
      },
    });
    ids.push(res.body.bookingId);
  }
  return { token, ids };
}

async function createPost(title: string, withImage: boolean) {
  const form = new FormData();
  form.append('title', title);
  form.append('content', `${title}. Good cleaning starts with a plan: top to bottom, dry to wet, and the right cloth for each surface. `.repeat(3));
  form.append('facebook_link', 'https://facebook.com/sparkleclean');
  if (withImage) form.append('image', new Blob([PNG], { type: 'image/png' }), 'tip.png');
  const res = await fetch(`${baseUrl()}/api/employee/blog-posts`, { method: 'POST', headers: { Authorization: `Bearer ${employeeToken}` }, body: form });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  await createStaff(staff.email, staff.name, staff.password);
  const login = await apiCall('POST', '/api/auth/employee/login', { json: { email: staff.email, password: staff.password } });
  employeeToken = login.body.token;
  const { ids } = await customerWithBookings(['Standard', 'Deep', 'Move-out', 'Standard']);
  // One completed (with work), one accepted, the rest stay available.
  for (const id of ids.slice(0, 2)) {
    expect((await apiCall('POST', `/api/employee/bookings/${id}/accept`, { token: employeeToken, json: { first_visit: firstVisitSoon() } })).status).toBe(200);
  }
  const work = await apiCall('POST', `/api/employee/bookings/${ids[0]}/submit-work`, {
    token: employeeToken,
    json: { work_hours: 3.5, completion_notes: 'Kitchen and bathrooms, windows inside' },
  });
  expect(work.status).toBe(200);
  await createPost('How to clean an oven without harsh chemicals', true);
  await createPost('Five habits of a tidy home', false);
});

async function check(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  const dir = process.env.EMPLOYEE_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `screen-${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

describe.each([375, 1280] as const)('employee screens at %i px', (width) => {
  it('render without sideways scrolling', async () => {
    const page = await newPage(baseUrl(), width);
    await page.goto('/employee/forgot-password');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await check(page, 'forgot-password');
    await page.goto('/employee/settings');
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await check(page, 'settings-signed-out');

    await page.goto('/employee/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await check(page, 'login');
    await page.getByLabel('Email').fill(staff.email);
    await page.getByLabel('Password', { exact: true }).fill(staff.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
    await page.locator('.emp-table tbody tr').first().waitFor();
    await check(page, 'dashboard');

    await page.getByRole('button', { name: /Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Settings' }).waitFor();
    await check(page, 'account-menu');
    await page.getByRole('menuitem', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Settings' }).waitFor();
    await check(page, 'settings');

    await page.goto('/employee/available-bookings');
    await page.getByRole('button', { name: 'Accept Booking' }).first().waitFor();
    await check(page, 'available');

    await page.goto('/employee/my-bookings');
    await page.getByText('3.5 h').waitFor();
    await check(page, 'my-bookings');
    await page.getByRole('button', { name: /View booking/ }).first().click();
    await page.getByRole('dialog').waitFor();
    await check(page, 'booking-details');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /Submit work for booking/ }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Work', exact: true }).click();
    await page.getByRole('dialog').getByRole('alert').waitFor();
    await check(page, 'submit-work-error');
    await page.keyboard.press('Escape');

    await page.goto('/employee/profile');
    await page.getByText('Service Professional').waitFor();
    await check(page, 'profile');
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Current password').fill('x');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Please fill in all password fields to change your password.').waitFor();
    await check(page, 'profile-edit');

    await page.goto('/employee/blog');
    await page.locator('.emp-post img').first().waitFor();
    await check(page, 'blog-grid');
    await page.getByRole('button', { name: 'List', exact: true }).click();
    await check(page, 'blog-list');
    await page.getByRole('button', { name: /^View How to clean/ }).click();
    await page.getByRole('dialog').locator('img').waitFor();
    await check(page, 'blog-view');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: '+ New Post' }).click();
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText('Title is required').waitFor();
    await check(page, 'blog-create-errors');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /^Delete Five habits/ }).click();
    await page.getByText('Are you sure you want to delete this blog post?').waitFor();
    await check(page, 'blog-delete-confirm');
    await page.context().close();
  });
});
