// Not happy → re-clean, in Chromium against the real server at 375 and 1280 px: the customer rates a
// finished visit 2★ and the answer opens the free re-clean sheet with the times left in the 48 hours; at
// 1280 they book it there, at 375 they choose Not now and the office books it from the inbox's
// "Not happy — re-clean" case and closes it. No page is wider than the screen; screenshots at 375,
// 812×375 and 1280 in /tmp/reclean-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { closeBrowser, newPage, screenshots, staffSignInThroughUi } from './browser';
import { apiCall, baseUrl, createStaff, firstVisitSoon, server, uniqueEmail } from './support';
import { logInThroughUi, signUpByApi } from './customer-steps';

let conn: mongoose.Connection;
let cleanerToken = '';
const admin = { email: `reclean-admin.${Date.now()}@example.com`, password: 'admin-pass-1' };
beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
  const stamp = Date.now();
  await createStaff(`reclean-cleaner.${stamp}@example.com`, 'Rita Rinse', 'cleaner-pass-1');
  await createStaff(admin.email, 'Olive Office', admin.password, 'admin');
  cleanerToken =
    (await apiCall('POST', '/api/auth/employee/login', { json: { email: `reclean-cleaner.${stamp}@example.com`, password: 'cleaner-pass-1' } })).body.token;
  expect(cleanerToken).toBeTruthy();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A customer with a plan whose first visit is done (its hours in): what they can rate. */
async function finishedVisit(width: number) {
  const email = uniqueEmail(`reclean-${width}`);
  const token = await signUpByApi(email, 'reclean-pass-1', 'Nora Needy');
  const made = await apiCall('POST', '/api/user/bookings', {
    token,
    json: {
      propertyType: 'Flat',
      frequency: 'Weekly',
      bedrooms: '2',
      bathrooms: '1',
      receptions: '1',
      cleaningType: 'Standard',
      hasCleaner: 'No, this is my first time',
      bestDays: 'Weekday mornings',
      supplies: 'Not sure yet',
      hiringLikelihood: 'Ready to book now',
      postcode: 'E16AN',
      address: '7 Rinse Row, London',
      phone: '07700 900321',
      start_within_14_days: true,
    },
  });
  expect(made.status).toBe(201);
  const id = made.body.bookingId as string;
  const accepted = await apiCall('POST', `/api/employee/bookings/${id}/accept`, { token: cleanerToken, json: { first_visit: firstVisitSoon() } });
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const visit = await conn.collection('visits').findOne({ plan: new mongoose.Types.ObjectId(id) }, { sort: { start: 1 } });
  await conn.collection('visits').updateOne({ _id: visit!._id }, { $set: { state: 'completed' } });
  return { email, visitId: String(visit!._id) };
}

describe.each([375, 1280] as const)('the free re-clean at %i px', (width) => {
  it('offered from a 2★ rating, booked by the customer or by the office from its case', async () => {
    const { email, visitId } = await finishedVisit(width);
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'reclean-pass-1');
    await page.getByRole('button', { name: /^Rate this clean/ }).first().click();
    const rating = page.getByRole('dialog');
    await rating.getByLabel('2 stars').check({ force: true });
    await rating.getByLabel('Anything to add? (optional)').fill('Bathroom was missed');
    await rating.getByRole('button', { name: 'Send my rating' }).click();

    const sheet = page.getByRole('dialog', { name: 'Your free re-clean' });
    await sheet.getByLabel('Time of the re-clean').waitFor();
    expect(await sheet.locator('option').count()).toBeGreaterThan(3);
    expect(await fits(page)).toBe(true);
    await screenshots(page, `reclean-sheet-${width}`, { landscape: width === 375 });

    if (width === 1280) {
      // The last time offered: another day than the visit's own (a plan has one visit a day).
      await sheet.getByLabel('Time of the re-clean').selectOption({ index: (await sheet.locator('option').count()) - 1 });
      await sheet.getByRole('button', { name: 'Book the free re-clean' }).click();
      await page.getByText(/Your free re-clean is booked for/).waitFor();
      expect(await conn.collection('visits').countDocuments({ reclean_of: new mongoose.Types.ObjectId(visitId) })).toBe(1);
    } else {
      await sheet.getByRole('button', { name: 'Not now' }).click();
      // The offer stays beside the rated visit while it stands.
      await page.getByRole('button', { name: 'Book your free re-clean' }).waitFor();
    }
    await page.context().close();

    const office = await newPage(baseUrl(), width);
    await staffSignInThroughUi(office, admin.email, admin.password);
    await office.goto('/office/inbox?kind=reclean');
    await office.getByRole('link', { name: /Nora Needy/ }).first().click();
    await office.getByRole('heading', { name: /Not happy — re-clean: 2★ rating/ }).waitFor();
    await office.getByText('Bathroom was missed').first().waitFor();
    await office.getByText('Rita Rinse').first().waitFor();
    if (width === 375) {
      await office.getByLabel('Time of the re-clean').selectOption({ index: (await office.locator('option').count()) - 1 });
      await office.getByRole('button', { name: 'Book the free re-clean' }).click();
      // The answer (customer and cleaner told) and the case reloaded as booked.
      await office.getByRole('status').getByText(/Re-clean booked for .*: the customer and the cleaner are told/).waitFor();
      await office.getByText(/^Re-clean booked for \w{3} \d{1,2} \w{3}, \d{2}:\d{2}$/).waitFor();
    } else {
      await office.getByText(/Re-clean booked for/).waitFor();
    }
    expect(await fits(office)).toBe(true);
    await screenshots(office, `reclean-case-${width}`, { landscape: width === 375 });
    await office.getByRole('button', { name: 'Close the case' }).click();
    await office.getByRole('button', { name: 'Reopen the case' }).waitFor();
    await office.context().close();
  });
});
