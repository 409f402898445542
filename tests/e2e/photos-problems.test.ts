// Photos and problems in a real browser at 375 px, with the real service worker: the cleaner, offline,
// takes two photos from the visit card (one before the clean, one of the breakage it reports; the phone's file chooser); back online
// everything arrives once. The customer sees the photos and the problem on the visit; the office sees
// the problem on its Problems page. The visit card and the office's problem view are drawn at 375,
// 812×375 and 1280 px without horizontal overflow. Screenshots: /tmp/photos-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHOTO_MSG, PROBLEM_MSG } from '@shared/messages-photos';
import { tinyPng } from '../api/employee-fixtures';
import { apiCall, baseUrl, createStaff, firstVisitSoon, uniqueEmail } from './support';
import { closeBrowser, newContext, screenshots, staffSignInThroughUi } from './browser';
import { signedInPage, signUpCustomer, until, waitForServiceWorker, type Customer } from './offline-support';

afterAll(closeBrowser);

const admin = { email: uniqueEmail('photos-admin'), password: 'officepass1' };
const cleaner = { email: uniqueEmail('photos-cleaner'), password: 'cleanpass1' };
let adminToken = '';
let cleanerToken = '';
let customer: Customer;
let visitId = '';
const login = async (email: string, password: string) =>
  (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email, password } })).body.token;

beforeAll(async () => {
  await createStaff(admin.email, 'Ada Admin', admin.password, 'admin');
  await createStaff(cleaner.email, 'Pia Photo', cleaner.password);
  adminToken = await login(admin.email, admin.password);
  cleanerToken = await login(cleaner.email, cleaner.password);
  customer = await signUpCustomer('photos-customer');
  const made = await apiCall('POST', '/api/user/bookings', {
    token: customer.token,
    json: {
      propertyType: 'Flat',
      frequency: 'Weekly',
      bedrooms: '2',
      bathrooms: '1',
      receptions: '1',
      cleaningType: 'Standard',
      hasCleaner: 'No, this is my first time',
      bestDays: 'Any weekday, mornings',
      supplies: 'Not sure yet',
      hiringLikelihood: 'Ready to book now',
      postcode: 'N17GU',
      address: '4 Camera Court, London',
      start_within_14_days: true,
    },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.booking?.id ?? made.body.bookingId;
  expect((await apiCall('POST', `/api/employee/bookings/${id}/accept`, { token: cleanerToken, json: { first_visit: firstVisitSoon() } })).status).toBe(200);
  visitId = (await apiCall('GET', `/api/user/bookings/${id}`, { token: customer.token })).body.visits[0].id;
}, 120_000);

async function noOverflow(page: Page, what: string) {
  const { scroll, client } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(scroll, `${what}: no horizontal overflow`).toBeLessThanOrEqual(client);
}

/** Every part of `selector` lies inside the viewport's width (nothing clipped at the right edge). */
async function inside(page: Page, selector: string) {
  const boxes = await page.locator(selector).evaluateAll((els) => els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right })));
  const width = page.viewportSize()!.width;
  expect(boxes.length, selector).toBeGreaterThan(0);
  for (const b of boxes) expect(b.right, selector).toBeLessThanOrEqual(width + 0.5);
}

const photosOnServer = async () =>
  (await apiCall('GET', `/api/admin/visits/${visitId}/photos`, { token: adminToken })).body.photos as Array<{ stage: string; }>;
const problemsOnServer = async () =>
  ((await apiCall('GET', '/api/admin/problems?state=open&limit=100', { token: adminToken })).body.problems as Array<{ visit_id: string; kind: string; }>)
    .filter((
      p,
    ) => p.visit_id === visitId);

describe('photos and problems', () => {
  it('offline: two photos and a breakage; online: each arrives once; the customer and the office see them', async () => {
    // Only the cleaner's offline context registers the service worker; the customer's, the office's and
    // the cleaner's later views are online screens.
    const ctx = await newContext(baseUrl(), 375, 'allow');
    const page = await ctx.newPage();
    await staffSignInThroughUi(page, cleaner.email, cleaner.password);
    await page.goto('/employee/my-visits');
    await waitForServiceWorker(page);
    const card = page.locator('.visit-card').filter({ hasText: 'Olive Offline' }).first();
    await card.getByRole('button', { name: PROBLEM_MSG.reportTitle }).waitFor();

    await ctx.setOffline(true);
    // A photo before the clean, from the card's button (the phone's camera through the file chooser).
    const chooser = page.waitForEvent('filechooser');
    await card.locator('label.visit-photos__take').filter({ hasText: PHOTO_MSG.before }).click();
    await (await chooser).setFiles({ name: 'kitchen.png', mimeType: 'image/png', buffer: tinyPng(40, 30, [200, 30, 60]) });
    await card.getByText(PHOTO_MSG.waiting(1)).waitFor();
    // A breakage, with a photo of it.
    await card.getByRole('button', { name: PROBLEM_MSG.reportTitle }).click();
    await card.getByLabel(PROBLEM_MSG.kindLabel).selectOption('broken');
    await card.getByLabel(PROBLEM_MSG.noteLabel).fill('Hall mirror was already cracked');
    await card.getByLabel(PHOTO_MSG.room).last().fill('Hall');
    const second = page.waitForEvent('filechooser');
    await card.getByLabel(PROBLEM_MSG.addPhotos).click();
    await (await second).setFiles({ name: 'mirror.png', mimeType: 'image/png', buffer: tinyPng(30, 40, [20, 160, 90]) });
    await card.getByRole('button', { name: PROBLEM_MSG.send }).click();
    await card.getByText(PHOTO_MSG.waiting(2)).waitFor();
    await card.getByRole('status').filter({ hasText: PROBLEM_MSG.queued }).waitFor();
    expect(await photosOnServer()).toHaveLength(0);
    await screenshots(page, 'photos-card-offline-375', { landscape: true });
    await noOverflow(page, 'the visit card offline');
    await inside(page, '.visit-card .visit-photos, .visit-card .visit-report');

    await ctx.setOffline(false);
    await until(async () => (await photosOnServer()).length, (n) => n >= 2, 45_000, 'two photos on the server');
    await until(problemsOnServer, (p) => p.length >= 1, 30_000, 'the problem on the server');
    await card.getByText(PHOTO_MSG.waiting(2)).waitFor({ state: 'detached', timeout: 30_000 });
    // Exactly once each, whatever the retries.
    expect((await photosOnServer()).map((p) => p.stage)).toEqual(['before', 'problem']);
    expect((await problemsOnServer()).map((p) => p.kind)).toEqual(['broken']);
    await page.reload();
    await card.locator('.visit-problems__item').filter({ hasText: 'Hall mirror was already cracked' }).waitFor();
    await ctx.close();

    // The customer: the visit shows the problem and, opened, its two photos.
    const cctx = await newContext(baseUrl(), 375);
    const cpage = await signedInPage(cctx, customer);
    await cpage.goto('/orders');
    const record = cpage.locator('.visit-record').first();
    await record.getByText('Hall mirror was already cracked').waitFor({ timeout: 20_000 });
    await record.locator('summary').filter({ hasText: `${PHOTO_MSG.photosTitle} (2)` }).click();
    const imgs = record.locator('.photo-grid img');
    await until(
      () => imgs.evaluateAll((els) => els.filter((e) => (e as HTMLImageElement).naturalWidth > 0).length),
      (n) => n === 2,
      20_000,
      'two photos drawn',
    );
    await noOverflow(cpage, 'the customer visit');
    await cctx.close();

    // The office: the problem on its page, at each size.
    for (const width of [375, 1280] as const) {
      const octx = await newContext(baseUrl(), width);
      const opage = await octx.newPage();
      await staffSignInThroughUi(opage, admin.email, admin.password);
      await opage.goto('/office/problems');
      const item = opage.locator('.ofc-problem').filter({ hasText: 'Hall mirror was already cracked' });
      await item.waitFor();
      await item.locator('summary').click();
      const shown = item.locator('.photo-grid img');
      await until(
        () => shown.evaluateAll((els) => els.filter((e) => (e as HTMLImageElement).naturalWidth > 0).length),
        (n) => n === 1,
        20_000,
        'the problem’s photo',
      );
      await screenshots(opage, `photos-office-problems-${width}`, { landscape: width === 375 });
      await noOverflow(opage, `office problems at ${width}`);
      await inside(opage, '.ofc-problem');
      if (width === 375) {
        await opage.setViewportSize({ width: 812, height: 375 });
        await noOverflow(opage, 'office problems at 812×375');
        await inside(opage, '.ofc-problem');
      }
      await octx.close();
    }

    // The cleaner's card at 1280 and 812×375.
    const wctx = await newContext(baseUrl(), 1280);
    const wpage = await wctx.newPage();
    await staffSignInThroughUi(wpage, cleaner.email, cleaner.password);
    await wpage.goto('/employee/my-visits');
    await wpage.locator('.visit-card .visit-photos').first().waitFor();
    await screenshots(wpage, 'photos-card-1280');
    await noOverflow(wpage, 'the visit card at 1280');
    await wpage.setViewportSize({ width: 812, height: 375 });
    await noOverflow(wpage, 'the visit card at 812×375');
    await inside(wpage, '.visit-card .visit-photos, .visit-card .visit-report');
    await wctx.close();
  });
});
