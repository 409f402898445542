// A reminder's links, signed out, at 375 px: the customer opens the Skip link from the real
// reminder mail (sent by the server's job runner once its clock is moved to 47 h before the visit) and
// skips that visit; after the next visit is finished, they rate the clean by the rating mail's link;
// signed in, My Bookings shows that rating, and the visit after it is rated there.
// Screenshots of the link pages at 375, 812x375 and 1280 go to /tmp/h3-shots (looked at, not committed).
import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, createStaff, server, uniqueEmail, waitForMail } from './support';
import { closeBrowser, getBrowser, newPage, screenshots, serviceWorkerMode } from './browser';
import { logInThroughUi, signUpByApi } from './customer-steps';

afterAll(closeBrowser);
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
// The files that run after this one in its worker slot share the server: its clock always goes back.
afterEach(() => moveServerClock(0));

const SHOTS = '/tmp/h3-shots';
const SIZES = [
  { width: 375, height: 812 },
  { width: 812, height: 375 },
  { width: 1280, height: 900 },
];
/** The link page (GET only: looking does not use the link) at every size. */
async function shots(path: string, name: string, ready: RegExp) {
  await mkdir(SHOTS, { recursive: true });
  const b = await getBrowser();
  for (const viewport of SIZES) {
    const ctx = await b.newContext({ baseURL: baseUrl(), viewport, serviceWorkers: serviceWorkerMode() });
    const page = await ctx.newPage();
    await page.goto(path);
    await page.getByText(ready).first().waitFor();
    await page.screenshot({ path: `${SHOTS}/${name}-${viewport.width}x${viewport.height}.png`, fullPage: true });
    await ctx.close();
  }
}

const pathOf = (text: string, label: RegExp) => {
  const link = label.exec(text)?.[1] ?? '';
  expect(link).toMatch(/^\/visit-link\?token=/);
  return link;
};

/** `YYYY-MM-DD` in London, `days` ahead. */
const londonDay = (days: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(Date.now() + days * 86_400_000);

describe('reminder links, signed out, at 375 px', () => {
  it('skips the visit from the reminder mail, then rates the next clean by its link', { timeout: 180_000 }, async () => {
    const stamp = Date.now();
    await createStaff(`links-cleaner.${stamp}@example.com`, 'Lina Sparkle', 'cleaner-pass-1');
    const cleaner = (await apiCall('POST', '/api/auth/employee/login', { json: { email: `links-cleaner.${stamp}@example.com`, password: 'cleaner-pass-1' } }))
      .body.token as string;
    const email = uniqueEmail('links');
    const token = await signUpByApi(email, 'links-pass-1', 'Robin Remind');
    const day = londonDay(6);
    const booking = await apiCall('POST', '/api/user/bookings', {
      token,
      json: {
        propertyType: 'Flat',
        frequency: 'Weekly',
        bedrooms: '2',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No, this is my first time',
        bestDays: `${day}T09:00`,
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        postcode: 'E16AN',
        address: '7 Reminder Row, London',
        phone: '07700 900321',
        start_within_14_days: true,
      },
    });
    expect(booking.status).toBe(201);
    expect((await apiCall('POST', `/api/employee/bookings/${booking.body.bookingId}/accept`, { token: cleaner })).status).toBe(200);
    const visits = (await apiCall('GET', `/api/user/visits?from=${day}&to=${londonDay(20)}`, { token })).body.visits as Array<
      { id: string; start: string; state: string; }
    >;
    const [first, second, third] = visits;
    const startOf = (v: { start: string; }) => Date.parse(v.start);

    // 47 h before the first visit: the runner (polling) sends its reminder.
    await moveServerClock(startOf(first) - 47 * 3600_000 - Date.now());
    const reminder = await waitForMail(email, /^Reminder:/, stamp, 30_000);
    expect(reminder.text).toContain('Lina');
    const skip = pathOf(reminder.text, /Skip this visit:\n(\S+)/);
    const move = pathOf(reminder.text, /Move this visit:\n(\S+)/);
    await shots(move, 'move', /Move this visit/);
    await shots(skip, 'skip', /Your clean on/);

    const page: Page = await newPage(baseUrl(), 375);
    await page.goto(skip);
    await page.getByRole('heading', { name: 'Skip this visit' }).waitFor();
    await page.getByText('7 Reminder Row, London, E1 6AN').waitFor();
    await page.getByRole('button', { name: 'Skip this visit' }).click();
    await page.getByText(/Done: the visit on .* is skipped/).waitFor();
    await page.screenshot({ path: `${SHOTS}/skipped-375.png`, fullPage: true });
    const after = (await apiCall('GET', `/api/user/visits?from=${day}&to=${londonDay(20)}`, { token })).body.visits as Array<{ id: string; state: string; }>;
    expect(after.map((v) => v.state).slice(0, 3)).toEqual(['skipped', 'scheduled', 'scheduled']);
    // The same link again: a clear page, not an error.
    await page.goto(skip);
    await page.getByText('This link has already been used.', { exact: false }).waitFor();
    await page.screenshot({ path: `${SHOTS}/used-375.png`, fullPage: true });

    // The second visit is done; an hour later the customer is asked to rate it.
    await moveServerClock(startOf(second) + 3 * 3600_000 - Date.now());
    expect((await apiCall('POST', `/api/employee/visits/${second.id}/submit-work`, { token: cleaner, json: { work_hours: 2 } })).status).toBe(200);
    await waitForMail(email, /is finished/, stamp, 30_000);
    await moveServerClock(startOf(second) + 4 * 3600_000 + 60_000 - Date.now());
    const ask = await waitForMail(email, /How was your clean/, stamp, 30_000);
    const rate = pathOf(ask.text, /\n(\/visit-link\?token=\S+)/);
    await shots(rate, 'rate', /How was your clean/);
    await page.goto(rate);
    await page.getByRole('heading', { name: 'Rate your clean' }).waitFor();
    await page.getByRole('button', { name: 'Send my rating' }).click();
    await page.getByText('Please choose from 1 to 5 stars.').waitFor();
    await page.getByLabel('4 stars').check({ force: true });
    await page.getByLabel('Anything to add? (optional)').fill('Spotless kitchen, thank you');
    await page.getByRole('button', { name: 'Send my rating' }).click();
    await page.getByText('Thank you: your rating is saved.').waitFor();
    await page.screenshot({ path: `${SHOTS}/rated-375.png`, fullPage: true });

    // Signed in, My Bookings says the clean was rated; the next one, once finished, is rated in the app.
    await logInThroughUi(page, email, 'links-pass-1');
    const ratedRow = page.locator('.visit', { hasText: 'You rated this clean: 4/5' });
    await ratedRow.waitFor();
    await screenshots(page, 'h3-shots/orders-rated', { landscape: true });
    await moveServerClock(startOf(third) + 3 * 3600_000 - Date.now());
    expect((await apiCall('POST', `/api/employee/visits/${third.id}/submit-work`, { token: cleaner, json: { work_hours: 2 } })).status).toBe(200);
    await page.reload();
    const rate3 = page.getByRole('button', { name: /^Rate this clean: / });
    await rate3.click();
    const dialog = page.getByRole('dialog', { name: 'Rate your clean' });
    await dialog.getByText(/Your clean on .* with Lina\./).waitFor();
    await dialog.getByLabel('5 stars').check({ force: true });
    await screenshots(page, 'h3-shots/orders-rate-dialog', { landscape: true });
    await dialog.getByRole('button', { name: 'Send my rating' }).click();
    await page.locator('.visit', { hasText: 'You rated this clean: 5/5' }).waitFor();
    await expect.poll(async () =>
      (await apiCall('GET', `/api/user/visits?from=${day}&to=${londonDay(20)}`, { token })).body.visits.find((v: { id: string; }) => v.id === third.id)
        ?.my_rating
    ).toBe(5);
    await page.context().close();
  });
});
