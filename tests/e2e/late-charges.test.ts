// A late skip in My Bookings, at a phone's and a desktop's width: a weekly plan whose
// first visit is a few hours ahead (so its change cut-off, 18:00 the day before, has passed on both
// clocks, nothing moved). Skip shows the charge first — "Skipping this visit now costs £X (50 % of its
// price)" with Confirm and pay / Keep; Keep changes nothing; confirmed, the server has the visit skipped
// with the charge and the card shows it.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CHARGE_MSG } from '@shared/messages-charges';
import { PLAN_MSG } from '@shared/messages-plans';
import { lateChargeOf } from '@shared/pricing';
import { londonDateAndTime } from '@shared/when';
import { apiCall, baseUrl } from './support';
import { closeBrowser, newContext } from './browser';
import { employeeAccount, signedInPage, signUpCustomer } from './offline-support';

afterAll(closeBrowser);

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/late-charges-${name}.png`, fullPage: true });
type Visit = { id: string; start: string; state: string; price_pence: number | null; late_charge_pence?: number; };

/** A London wall time about three hours ahead, on a 5-minute step: its cut-off (the day before, 18:00) is always past. */
function soon(): string {
  const at = londonDateAndTime(Date.now() + 3 * 3600_000 - ((Date.now() + 3 * 3600_000) % 300_000))!;
  return `${at.date}T${at.time}`;
}

describe.each([375, 1280] as const)('a late skip at %i px', (width) => {
  it('shows the charge before confirming; Keep changes nothing; confirmed, the visit shows the charge', async () => {
    const customer = await signUpCustomer(`late${width}`);
    const cleaner = await employeeAccount(`latecleaner${width}`);
    const made = await apiCall<{ booking: { id: string; }; }>('POST', '/api/user/bookings', {
      token: customer.token,
      json: {
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '2',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No, this is my first time',
        bestDays: soon(),
        supplies: 'Please bring supplies and equipment',
        hiringLikelihood: 'Ready to book now',
        postcode: 'SW1A1AA',
        address: '1 Late Street, London',
        start_within_14_days: true,
      },
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const bookingId = made.body.booking.id;
    expect((await apiCall('POST', `/api/employee/bookings/${bookingId}/accept`, { token: cleaner.token })).status).toBe(200);
    const plan = (await apiCall('GET', `/api/user/bookings/${bookingId}`, { token: customer.token })).body as { visits: Visit[]; late_charge_percent: number; };
    const first = plan.visits[0];
    expect(first.price_pence).toBeGreaterThan(0);
    const charge = lateChargeOf(first.price_pence, plan.late_charge_percent);

    const ctx = await newContext(baseUrl(), width);
    const page = await signedInPage(ctx, customer);
    await page.goto('/orders');
    const card = page.locator('.plan-card');
    const row = card.locator('.visit-list > li').first();
    await row.getByRole('button', { name: /^Skip / }).waitFor();
    // The card says a change now costs, instead of only "call the office".
    await row.getByText(CHARGE_MSG.lateTitle).waitFor();

    await row.getByRole('button', { name: /^Skip / }).click();
    const dialog = page.getByRole('dialog', { name: PLAN_MSG.skipTitle });
    await dialog.getByText(CHARGE_MSG.skipCosts(charge, plan.late_charge_percent)).waitFor();
    await shot(page, `${width}-ask`);
    if (width === 375) {
      await page.setViewportSize({ width: 812, height: 375 });
      await shot(page, '812x375-ask');
      await page.setViewportSize({ width: 375, height: 812 });
    }
    await dialog.getByRole('button', { name: CHARGE_MSG.keep }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(((await apiCall('GET', `/api/user/bookings/${bookingId}`, { token: customer.token })).body.visits as Visit[])[0].state).toBe('scheduled');

    await row.getByRole('button', { name: /^Skip / }).click();
    await dialog.getByRole('button', { name: CHARGE_MSG.confirmCharge(charge) }).click();
    await row.getByText(CHARGE_MSG.visitCharged(charge)).waitFor();
    await row.getByText(PLAN_MSG.visitState.skipped).waitFor();
    await shot(page, `${width}-charged`);
    const after = ((await apiCall('GET', `/api/user/bookings/${bookingId}`, { token: customer.token })).body.visits as Visit[])[0];
    expect(after).toMatchObject({ id: first.id, state: 'skipped', late_charge_pence: charge });
    await ctx.close();
  });
});
