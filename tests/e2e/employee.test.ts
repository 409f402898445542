// The employee portal against the real server and Chromium: a customer books, an employee (made with
// the staff CLI) accepts it, submits 2.5 hours with notes and sees it completed; the customer sees it
// completed in /orders; a blog post created with an image appears on the public /blog.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, createStaff, otpFrom, uniqueEmail, waitForMail, firstVisitSoon } from './support';
import { closeBrowser, newPage } from './browser';
import { STAFF_MSG } from '@shared/messages-staff';

afterAll(closeBrowser);

// A 2×2 PNG (valid IHDR/IDAT/IEND), enough for the server's file-type sniffing.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGNk2HuQgYGBiQEKGBkZAQAUSQHRzGOw0QAAAABJRU5ErkJggg==',
  'base64',
);

/** Optional screenshots for the visual check: set EMPLOYEE_SHOTS_DIR to keep PNGs of each screen. */
async function shot(page: Page, name: string) {
  const dir = process.env.EMPLOYEE_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
}

/** The same screen at a phone's width, turned sideways (812×375) and on a desktop (1280), when shots are kept. */
async function shotsAtEveryWidth(page: Page, name: string) {
  if (!process.env.EMPLOYEE_SHOTS_DIR) return;
  const size = page.viewportSize();
  for (const viewport of [{ width: 812, height: 375 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(viewport);
    await shot(page, name);
  }
  if (size) await page.setViewportSize(size);
}

/** The page never scrolls sideways (mobile-first rule). */
async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const staff = { email: uniqueEmail('cleaner'), name: 'Casey Cleaner', password: 'cleanpass1' };
const customer = { email: uniqueEmail('booker'), name: 'Bea Booker', password: 'bookpass1' };
let customerToken = '';
let customerUser: unknown;
let bookingId = '';
/** The booking's SC- reference: the available card shows it (the customer's e-mail only after accepting). */
let bookingRef = '';

beforeAll(async () => {
  await createStaff(staff.email, staff.name, staff.password);

  const since = Date.now() - 1000;
  expect((await apiCall('POST', '/api/send-otp', { json: { email: customer.email } })).status).toBe(200);
  const otp = otpFrom(await waitForMail(customer.email, undefined, since));
  expect((await apiCall('POST', '/api/verify-otp', { json: { email: customer.email, otp } })).status).toBe(200);
  const signup = await apiCall('POST', '/api/auth/user/signup', { json: { name: customer.name, email: customer.email, password: customer.password } });
  expect(signup.status).toBe(201);
  customerToken = signup.body.token;
  customerUser = signup.body.user;

  // A free-text time: work can be submitted from the day the booking is accepted (a dated booking
  // only once its time has come; that rule has its own tests).
  const whenever = 'Weekday mornings, any time after 9';
  const booking = await apiCall('POST', '/api/user/bookings', {
    token: customerToken,
    json: {
      propertyType: 'House',
      frequency: 'Weekly',
      bedrooms: '3',
      bathrooms: '2',
      receptions: '1',
      cleaningType: 'Deep',
      hasCleaner: 'No, this is my first time',
      bestDays: whenever,
      start_within_14_days: true,
      supplies: 'Please bring supplies and equipment',
      hiringLikelihood: 'Ready to book now',
      postcode: 'E18QS',
    },
  });
  expect(booking.status).toBe(201);
  bookingId = booking.body.bookingId;
  bookingRef = booking.body.booking.reference;
  expect(bookingId).toBeTruthy();
});

async function signIn(page: Page) {
  await page.goto('/employee/login');
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await shot(page, 'login');
  await page.getByLabel('Email').fill(staff.email);
  await page.getByLabel('Password', { exact: true }).fill(staff.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/employee/dashboard');
  await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describe('employee portal (real server)', () => {
  it('accepts the booking, submits 2.5 hours with notes and sees it completed', async () => {
    const page = await newPage(baseUrl(), 375);
    await signIn(page);
    // Day one: what to do, not 0 / 0 %.
    await page.getByText(STAFF_MSG.dayOneText).waitFor();
    await shot(page, 'dashboard-empty');

    // Phone layout: the sidebar is a drawer opened from the header.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shot(page, 'sidebar-open');
    await page.getByRole('navigation').getByRole('link', { name: /Available Bookings/ }).click();
    await expect(page.getByRole('navigation').count()).resolves.toBe(0);

    const card = page.locator('article', { hasText: `Booking ${bookingRef}` });
    await card.waitFor();
    await page.getByLabel('Type').selectOption('deep');
    await card.waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'available');
    await card.getByRole('button', { name: 'Accept Booking' }).click();
    // Accept asks once before taking the job; a free-text time asks for the first visit too.
    const first = firstVisitSoon();
    await page.getByRole('dialog').getByLabel('First visit date').fill(first.date);
    await page.getByRole('dialog').getByLabel('First visit time').fill(first.time);
    await page.getByRole('dialog').getByRole('button', { name: 'Accept', exact: true }).click();
    await page.getByText('Booking accepted successfully!').waitFor();
    await card.waitFor({ state: 'detached' });

    await page.goto('/employee/my-bookings');
    const row = page.locator('tr', { hasText: customer.email });
    // The state in the shared words, as the office and the customer read it (not the stored status).
    await row.getByText(/^Weekly, active — next visit/).waitFor();
    await expectNoHorizontalScroll(page);
    await shot(page, 'my-bookings');
    await row.getByRole('button', { name: /Submit work/i }).click();
    await page.getByLabel('Work hours').fill('2.5');
    await page.getByLabel('Completion notes (optional)').fill('Deep clean done, oven included');
    await shot(page, 'submit-work');
    await page.getByRole('dialog').getByRole('button', { name: 'Submit Work', exact: true }).click();
    await page.getByText('Work hours submitted successfully!').waitFor();

    await row.getByText('2.5 h').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await row.getByText('Deep clean done, oven included').waitFor();
    await expect(row.getByRole('button', { name: /Submit work/i }).count()).resolves.toBe(0);

    await row.getByRole('button', { name: /View booking/ }).click();
    const dialog = page.getByRole('dialog');
    for (const section of ['Customer', 'Property', 'Booking', 'Work Submission']) await dialog.getByRole('heading', { name: section, exact: true }).waitFor();
    await shot(page, 'details');
    await page.keyboard.press('Escape');

    await page.goto('/employee/dashboard');
    // Recent Bookings reads the plan's state as My Bookings does: a weekly plan with a clean done is
    // still Active (its stored status says completed).
    const recent = page.locator('tr', { hasText: customer.email });
    await recent.getByText('Active', { exact: true }).waitFor();
    await recent.getByText(/^Weekly, active/).waitFor();
    expect(await recent.getByText('completed', { exact: true }).count()).toBe(0);
    await page.getByLabel(/What we told you, (\d+ new|nothing new)/).waitFor();
    await shot(page, 'dashboard');
    await shotsAtEveryWidth(page, 'dashboard');
    await page.context().close();
  });

  it('the customer then sees the booking completed in /orders', async () => {
    const page = await newPage(baseUrl(), 375);
    await page.goto('/');
    await page.evaluate(
      ([token, user]) => {
        localStorage.setItem('token', token);
        localStorage.setItem('user', user);
      },
      [customerToken, JSON.stringify(customerUser)] as const,
    );
    await page.goto('/orders');
    // A Weekly booking is a plan in My Bookings: its first visit reads Done (a one-time clean: Completed).
    await page.locator('.plan-card .visit--completed').getByText('Done').first().waitFor({ timeout: 20_000 });
    const api = await apiCall('GET', '/api/user/bookings', { token: customerToken });
    expect(api.body.bookings.find((b: { id: string; }) => b.id === bookingId)?.status).toBe('completed');
    await page.context().close();
  });

  it('a blog post created with an image appears on the public /blog', async () => {
    const title = `Spotless kitchens ${Date.now()}`;
    const page = await newPage(baseUrl(), 1280);
    await signIn(page);
    await shot(page, 'dashboard');
    await page.getByRole('navigation').getByRole('link', { name: /Blog/ }).click();
    await page.getByRole('heading', { name: 'Blog Management' }).waitFor();
    await page.getByRole('button', { name: '+ New Post' }).click();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Content').fill('Start at the top and work down. '.repeat(8));
    await page.getByLabel('Facebook link').fill('https://facebook.com/sparkleclean');
    await page.getByLabel('Image (optional)').setInputFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: PNG });
    await shot(page, 'blog-create');
    await page.getByRole('button', { name: 'Create Post' }).click();
    await page.getByText('Blog post created successfully!').waitFor();

    const card = page.locator('article', { hasText: title });
    await card.locator('img').waitFor();
    // The image came through the authenticated blob URL, not a public path.
    expect(await card.locator('img').getAttribute('src')).toMatch(/^blob:/);
    await expect(card.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).resolves.toBe(true);
    await expect(card.textContent()).resolves.toContain('…');
    await shot(page, 'blog');

    const pub = await newPage(baseUrl(), 375);
    await pub.goto('/blog');
    const publicCard = pub.locator('article', { hasText: title });
    await publicCard.waitFor({ timeout: 20_000 });
    await expect(publicCard.locator('img').count()).resolves.toBeGreaterThan(0);
    await pub.context().close();

    // Edit (PUT, image kept), view, then delete after the confirmation question.
    const edited = `${title} (updated)`;
    await card.getByRole('button', { name: /^Edit / }).click();
    await page.getByLabel('Title').fill(edited);
    await page.getByRole('button', { name: 'Update Post' }).click();
    await page.getByText('Blog post updated successfully!').waitFor();
    const editedCard = page.locator('article', { hasText: edited });
    await editedCard.locator('img').waitFor();
    await editedCard.getByRole('button', { name: /^View / }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Facebook' }).waitFor();
    await page.keyboard.press('Escape');
    await editedCard.getByRole('button', { name: /^Delete / }).click();
    await page.getByText('Are you sure you want to delete this blog post?').waitFor();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByText('Blog post deleted successfully!').waitFor();
    await editedCard.waitFor({ state: 'detached' });
    const left = await apiCall('GET', '/api/blog-posts');
    expect(left.body.blog_posts.some((p: { title: string; }) => p.title.startsWith(title))).toBe(false);
    await page.context().close();
  });
});
