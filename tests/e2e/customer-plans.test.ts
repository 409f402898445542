// The customer's plan in My Bookings, at a phone's and a desktop's width: booked Weekly through the
// wizard, accepted by a cleaner (API), the next 8 visits shown; offline (after a reload, from the
// device's copy) one is skipped and waits to send; back online it is sent once, and the API has it skipped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PLAN_MSG } from '@shared/messages-plans';
import { addDays, londonDate } from '@shared/visits';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newContext, withServiceWorkers } from './browser';
import { audit } from './axe';
import { bookThroughWizard } from './customer-steps';
import { employeeAccount, outboxRows, signedInPage, signUpCustomer, until } from './offline-support';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/plans-${name}.png`, fullPage: true });
type Visit = { id: string; start: string; state: string; };

describe.each([375, 1280] as const)('a weekly plan in My Bookings at %i px', (width) => {
  it('books Weekly, sees the next 8 visits, skips one offline, and the skip is sent on reconnect', async () => {
    const customer = await signUpCustomer(`plan${width}`);
    const cleaner = await employeeAccount(`plancleaner${width}`);
    const ctx = await newContext(baseUrl(), width);
    const page = await signedInPage(ctx, customer);
    const first = addDays(londonDate(Date.now()), 3);
    const dialog = await bookThroughWizard(page, { postcode: 'SW1A 1AA', address: '1 Plan Street, London', phone: '07700 900123', when: `${first}T09:00` });
    await dialog.getByText('Booking Confirmed!').waitFor();

    const [booking] = (await apiCall('GET', '/api/user/bookings', { token: customer.token })).body.bookings as { id: string; }[];
    expect((await apiCall('POST', `/api/employee/bookings/${booking.id}/accept`, { token: cleaner.token })).status).toBe(200);

    await page.goto('/orders');
    const card = page.locator('.plan-card');
    await card.getByText(PLAN_MSG.nextVisits).waitFor();
    await expect.poll(() => card.locator('.visit-list > li').count()).toBe(8);
    expect(await card.getByText(/^Weekly, \w+days at 09:00/).count()).toBe(1);
    expect(await card.getByText('Active', { exact: true }).count()).toBe(1);
    await shot(page, `${width}`);
    if (width === 375) {
      await page.setViewportSize({ width: 812, height: 375 });
      await shot(page, '812x375');
      await page.setViewportSize({ width: 375, height: 812 });
    }

    // Offline: the page comes back from the device (app shell and the plan's saved copy).
    const { visits } = (await apiCall('GET', `/api/user/bookings/${booking.id}`, { token: customer.token })).body as { visits: Visit[]; };
    const second = visits[1];
    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(PLAN_MSG.offlineChanges, { exact: false }).waitFor();
    await expect.poll(() => card.locator('.visit-list > li').count()).toBe(8);
    await card.locator('.visit-list > li').nth(1).getByRole('button', { name: /^Skip / }).click();
    const skip = page.getByRole('dialog', { name: PLAN_MSG.skipTitle });
    await shot(page, `${width}-skip-dialog`);
    await skip.getByRole('button', { name: PLAN_MSG.skip, exact: true }).click();
    await card.getByText(`${PLAN_MSG.waiting}:`, { exact: false }).first().waitFor();
    await shot(page, `${width}-waiting`);
    expect(await outboxRows(page, 'plan')).toMatchObject([{ kind: 'plan', state: 'queued' }]);
    const stillThere = (await apiCall('GET', `/api/user/bookings/${booking.id}`, { token: customer.token })).body.visits as Visit[];
    expect(stillThere.find((v) => v.id === second.id)?.state).toBe('scheduled');

    // Back online: sent once, and the server has the visit skipped; the card shows it.
    const sends: string[] = [];
    await ctx.route('**/api/user/visits/*/skip', (route) => {
      sends.push(route.request().headers()['idempotency-key']);
      return route.continue();
    });
    await ctx.setOffline(false);
    await until(() => outboxRows(page, 'plan'), (r) => r.length === 1 && r[0].state === 'sent', 20_000, 'skip sent');
    expect(sends).toHaveLength(1);
    const after = (await apiCall('GET', `/api/user/bookings/${booking.id}`, { token: customer.token })).body.visits as Visit[];
    expect(after.find((v) => v.id === second.id)?.state).toBe('skipped');
    await card.locator('.visit-list > li').nth(1).getByText(PLAN_MSG.visitState.skipped).waitFor();

    // The plan's dialogs: each looked at, each passing axe (WCAG 2.2 AA) with the page.
    const found = await audit(page, 'My Bookings with a plan');
    await card.locator('.visit-list > li').nth(2).getByRole('button', { name: /^Move / }).click();
    const dialogs: Array<[string, string]> = [['move', PLAN_MSG.moveTitle]];
    for (const [button, title] of [[PLAN_MSG.pause, PLAN_MSG.pauseTitle], [PLAN_MSG.changeTime, PLAN_MSG.scheduleTitle], [PLAN_MSG.end, PLAN_MSG.endTitle]]) {
      dialogs.push([button, title]);
    }
    for (const [button, title] of dialogs) {
      if (button !== 'move') await card.getByRole('button', { name: button, exact: true }).click();
      const d = page.getByRole('dialog', { name: title });
      await d.waitFor();
      // Page buttons half under the open dialog read to axe as small targets; they cannot be used
      // while it is open, and the page's own audit above checks their size.
      found.push(...(await audit(page, title)).filter((v) => !v.includes('target-size')));
      await d.screenshot({ path: `/tmp/plans-${width}-dialog-${title.replace(/\W+/g, '-')}.png` });
      await d.getByRole('button', { name: PLAN_MSG.cancel }).click();
    }
    expect(found).toEqual([]);
    await ctx.close();
  });
});
