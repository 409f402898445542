// On my way and ratings in the apps, in a real browser against the real server. At 375 px a
// cleaner with a visit today (started half an hour ago) sees "No ratings yet" on the dashboard, taps
// On my way offline (real service worker), chooses about 20 minutes: the card says it waits; on
// reconnect it is sent exactly once (one mail to the customer at the mail catcher, the visit's
// on_my_way state in the API) and the card says the customer was told. Then the visit is finished and
// rated through the API: the cleaner's dashboard shows "4 of 5", and at 1280 px the office's Ratings
// screen lists the rating with its comment, filtered by cleaner in the address. axe on each new screen.
// SCREENSHOT_DIR set: screens are saved there (375, 812x375 and 1280 px).
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startedEarlierToday } from './times';
import { MSG } from '@shared/messages';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';
import type { VisitDto } from '@shared/schemas/visits';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { closeBrowser, newContext, newPage } from './browser';
import { outboxRows, waitForServiceWorker } from './offline-support';
import { audit } from './axe';
import { signUpByApi } from './customer-steps';

afterAll(closeBrowser);
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
// The files that run after this one in its worker slot share the server: its clock always goes back.
afterEach(() => moveServerClock(0));

const admin = { email: uniqueEmail('omw-admin'), password: 'officepass1' };
beforeAll(() => createStaff(admin.email, 'Otto Office', admin.password, 'admin'));

/** Saves the screen at its width, and a 375 px one turned sideways (812x375) too. */
async function shot(page: Page, name: string, widths: Array<{ width: number; height: number; }> = []) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/omw-${name}-${size.width}.png`, fullPage: size.width !== 375 });
  const extra = size.width === 375 ? [{ width: 812, height: 375 }, ...widths] : widths;
  for (const s of extra) {
    await page.setViewportSize(s);
    await page.screenshot({ path: `${dir}/omw-${name}-${s.width}x${s.height}.png` });
  }
  if (extra.length) await page.setViewportSize(size);
}

/** Mails the catcher holds to `to` whose subject matches (every one, not the newest). */
async function mailCount(to: string, subject: RegExp): Promise<number> {
  const dir = server().mailDir;
  let n = 0;
  for (const f of await readdir(dir)) {
    try {
      const m = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as { to: string; subject: string; };
      if (m.to === to.toLowerCase() && subject.test(m.subject)) n++;
    } catch {
      /* being written */
    }
  }
  return n;
}

const login = async (email: string, password: string) =>
  (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email, password } })).body.token;

async function signIn(page: Page, email: string, password: string, lands = '**/employee/dashboard') {
  await page.goto('/employee/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(lands);
}

describe('On my way and ratings', () => {
  it('375 px: On my way tapped offline is sent exactly once on reconnect; 1280 px: the office reads the rating and its comment', async () => {
    const customerEmail = uniqueEmail('omw-cust');
    const customer = await signUpByApi(customerEmail, 'omw-pass-1', 'Rosa Rated');
    const made = await apiCall<{ booking: { id: string; }; }>('POST', '/api/user/bookings', {
      token: customer,
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
        postcode: 'N17GU',
        address: '3 Omw Lane, London',
        start_within_14_days: true,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const cleaner = { email: uniqueEmail('omw-cleaner'), password: 'cleanpass1' };
    await createStaff(cleaner.email, 'Wren Way', cleaner.password);
    const token = await login(cleaner.email, cleaner.password);
    // The first visit started half an hour ago (today): accepted while the server's clock stood an hour back.
    const first = startedEarlierToday(30);
    await moveServerClock(-3_600_000);
    expect((await apiCall('POST', `/api/employee/bookings/${made.body.booking.id}/accept`, { token, json: { first_visit: first } })).status).toBe(200);
    await moveServerClock(0);

    // The cleaner's phone reloads My Visits offline and queues On my way: it has the app's service worker.
    const ctx = await newContext(baseUrl(), 375, 'allow');
    const page = await ctx.newPage();
    await signIn(page, cleaner.email, cleaner.password);
    const rating = page.getByRole('group', { name: N.myRating });
    await rating.getByText(N.myRatingNone).waitFor();
    await shot(page, 'dashboard-none');

    await page.goto('/employee/my-visits');
    const card = page.getByRole('article', { name: new RegExp(`^${first.time} Rosa Rated`) }).first();
    await card.getByRole('button', { name: N.onMyWay }).waitFor();
    await waitForServiceWorker(page);
    await card.waitFor();

    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(/You are offline — showing saved content/).first().waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: N.onMyWay }).click();
    const dialog = page.getByRole('dialog', { name: N.onMyWayTitle });
    await dialog.getByRole('group', { name: N.onMyWayAsk }).waitFor();
    // Sending with nothing chosen asks for a choice, and sends nothing.
    await dialog.getByRole('button', { name: N.onMyWaySend }).click();
    await dialog.getByRole('alert').getByText(N.onMyWayChoose).waitFor();
    await dialog.getByRole('radio', { name: N.onMyWayMinutes(20) }).check();
    await shot(page, 'dialog');
    expect(await audit(page, 'On my way dialog')).toEqual([]);
    await dialog.getByRole('button', { name: N.onMyWaySend }).click();
    await page.getByText(MSG.savedOffline).waitFor();
    await card.getByText(N.onMyWayWaiting(20)).waitFor();
    expect(await card.getByRole('button', { name: N.onMyWay }).count()).toBe(0);
    expect(await mailCount(customerEmail, /on the way/)).toBe(0);
    await shot(page, 'card-waiting');

    await ctx.setOffline(false);
    await card.getByText(/^On my way — told the customer at \d\d:\d\d \(about 20 min\)$/).waitFor({ timeout: 45_000 });
    expect(await card.getByRole('button', { name: N.onMyWay }).count()).toBe(0);
    await shot(page, 'card-told');
    expect(await audit(page, 'My Visits with On my way')).toEqual([]);
    // Sent once: one mail at the catcher, the visit's state in the API, nothing left in the outbox.
    const deadline = Date.now() + 15_000;
    while ((await mailCount(customerEmail, /on the way/)) < 1 && Date.now() < deadline) await page.waitForTimeout(100);
    expect(await mailCount(customerEmail, /on the way/)).toBe(1);
    const mine = await apiCall<{ visits: VisitDto[]; }>('GET', '/api/employee/visits', { token });
    const visit = mine.body.visits.find((v) => v.booking_id === made.body.booking.id && v.on_my_way_at);
    expect(visit).toMatchObject({ on_my_way_minutes: 20 });
    expect((await outboxRows(page, 'visit-on-my-way')).filter((r) => r.state !== 'sent')).toEqual([]);

    // Finished and rated (through the API): the cleaner's dashboard has the figure.
    expect((await apiCall('POST', `/api/employee/visits/${visit!.id}/submit-work`, { token, json: { work_hours: 2 } })).status).toBe(200);
    const comment = 'Spotless kitchen, thank you Wren';
    expect((await apiCall('POST', `/api/user/visits/${visit!.id}/rating`, { token: customer, json: { stars: 4, comment } })).status).toBe(201);
    await page.goto('/employee/dashboard');
    await rating.getByText(N.myRatingValue(4)).waitFor();
    await rating.getByText(N.myRatingCount(1)).waitFor();
    await shot(page, 'dashboard-rated');
    expect(await audit(page, 'Dashboard with a rating')).toEqual([]);
    await ctx.close();

    // The office at 1280 px: the average per cleaner and the rating with its comment; the filter is in the address.
    // The office reads its Ratings screen online: no service worker (contexts block it by default).
    const office = await newPage(baseUrl(), 1280);
    // Office roles land on the office.
    await signIn(office, admin.email, admin.password, '**/office');
    await office.getByRole('link', { name: N.navRatings }).first().click();
    await office.getByRole('heading', { level: 1, name: N.ratingsTitle }).waitFor();
    const row = office.getByRole('row').filter({ hasText: comment });
    await row.getByText('Wren Way').waitFor();
    await row.getByText(N.stars(4)).waitFor();
    await office.getByRole('button', { name: N.ratingsShowOnly('Wren Way') }).click();
    await office.waitForURL(/[?&]employee=[a-f0-9]{24}/);
    await expect.poll(() => office.getByRole('row').filter({ hasText: /“/ }).count()).toBe(1);
    expect(await office.getByLabel(N.ratingsCleaner).inputValue()).toMatch(/^[a-f0-9]{24}$/);
    await shot(office, 'office-ratings', [
      { width: 375, height: 812 },
      { width: 812, height: 375 },
    ]);
    expect(await audit(office, 'Office Ratings')).toEqual([]);
    await office.context().close();
  });
});
