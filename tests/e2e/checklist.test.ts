// Checklists in the apps, in a real browser against the real server. The office saves a Deep checklist
// (API); at 375 px a cleaner with a Deep visit today ticks two tasks offline (real service worker): the
// card shows them waiting; on reconnect both arrive once (the API has them, nothing left in the outbox).
// The hours form names the task left undone and refuses until it has a reason. The customer sees what
// was done on the visit; the office edits the checklist on its page. No horizontal overflow at 375,
// 812x375 and 1280 px; axe on each screen. SCREENSHOT_DIR set: screens are saved there.
import { writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import { CLEANER_VISITS_MSG as V } from '@shared/messages-cleaner-visits';
import type { VisitDto } from '@shared/schemas/visits';
import { startedEarlierToday } from './times';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { closeBrowser, newContext, staffSignInThroughUi } from './browser';
import { employeeAccount, outboxRows, signedInPage, signUpCustomer, until, waitForServiceWorker } from './offline-support';
import { audit } from './axe';

const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
const admin = { email: uniqueEmail('ck-admin'), password: 'officepass1', token: '' };
beforeAll(async () => {
  await createStaff(admin.email, 'Olga Office', admin.password, 'admin');
  admin.token = (await apiCall('POST', '/api/auth/employee/login', { json: { email: admin.email, password: admin.password } })).body.token;
});
afterEach(() => moveServerClock(0));
// The files after this one in its worker slot share the server: Deep visits get no checklist again.
afterAll(async () => {
  await apiCall('DELETE', '/api/admin/checklists/Deep', { token: admin.token });
  await closeBrowser();
});

/** No element wider than the screen; then the screen saved at its width (and at 812x375 from 375 px). */
async function look(page: Page, name: string) {
  const size = page.viewportSize()!;
  const sizes = size.width === 375 ? [size, { width: 812, height: 375 }] : [size];
  for (const s of sizes) {
    await page.setViewportSize(s);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), `${name} at ${s.width}`).toBe(0);
    if (process.env.SCREENSHOT_DIR) {
      await page.screenshot({ path: `${process.env.SCREENSHOT_DIR}/checklist-${name}-${s.width}x${s.height}.png`, fullPage: true });
    }
  }
  await page.setViewportSize(size);
}

describe('checklists', () => {
  it('375 px: ticks made offline arrive once on reconnect; hours need a reason for the undone task; the customer and the office see it', async () => {
    const rooms = [{ room: 'Kitchen', tasks: [{ task: 'Clean inside the oven' }, { task: 'Clean inside the fridge' }] }, {
      room: 'Bathroom',
      tasks: [{ task: 'Scrub grout and tiles' }],
    }];
    const current = (await apiCall('GET', '/api/admin/checklists/Deep', { token: admin.token })).body.checklist;
    expect((await apiCall('PUT', '/api/admin/checklists/Deep', { token: admin.token, json: { rooms, based_on: current.version } })).status).toBe(200);

    const customer = await signUpCustomer('ck-cust');
    const made = await apiCall<{ booking: { id: string; }; }>('POST', '/api/user/bookings', {
      token: customer.token,
      json: {
        propertyType: 'Flat',
        frequency: 'Weekly',
        bedrooms: '2',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Deep',
        hasCleaner: 'No, this is my first time',
        bestDays: 'Weekday mornings',
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        postcode: 'N17GU',
        address: '4 Tick Lane, London',
        start_within_14_days: true,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const cleaner = await employeeAccount('ck-cleaner');
    const first = startedEarlierToday(30);
    await moveServerClock(-3_600_000);
    expect((await apiCall('POST', `/api/employee/bookings/${made.body.booking.id}/accept`, { token: cleaner.token, json: { first_visit: first } })).status)
      .toBe(
        200,
      );
    await moveServerClock(0);

    // Only the cleaner's offline context registers the service worker (its reload offline is served from
    // the worker's cache); the customer's and the office's screens are online.
    const ctx = await newContext(baseUrl(), 375, 'allow');
    const page = await ctx.newPage();
    await staffSignInThroughUi(page, cleaner.email, cleaner.password);
    await page.goto('/employee/my-visits');
    const card = page.getByRole('article', { name: new RegExp(`^${first.time} Olive Offline`) }).first();
    await card.getByRole('checkbox', { name: 'Clean inside the oven' }).waitFor();
    await waitForServiceWorker(page);

    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(/You are offline — showing saved content/).first().waitFor({ timeout: 20_000 });
    await card.getByRole('checkbox', { name: 'Clean inside the oven' }).check();
    await page.getByText(MSG.savedOffline).first().waitFor();
    await card.getByRole('checkbox', { name: 'Scrub grout and tiles' }).check();
    await card.getByText(C.ticksWaiting(2)).waitFor();
    expect(await card.getByRole('checkbox', { name: 'Clean inside the oven' }).isChecked()).toBe(true);
    await look(page, 'cleaner-offline');
    expect(await audit(page, 'My Visits with a checklist')).toEqual([]);

    await ctx.setOffline(false);
    await card.getByText(C.doneCount(2, 3)).waitFor({ timeout: 45_000 });
    await until(() => outboxRows(page, 'visit-checklist'), (rows) => rows.length === 2 && rows.every((r) => r.state === 'sent'), 45_000, 'ticks sent');
    const mine = await apiCall<{ visits: VisitDto[]; }>('GET', '/api/employee/visits', { token: cleaner.token });
    const visit = mine.body.visits.find((v) => v.booking_id === made.body.booking.id)!;
    expect(visit.checklist!.map((i) => [i.task, i.done])).toEqual([['Clean inside the oven', true], ['Clean inside the fridge', false], [
      'Scrub grout and tiles',
      true,
    ]]);

    // Hours: the form names the task left undone and sends nothing until it has a reason.
    await card.getByRole('button', { name: /^Submit hours/ }).click();
    const dialog = page.getByRole('dialog', { name: V.submitTitle });
    await dialog.getByLabel('Work hours').fill('3');
    const reason = dialog.getByLabel(C.reasonLabel('Kitchen: Clean inside the fridge'));
    await reason.waitFor();
    await dialog.getByRole('button', { name: V.submitHours }).click();
    await dialog.getByText('A reason is required').waitFor();
    await look(page, 'hours-reason');
    expect(await audit(page, 'Hours form with a reason')).toEqual([]);
    await reason.fill('Fridge was full of food');
    await dialog.getByRole('button', { name: V.submitHours }).click();
    await card.getByText(C.doneCount(2, 3)).waitFor();
    await until(
      async () => (await apiCall<{ visits: VisitDto[]; }>('GET', '/api/employee/visits', { token: cleaner.token })).body.visits.find((v) => v.id === visit.id),
      (v) => v?.state === 'completed',
      30_000,
      'hours in',
    );
    await ctx.close();

    // The customer sees what was done.
    const cctx = await newContext(baseUrl(), 375);
    const cpage = await signedInPage(cctx, customer);
    await cpage.goto('/orders');
    const done = cpage.getByText(`${C.whatWasDone} (${C.doneCount(2, 3)})`);
    await done.click();
    await cpage.getByText(`${C.notDone}: Fridge was full of food`).waitFor();
    await look(cpage, 'customer');
    expect(await audit(cpage, 'My Bookings with what was done')).toEqual([]);
    await cpage.setViewportSize({ width: 1280, height: 900 });
    await look(cpage, 'customer');
    await cctx.close();

    // The office edits the checklist on its page (1280 px and 375 px).
    const octx = await newContext(baseUrl(), 1280);
    const office = await octx.newPage();
    await staffSignInThroughUi(office, admin.email, admin.password);
    await office.goto('/office/checklists');
    await office.getByRole('heading', { level: 1, name: C.title }).waitFor();
    await office.getByRole('button', { name: C.typeLabel.Deep }).click();
    await office.getByRole('textbox', { name: 'Kitchen: Task 1' }).waitFor();
    await look(office, 'office');
    expect(await audit(office, 'Office checklists')).toEqual([]);
    await office.getByRole('button', { name: `+ ${C.addRoom}` }).click();
    await office.getByRole('textbox', { name: 'Room 3', exact: true }).fill('Hall');
    await office.getByRole('textbox', { name: 'Hall: Task 1' }).fill('Sweep the hall');
    await office.getByRole('button', { name: `${C.save} (${C.typeLabel.Deep})` }).click();
    await office.getByText(C.saved(C.typeLabel.Deep)).waitFor();
    await office.setViewportSize({ width: 375, height: 812 });
    await look(office, 'office');
    await octx.close();
  });
});
