// Homes in a real browser at 375 px against the real server: a customer with one home adds a second
// ("Holiday let") in their profile, then books for it in the wizard ("Which home?"); the cleaner who
// accepts sees, on the visit's day, tap-to-call, directions and the access note on the visit card, and
// still reads them offline after a reload (the day's list is kept on the device).
// Screens at 375, 812×375 and 1280 px go to /tmp/homes-*.png; none scrolls sideways.
import { writeFile } from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { HOMES_MSG as H } from '@shared/messages-homes';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import { londonWallTime } from '@shared/when';
import { addDays, londonDate } from '@shared/visits';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { waitForServiceWorker } from './offline-support';
import { logInThroughUi, signUpByApi } from './customer-steps';

afterAll(closeBrowser);
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
afterEach(() => moveServerClock(0));

async function noSideways(page: Page, name: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `${name} scrolls sideways by ${overflow}px at ${page.viewportSize()?.width}`).toBeLessThanOrEqual(0);
}

/** Screens at 375, 812×375 (a phone sideways) and 1280 px, each checked for sideways scrolling. */
async function shots(page: Page, name: string) {
  for (const size of [{ width: 375, height: 812 }, { width: 812, height: 375 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    await noSideways(page, name);
    await page.screenshot({ path: `/tmp/homes-${name}-${size.width}x${size.height}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('homes at 375 px', () => {
  it('a second home added in the profile, booked in the wizard; the cleaner’s card on the day calls, directs and reads the note', async () => {
    const email = uniqueEmail('homes-cust');
    const token = await signUpByApi(email, 'homes-pass-1', 'Hana Holiday');
    const first = await apiCall('POST', '/api/user/homes', { token, json: { label: 'Flat', address: '4 Canal Street, Manchester', postcode: 'M15AB' } });
    expect(first.status).toBe(201);

    const page = await newPage(baseUrl(), 375);
    await logInThroughUi(page, email, 'homes-pass-1');
    await page.goto('/profile');
    const homes = page.getByRole('region', { name: H.title });
    await homes.getByText('4 Canal Street, Manchester, M1 5AB').waitFor();
    await homes.getByRole('button', { name: H.add }).click();
    const form = homes.getByRole('form', { name: H.add });
    await form.getByLabel(H.fields.label).fill('Holiday let');
    await form.getByLabel(H.fields.address).fill('7 Harbour Row, Whitstable');
    await form.getByLabel(H.fields.postcode).fill('CT5 1AB');
    await form.getByLabel(H.fields.access_notes).fill('Key safe by the blue door, code 4812');
    await form.getByLabel(H.fields.keys).fill('Spare set at number 9');
    await form.getByLabel(H.fields.alarm_code).fill('2468');
    await form.getByLabel(H.fields.parking).fill('Permit in the kitchen drawer');
    await form.getByLabel(H.photosAllowed).uncheck();
    await shots(page, 'profile-form');
    await form.getByRole('button', { name: H.save }).click();
    await homes.getByText(H.homeAdded).waitFor();
    await homes.getByText('7 Harbour Row, Whitstable, CT5 1AB').waitFor();
    await homes.getByText(H.photosOff).waitFor();
    await shots(page, 'profile');

    // The wizard asks which home; the holiday let is chosen and booked for tomorrow at 10:00.
    const tomorrow = addDays(londonDate(Date.now()), 1);
    await page.goto('/');
    await page.getByLabel('Your postcode').fill('CT5 1AB');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a cleaning' });
    await dialog.getByRole('group', { name: H.whichHome }).waitFor();
    await dialog.getByRole('radio', { name: H.newHome }).waitFor();
    await dialog.getByRole('radio', { name: /Holiday let/ }).check();
    expect(await dialog.getByLabel('Address').count()).toBe(0);
    await shots(page, 'wizard-which-home');
    const next = dialog.getByRole('button', { name: 'Continue' });
    await next.click();
    const choices = ['House', 'Weekly', '3', '2', '1', 'Standard', 'No, this is my first time', null, 'Not sure yet', 'Ready to book now'];
    for (let i = 0; i < choices.length; i++) {
      await dialog.getByText(`Step ${i + 2} of 12`).waitFor();
      const choice = choices[i];
      if (choice === null) await dialog.getByLabel('Preferred date and time').fill(`${tomorrow}T10:00`);
      else await dialog.getByRole('radio', { name: choice, exact: true }).check();
      await next.click();
    }
    await dialog.getByLabel('Phone number', { exact: true }).fill('07700 900777');
    const startEarly = dialog.getByLabel('Please start within the 14-day cancellation period');
    if (await startEarly.isVisible()) await startEarly.check();
    await dialog.getByRole('button', { name: 'Complete Booking' }).click();
    await dialog.getByText(/Booking (confirmed|received)|Thank you/i).first().waitFor();
    const list = await apiCall<{ homes: Array<{ id: string; label: string; in_use: boolean; }>; }>('GET', '/api/user/homes', { token });
    const holiday = list.body.homes.find((h) => h.label === 'Holiday let')!;
    expect(holiday.in_use).toBe(true);
    const bookings = await apiCall<{ bookings: Array<{ id: string; address?: string; }>; }>('GET', '/api/user/bookings', { token });
    const booked = bookings.body.bookings.find((b) => b.address === '7 Harbour Row, Whitstable')!;
    expect(booked).toBeTruthy();
    await page.context().close();

    // The cleaner accepts; on the visit's day their card calls, directs and reads the access note.
    const cleaner = { email: uniqueEmail('homes-cleaner'), password: 'cleanpass1' };
    await createStaff(cleaner.email, 'Dora Door', cleaner.password);
    const staffToken = (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: cleaner })).body.token;
    expect((await apiCall('POST', `/api/employee/bookings/${booked.id}/accept`, { token: staffToken })).status).toBe(200);
    const offset = londonWallTime(tomorrow, '08:00')! - Date.now();
    await moveServerClock(offset);
    // Only the cleaner's portal reloads offline, from the service worker's copy of the app.
    const portal = await newPage(baseUrl(), 375, 'allow');
    await portal.clock.setFixedTime(new Date(Date.now() + offset));
    await portal.goto('/employee/login');
    await portal.getByLabel('Email').fill(cleaner.email);
    await portal.getByLabel('Password', { exact: true }).fill(cleaner.password);
    await portal.getByRole('button', { name: 'Sign In' }).click();
    await portal.waitForURL('**/employee/dashboard');
    await portal.goto('/employee/my-visits');
    const today = portal.getByRole('region', { name: M.sectionToday });
    const card = today.getByRole('article').first();
    const doorstep = card.getByRole('region', { name: H.doorstep });
    const call = doorstep.getByRole('link', { name: /Call Hana/ });
    expect(await call.getAttribute('href')).toBe('tel:07700900777');
    const directions = doorstep.getByRole('link', { name: H.directions });
    expect(await directions.getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent('7 Harbour Row, Whitstable, CT5 1AB')}`,
    );
    await doorstep.getByText('Key safe by the blue door, code 4812').waitFor();
    await doorstep.getByText('2468').waitFor();
    await shots(portal, 'cleaner-card');
    // Next week's visit on the same list: the notes come on its day.
    const upcoming = portal.getByRole('region', { name: M.sectionUpcoming });
    await upcoming.getByRole('article').first().getByText(H.onTheDay).waitFor();

    // No signal at the door: the day's list was loaded, so the card still reads the note after a reload.
    await waitForServiceWorker(portal);
    await portal.context().setOffline(true);
    await portal.reload();
    await portal.getByText(/You are offline — showing saved content/).first().waitFor({ timeout: 20_000 });
    const offlineCard = portal.getByRole('region', { name: M.sectionToday }).getByRole('article').first();
    await offlineCard.getByText('Key safe by the blue door, code 4812').waitFor();
    expect(await offlineCard.getByRole('link', { name: /Call Hana/ }).getAttribute('href')).toBe('tel:07700900777');
    await portal.context().close();
  });
});
