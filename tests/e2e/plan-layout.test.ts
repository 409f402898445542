// A plan's screens on a phone (375 px), the phone turned sideways (812×375) and a desktop (1280 px): the
// wizard's last step sums the booking up and a refused tick is put in view with the focus on it; Booking
// Details of an active plan says what the plan is; a paused plan's badge and its Resume sheet fit the
// screen. No page is wider than its window (scrollWidth = clientWidth); screenshots in /tmp/shots-states/.
import { mkdirSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAN_MSG } from '@shared/messages-plans';
import { PRICE_MSG } from '@shared/messages-prices';
import { WIZARD_SUMMARY_MSG } from '@shared/messages-customer';
import { addDays, londonDate } from '@shared/visits';
import { apiCall, baseUrl } from './support';
import { closeBrowser, getBrowser, serviceWorkerMode } from './browser';
import { bookThroughWizard } from './customer-steps';
import { employeeAccount, signedInPage, signUpCustomer } from './offline-support';

afterAll(closeBrowser);
const DIR = '/tmp/shots-states';
mkdirSync(DIR, { recursive: true });

const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
async function fits(page: Page, name: string) {
  await page.screenshot({ path: `${DIR}/${name}.png`, fullPage: false });
  expect(await overflow(page), `${name}: page wider than the window`).toBe(0);
}
/** Every button of the open dialog lies inside the window. */
async function buttonsInside(page: Page, dialogName: string) {
  const width = page.viewportSize()!.width;
  const boxes = await page.getByRole('dialog', { name: dialogName }).getByRole('button').evaluateAll((els) =>
    els.map((e) => e.getBoundingClientRect()).map((r) => ({ left: r.left, right: r.right }))
  );
  for (const b of boxes) {
    expect(b.left).toBeGreaterThanOrEqual(0);
    expect(b.right).toBeLessThanOrEqual(width + 0.5);
  }
}

describe.each(
  [
    [375, 812],
    [812, 375],
    [1280, 900],
  ] as const,
)('a plan at %i×%i', (width, height) => {
  it('wizard summary and refused tick, Booking Details of an active plan, a paused plan and its Resume sheet', async () => {
    const tag = `${width}x${height}`;
    const customer = await signUpCustomer(`layout${width}`);
    const cleaner = await employeeAccount(`layoutcleaner${width}`);
    const ctx = await (await getBrowser()).newContext({ baseURL: baseUrl(), viewport: { width, height }, serviceWorkers: serviceWorkerMode() });
    const page = await signedInPage(ctx, customer);
    const first = addDays(londonDate(Date.now()), 3);

    const dialog = await bookThroughWizard(page, {
      postcode: 'SW1A 1AA',
      address: '221B Baker Street, Marylebone, London',
      phone: '07700 900456',
      when: `${first}T09:00`,
      beforeComplete: async () => {
        const summary = page.getByRole('region', { name: WIZARD_SUMMARY_MSG.title });
        await summary.getByText('Weekly', { exact: true }).waitFor();
        await summary.getByText(/221B Baker Street, Marylebone, London, SW1A 1AA/).waitFor();
        await summary.getByText(/per visit · About [\d.]+ hours/).waitFor();
        await summary.getByText(/09:00 \(UK time\)/).waitFor();
        await summary.scrollIntoViewIfNeeded();
        await fits(page, `${tag}-wizard-summary`);
        // Complete Booking without the tick: the message beside it, in view, the tick focused.
        const tick = page.getByLabel(PRICE_MSG.startEarly);
        await tick.uncheck();
        await page.getByRole('button', { name: 'Complete Booking' }).click();
        const message = page.getByText(PRICE_MSG.startEarlyRequired);
        await message.waitFor();
        expect(await message.isVisible()).toBe(true);
        await expect.poll(() =>
          message.evaluate((el) => {
            const r = el.getBoundingClientRect();
            return r.top >= 0 && r.bottom <= window.innerHeight;
          })
        ).toBe(true);
        expect(await tick.evaluate((el) => el === document.activeElement)).toBe(true);
        await fits(page, `${tag}-wizard-refused-tick`);
        await tick.check();
      },
    });
    await dialog.getByText('Booking Confirmed!').waitFor();

    const [booking] = (await apiCall('GET', '/api/user/bookings', { token: customer.token })).body.bookings as { id: string; }[];
    expect((await apiCall('POST', `/api/employee/bookings/${booking.id}/accept`, { token: cleaner.token })).status).toBe(200);
    await page.goto('/orders');
    const card = page.locator('.plan-card');
    await card.getByText(PLAN_MSG.nextVisits).waitFor();
    await card.getByText(/^Weekly, active — next visit /).waitFor();
    await fits(page, `${tag}-orders-active`);

    await card.getByRole('button', { name: 'View details' }).click();
    const details = page.getByRole('dialog', { name: 'Booking Details' });
    await details.getByText(PLAN_MSG.pricePerVisit).waitFor();
    await details.getByText(/^Weekly, active — next visit /).waitFor();
    for (const gone of [/Only pending bookings/, /current cleaner/i]) expect(await details.getByText(gone).count()).toBe(0);
    expect(await details.getByRole('button', { name: 'Edit' }).count()).toBe(0);
    await fits(page, `${tag}-booking-details`);
    await buttonsInside(page, 'Booking Details');
    await page.keyboard.press('Escape');

    const pause = await apiCall('POST', `/api/user/bookings/${booking.id}/pause`, {
      token: customer.token,
      json: { from: addDays(first, 7), until: addDays(first, 30) },
    });
    expect(pause.status).toBe(200);
    await page.reload();
    await card.getByText('Paused', { exact: true }).waitFor();
    await card.getByText(/^Weekly, paused from .+ until /).waitFor();
    await fits(page, `${tag}-orders-paused`);
    await card.getByRole('button', { name: PLAN_MSG.resume }).click();
    await page.getByRole('dialog', { name: PLAN_MSG.resumeTitle }).waitFor();
    await fits(page, `${tag}-resume-sheet`);
    await buttonsInside(page, PLAN_MSG.resumeTitle);
    await ctx.close();
  });
});
