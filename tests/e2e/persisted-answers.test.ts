// Kept answers in Chromium against the real server and service worker: a repeat visit to My Bookings
// paints the customer's last answer before the server answers, marked with its age; a sign-out wipes
// it; the next customer on the same browser profile never sees it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newContext, withServiceWorkers } from './browser';
import { signedInPage, signUpCustomer, storeCustomerSession, tableRows, until } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

/** The kept answers' rows in the app's IndexedDB, read beside the app. */
const keptRows = (page: Page) => tableRows<{ id: string; }>(page, 'queryCache');

/** Holds every answer of the bookings list until the returned function is called. */
async function holdBookings(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let released = false;
  await page.route(/\/api\/user\/bookings(\?|$)/, (route) => (released ? route.continue() : void held.push(route)));
  return async () => {
    released = true;
    await Promise.all(held.map((r) => r.continue()));
  };
}

describe('kept answers on a shared browser', () => {
  it('paint at once with their age, go at sign-out, and never show to the next customer', async () => {
    const ada = await signUpCustomer('kept-ada');
    const bea = await signUpCustomer('kept-bea');
    const made = await apiCall<{ booking: { reference: string; }; }>('POST', '/api/user/bookings', {
      token: ada.token,
      json: {
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '2',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No, this is my first time',
        bestDays: 'Mondays after 10',
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        postcode: 'N17GU',
        address: '12 Kept Row, London',
      },
    });
    expect(made.status).toBe(201);
    const adasRef = `Ref ${made.body.booking.reference}`;

    const ctx = await newContext(baseUrl());
    const page = await signedInPage(ctx, ada);
    await page.goto('/orders');
    await page.getByText(adasRef).waitFor();
    await until(() => keptRows(page), (rows) => rows.some((r) => r.id === `customer:${ada.user.id}`), 15_000, "Ada's answer kept");

    // Repeat visit: the server's answer is held back, the kept one is on the screen with its age.
    const release = await holdBookings(page);
    await page.reload();
    await page.getByText(adasRef).waitFor();
    await page.getByText(/^Updated (just now|\d+ min ago)$/).waitFor();
    await release();
    await page.getByText(/^Updated (just now|\d+ min ago)$/).waitFor({ state: 'detached' });

    // Sign-out wipes every kept answer.
    await page.locator('.user-menu__button').click();
    await page.getByRole('button', { name: 'Sign Out' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign Out' }).click();
    await page.locator('.user-menu__button').waitFor({ state: 'detached' });
    await until(() => keptRows(page), (rows) => rows.length === 0, 15_000, 'kept answers wiped');

    // Bea on the same browser profile: while her answer is on its way, nothing of Ada's shows.
    await storeCustomerSession(page, bea);
    const releaseBea = await holdBookings(page);
    await page.goto('/orders');
    await page.getByText('Loading your bookings').waitFor();
    expect(await page.getByText(adasRef).count()).toBe(0);
    await releaseBea();
    await page.getByText('No bookings yet').waitFor();
    expect(await page.getByText(adasRef).count()).toBe(0);
    await ctx.close();
  });
});
