// In the browser at 375 and 1280 px, with the
// landscape phone (812×375) where it mattered: the office audit in words, the inbox badge counting
// unopened items, a cleaner's pay rate and the totals export, the wizard's counter and Back/Continue
// in sight at 812×375, the blog tools unclipped, the calendar address on both profiles.
// Screenshots go to OFFICE_SHOTS_DIR when set.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CALENDAR_MSG } from '@shared/messages-calendar';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import { apiCall, baseUrl, createStaff, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { logInThroughUi, signUpByApi } from './customer-steps';

afterAll(closeBrowser);

async function shot(page: Page, name: string) {
  const dir = process.env.OFFICE_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  const { width = 0, height = 0 } = page.viewportSize() ?? {};
  await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`) });
}

async function signInStaff(page: Page, email: string, password: string, lands?: string) {
  await page.goto('/employee/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  if (lands) await page.waitForURL(`**${lands}`);
  else await page.getByRole('heading', { name: 'Dashboard' }).waitFor();
}

describe.each([375, 1280] as const)('office audit, pay rates and calendar card at %i px', (width) => {
  it('office: audit in words, badge of unopened items, pay rate, totals export', async () => {
    const admin = { email: uniqueEmail('i25.owner'), password: 'ownerpass1' };
    await createStaff(admin.email, 'Olive Owner', admin.password, 'super-admin');
    const cleanerEmail = uniqueEmail('i25.cleaner');
    // One name per width: both runs share the database.
    const cara = `Cara Cleaner-${width}`;
    await createStaff(cleanerEmail, cara, 'cleanerpass1');
    const adminToken = (await apiCall('POST', '/api/auth/employee/login', { json: admin })).body.token as string;
    const cleanerId = (await apiCall('GET', `/api/admin/staff?q=${encodeURIComponent(cleanerEmail)}`, { token: adminToken })).body.staff[0].id as string;
    const customerToken = await signUpByApi(uniqueEmail('i25.customer'), 'custpass1');
    const booking = await apiCall('POST', '/api/user/bookings', {
      token: customerToken,
      json: {
        propertyType: 'House',
        frequency: 'One-time',
        bedrooms: '2',
        bathrooms: '1',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'No, this is my first time',
        bestDays: new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10) + 'T10:00',
        supplies: 'Not sure yet',
        hiringLikelihood: 'Ready to book now',
        postcode: 'N17GU',
        start_within_14_days: true,
      },
    });
    const id = booking.body.bookingId as string;
    expect((await apiCall('POST', `/api/admin/bookings/${id}/assign`, { token: adminToken, json: { employeeId: cleanerId } })).status).toBe(200);
    expect((await apiCall('POST', `/api/admin/bookings/${id}/unassign`, { token: adminToken })).status).toBe(200);
    await apiCall('POST', '/api/contact', { json: { name: 'Una Unopened', email: 'una@example.com', message: 'Do you clean ovens?' } });

    const page = await newPage(baseUrl(), width);
    await signInStaff(page, admin.email, admin.password, '/office');
    await page.goto('/office/audit');
    await page.getByText(`Returned to available: was ${cara}`).first().waitFor();
    expect(await page.getByText(cleanerId).count()).toBe(0);
    await shot(page, 'office-audit');

    // The badge counts what nobody has opened; opening one takes it off.
    const unopened = (await apiCall('GET', '/api/admin/inbox?status=new&limit=1', { token: adminToken })).body.counts.unopened as number;
    expect(unopened).toBeGreaterThan(0);
    await page.goto('/office/inbox');
    const badge = page.locator('.ofc-nav__count').first();
    if (width === 1280) await expect(badge.textContent()).resolves.toContain(String(unopened));
    await page.getByRole('link', { name: /Una Unopened/ }).first().click();
    await page.getByText('Do you clean ovens?').first().waitFor();
    await expect.poll(async () => (await apiCall('GET', '/api/admin/inbox?status=new&limit=1', { token: adminToken })).body.counts.unopened).toBe(unopened - 1);

    await page.goto('/office/team');
    const rate = page.getByLabel(`${PAYROLL_MSG.payRateLabel}: ${cara}`);
    await rate.fill('12.50');
    await rate.locator('xpath=..').getByRole('button', { name: PAYROLL_MSG.payRateSave }).click();
    await page.getByText(PAYROLL_MSG.payRateSaved(cara)).waitFor();
    expect((await apiCall('GET', `/api/admin/staff/${cleanerId}`, { token: adminToken })).body.staff.pay_rate_pence).toBe(1250);
    await shot(page, 'office-team');
    await page.goto('/office/timesheets');
    await page.getByRole('button', { name: PAYROLL_MSG.exportTotals }).waitFor();
    await shot(page, 'office-timesheets');
    await page.context().close();
  });

  it('profiles show the private calendar address with Copy and Make a new address', async () => {
    const email = uniqueEmail('i25.cal');
    await signUpByApi(email, 'custpass1', 'Casey Calendar');
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'custpass1');
    await page.goto('/profile');
    const address = page.getByLabel(CALENDAR_MSG.addressLabel);
    await address.waitFor();
    const before = await address.inputValue();
    expect(before).toMatch(/^webcal:\/\/.+\/calendar\/[\w-]{43}\.ics$/);
    await address.scrollIntoViewIfNeeded();
    await shot(page, 'customer-calendar');
    await page.getByRole('button', { name: CALENDAR_MSG.rotate }).click();
    await page.getByRole('dialog').getByRole('button', { name: CALENDAR_MSG.rotate }).click();
    await page.getByText(CALENDAR_MSG.rotated).waitFor();
    expect(await address.inputValue()).not.toBe(before);
    expect((await fetch(`${baseUrl()}${new URL(before.replace('webcal:', 'http:')).pathname}`)).status).toBe(404);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    const staff = { email: uniqueEmail('i25.calstaff'), password: 'staffpass1' };
    await createStaff(staff.email, 'Sol Staff', staff.password);
    await signInStaff(page, staff.email, staff.password);
    await page.goto('/employee/profile');
    await page.getByLabel(CALENDAR_MSG.addressLabel).waitFor();
    await page.getByLabel(CALENDAR_MSG.addressLabel).scrollIntoViewIfNeeded();
    await shot(page, 'employee-calendar');
    await page.context().close();
  });
});

describe('at 812×375 (a phone on its side)', () => {
  it("the wizard keeps its step counter and Back/Continue in sight; the blog tools aren't cut", async () => {
    const page = await newPage(baseUrl(), 1280);
    await page.setViewportSize({ width: 812, height: 375 });
    await page.goto('/');
    await page.getByLabel('Your postcode').first().fill('N1 7GU');
    await page.getByRole('button', { name: 'Get Started' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Book a cleaning' });
    await dialog.getByText('Step 1 of 12').waitFor();
    await dialog.getByLabel('Address').fill('1 High Street');
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await dialog.getByText('Step 2 of 12').waitFor();
    const inView = async (name: string) => {
      const box = (await dialog.getByRole('button', { name }).boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 375;
    };
    expect(await inView('Continue')).toBe(true);
    expect(await inView('Back')).toBe(true);
    // Scrolled to the last option, the counter is still shown at the top.
    await dialog.getByRole('radio').last().scrollIntoViewIfNeeded();
    const count = (await dialog.getByText('Step 2 of 12').boundingBox())!;
    expect(count.y).toBeGreaterThanOrEqual(0);
    expect(count.y + count.height).toBeLessThanOrEqual(375);
    expect(await inView('Continue')).toBe(true);
    await shot(page, 'wizard');

    const staff = { email: uniqueEmail('i25.blog'), password: 'staffpass1' };
    await createStaff(staff.email, 'Bea Blogger', staff.password);
    await signInStaff(page, staff.email, staff.password);
    await page.goto('/employee/blog');
    const tools = (await page.locator('.emp-blog-tools').boundingBox())!;
    for (const label of ['Search', 'Sort']) {
      const box = (await page.getByLabel(label, { exact: true }).boundingBox())!;
      expect(box.x + box.width, label).toBeLessThanOrEqual(tools.x + tools.width);
    }
    await shot(page, 'employee-blog');
    await page.context().close();
  });
});
