// Pay, lockout and statement screens in a real browser at 375 (and 812×375) and 1280 px: Available shows the
// cleaner's pay on a new plan and on a cover job; the "Couldn't get in" dialog is modal in Chromium (the
// app behind it inert, focus in, trapped, and back on its button after Escape); the customer's statement
// and the office's statements and data requests, drawn by the shared shells. Screenshots: /tmp/loose-*.png.
import { writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHARGE_MSG as C } from '@shared/messages-charges';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import { estimateHours } from '@shared/duration';
import { payPence } from '@shared/pay';
import { formatWhen, londonWallTime } from '@shared/when';
import { addDays, londonDate } from '@shared/visits';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { closeBrowser, newContext, screenshots, staffSignInThroughUi } from './browser';
import { signedInPage, signUpCustomer } from './offline-support';

afterAll(closeBrowser);
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
afterEach(() => moveServerClock(0));

const RATE = 1275;
const admin = { email: uniqueEmail('loose-admin'), password: 'officepass1' };
let adminToken = '';
const login = async (email: string, password: string) =>
  (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email, password } })).body.token;
beforeAll(async () => {
  await createStaff(admin.email, 'Ada Admin', admin.password, 'admin');
  adminToken = await login(admin.email, admin.password);
});

const booking = (bestDays: string) => ({
  propertyType: 'House',
  frequency: 'Weekly',
  bedrooms: '3',
  bathrooms: '2',
  receptions: '1',
  cleaningType: 'Standard',
  hasCleaner: 'No, this is my first time',
  bestDays,
  supplies: 'Not sure yet',
  hiringLikelihood: 'Ready to book now',
  postcode: 'N17GU',
  address: '12 Loose Row, London',
  start_within_14_days: true,
});

describe.each([375, 1280] as const)('at %i px', (width) => {
  it('pay on available jobs; the lockout dialog is modal; the statements and data-request pages', async () => {
    const landscape = width === 375;
    const customer = await signUpCustomer(`loose-${width}`);
    const tomorrow = addDays(londonDate(Date.now()), 1);
    const start = londonWallTime(tomorrow, '10:00')!;
    const mine = await apiCall('POST', '/api/user/bookings', { token: customer.token, json: booking(`${tomorrow}T10:00`) });
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);
    const open = await apiCall('POST', '/api/user/bookings', { token: customer.token, json: booking(`${addDays(tomorrow, 3)}T09:00`) });
    expect(open.status).toBe(201);
    const cleaner = { email: uniqueEmail(`loose-cleaner-${width}`), password: 'cleanpass1' };
    await createStaff(cleaner.email, 'Cora Cleaner', cleaner.password);
    const token = await login(cleaner.email, cleaner.password);
    const me = (await apiCall('GET', '/api/employee/profile', { token })).body.employee;
    expect((await apiCall('PATCH', `/api/admin/staff/${me.id}`, { token: adminToken, json: { pay_rate_pence: RATE } })).status).toBe(200);
    expect((await apiCall('POST', `/api/employee/bookings/${mine.body.booking.id}/accept`, { token })).status).toBe(200);
    // A visit a week on given up: a cover job on Available.
    const visits = (await apiCall('GET', `/api/user/bookings/${mine.body.booking.id}`, { token: customer.token })).body.visits as Array<{ id: string; }>;
    expect((await apiCall('POST', `/api/employee/visits/${visits[1].id}/release`, { token })).status).toBe(200);

    const ctx = await newContext(baseUrl(), width);
    const portal = await ctx.newPage();
    await staffSignInThroughUi(portal, cleaner.email, cleaner.password);
    await portal.goto('/employee/available-bookings');
    // The job's one duration (the plan's expected hours: the quote's for this home) × the cleaner's rate.
    const listed = (await apiCall('GET', '/api/employee/available-bookings?limit=100', { token })).body.bookings as Array<
      { reference: string; expected_hours: number; }
    >;
    const hours = listed.find((b) => b.reference === open.body.booking.reference)!.expected_hours;
    expect(hours).toBeGreaterThanOrEqual(estimateHours('3', '2'));
    const pay = PAYROLL_MSG.payForJob(payPence(hours, RATE)!);
    await portal.locator('.emp-booking').filter({ hasText: open.body.booking.reference }).getByText(pay).waitFor();
    await portal.locator('.visit-card--cover').first().getByText(/^Pay £/).waitFor();
    await screenshots(portal, `loose-available-${width}`, { landscape });

    // The visit's time has come (server and browser): "Couldn't get in" opens a modal dialog.
    const offset = start + 15 * 60_000 - Date.now();
    await moveServerClock(offset);
    await portal.clock.setFixedTime(new Date(Date.now() + offset));
    await portal.goto('/employee/my-visits');
    const opener = portal.getByRole('button', { name: C.lockoutFor('Olive Offline', formatWhen(start, start)) });
    await opener.click();
    const dialog = portal.getByRole('dialog', { name: C.lockoutTitle });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await portal.locator('#root').getAttribute('inert')).toBe('');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    // Tab never leaves it.
    for (let i = 0; i < 6; i++) {
      await portal.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    // The page behind cannot be clicked either.
    expect(
      await portal.evaluate(() =>
        document.elementFromPoint(5, 5)?.closest('[inert]') !== null || document.elementFromPoint(5, 5)?.closest('.modal-backdrop') !== null
      ),
    ).toBe(true);
    await screenshots(portal, `loose-lockout-${width}`, { landscape });
    await portal.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await portal.locator('#root').getAttribute('inert')).toBeNull();
    expect(await opener.evaluate((b) => b === document.activeElement)).toBe(true);
    await ctx.close();
    await moveServerClock(0);

    const cctx = await newContext(baseUrl(), width);
    const page = await signedInPage(cctx, customer);
    await page.goto('/statements');
    await page.locator('.statement__table thead th.num').waitFor();
    await screenshots(page, `loose-statement-${width}`, { landscape });
    await cctx.close();

    const octx = await newContext(baseUrl(), width);
    const office = await octx.newPage();
    await staffSignInThroughUi(office, admin.email, admin.password);
    await office.goto('/office/statements');
    await office.getByRole('heading', { level: 1 }).waitFor();
    await office.locator('.ofc-table, .muted').first().waitFor();
    await screenshots(office, `loose-office-statements-${width}`, { landscape });
    await office.goto('/office/data-requests');
    await office.getByRole('heading', { level: 1 }).waitFor();
    await office.locator('.ofc-table, p.muted').last().waitFor();
    await screenshots(office, `loose-data-requests-${width}`, { landscape });
    await octx.close();
  });
});
