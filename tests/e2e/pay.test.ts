// A cleaner's pay in Chromium against the real server: the Earnings screen at 375 px online and, after
// an offline reload, the same figures "as of" when they were seen; the office's pay page at 1280 px with
// a cleaner under the minimum wage flagged, then topped up. Screenshots in /tmp/shots-pay/.
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { minimumRateFor } from '@shared/minimum-wage';
import { PAY_MSG } from '@shared/messages-pay';
import { PAY_SETTINGS_DEFAULTS, periodContaining } from '@shared/pay-periods';
import { londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { closeBrowser, newContext, staffSignInThroughUi } from './browser';
import { waitForServiceWorker } from './offline-support';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';

let conn: mongoose.Connection;
const cleaner = { email: uniqueEmail('pay.cleaner'), name: 'Petra Payslip', password: 'paypass12' };
const admin = { email: uniqueEmail('pay.admin'), name: 'Owen Office', password: 'paypass12' };
let cleanerId = '';
const RATE = 1000;
const today = londonDate(Date.now());
// Two approved visits today, 2 h each, 30 minutes between: 4 h worked and 0.5 h travel at £10.00.
const PAY = 4.5 * RATE;
const SHORT = Math.round(270 * minimumRateFor({}, periodContaining(PAY_SETTINGS_DEFAULTS, today).from).pence / 60) - PAY;

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/shots-pay/${name}.png`, fullPage: true });

beforeAll(async () => {
  mkdirSync('/tmp/shots-pay', { recursive: true });
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
  cleanerId = (JSON.parse(await createStaff(cleaner.email, cleaner.name, cleaner.password)) as { id: string; }).id;
  await createStaff(admin.email, admin.name, admin.password, 'admin');
  const adminToken = (await apiCall('POST', '/api/auth/employee/login', { json: { email: admin.email, password: admin.password } })).body.token;
  expect((await apiCall('PATCH', `/api/admin/staff/${cleanerId}`, { token: adminToken, json: { pay_rate_pence: RATE } })).status).toBe(200);
  const visit = (time: string) => ({
    plan: new mongoose.Types.ObjectId(),
    user: new mongoose.Types.ObjectId(),
    reference: 'SC-PAY01',
    slot: today,
    day: today,
    start: new Date(londonWallTime(today, time)!),
    employee: new mongoose.Types.ObjectId(cleanerId),
    state: 'completed',
    on_booking: false,
    work_submitted: true,
    submitted_work_hours: 2,
    submitted_at: new Date(),
    timesheet_status: 'approved',
    approved_at: new Date(),
    version: 1,
    created_at: new Date(),
    updated_at: new Date(),
  });
  await conn.collection('visits').insertMany([visit('09:00'), visit('11:30')]);
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

describe('a cleaner’s pay', () => {
  it('Earnings at 375 px, online and offline', async () => {
    // The offline reload is served by the service worker; the office's page below is online only.
    const ctx = await newContext(baseUrl(), 375, 'allow');
    const page = await ctx.newPage();
    await staffSignInThroughUi(page, cleaner.email, cleaner.password);
    await page.goto('/employee/earnings');
    await page.getByRole('heading', { name: PAY_MSG.earningsTitle, level: 1 }).waitFor();
    await expect(page.getByTestId('earnings-pay').textContent()).resolves.toBe(PAY_MSG.pounds(PAY));
    await page.getByText('Travel', { exact: true }).first().waitFor();
    await waitForServiceWorker(page);
    await page.getByTestId('earnings-pay').waitFor();
    await shot(page, 'earnings-375-online');

    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(/You are offline — showing saved content/).first().waitFor({ timeout: 20_000 });
    await page.getByTestId('earnings-as-of').getByText(/^Offline: figures as of /).waitFor();
    await expect(page.getByTestId('earnings-pay').textContent()).resolves.toBe(PAY_MSG.pounds(PAY));
    await shot(page, 'earnings-375-offline');
    await ctx.close();
  });

  it('the office’s pay page at 1280 px flags the shortfall and tops it up', async () => {
    expect(SHORT).toBeGreaterThan(0);
    const ctx = await newContext(baseUrl(), 1280);
    const page = await ctx.newPage();
    await staffSignInThroughUi(page, admin.email, admin.password);
    await page.goto('/office/pay');
    const row = page.getByTestId(`pay-row-${cleanerId}`);
    await row.getByText(PAY_MSG.belowMinimum(SHORT)).waitFor();
    await shot(page, 'office-pay-1280-short');
    await row.getByRole('button', { name: new RegExp(`^${PAY_MSG.topUpTo(SHORT).replace(/[.£]/g, '\\$&')}`) }).click();
    await row.getByText(PAY_MSG.atOrAboveMinimum).waitFor();
    await page.getByText(PAY_MSG.topUpSaved(cleaner.name, SHORT)).waitFor();
    await row.getByText(PAY_MSG.toolsSummary).click();
    await row.getByLabel(PAY_MSG.dobLabel, { exact: true }).waitFor();
    await shot(page, 'office-pay-1280-topped-up');
    await ctx.close();
  });
});
