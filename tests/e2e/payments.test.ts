// Card payments in Chromium against the real server and our Stripe test server: at 375 px a customer
// adds a card on the test server's hosted page, comes back to "Visa ending 4242", and after a clean
// (and the delay, on the server's test clock) sees the charge paid with its receipt; at 1280 px the
// office refunds part of it. Screenshots in /tmp/shots-payments.
import { mkdir, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { londonDate } from '@shared/visits';
import { closeBrowser, newPage, staffSignInThroughUi } from './browser';
import { apiCall, baseUrl, createStaff, hydrated, server, uniqueEmail, waitForMail } from './support';
import { logInThroughUi, signUpByApi } from './customer-steps';

const SHOTS = '/tmp/shots-payments';
let conn: mongoose.Connection;
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));

beforeAll(async () => {
  await mkdir(SHOTS, { recursive: true });
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
});
afterAll(async () => {
  await moveServerClock(0);
  await conn?.close();
  await closeBrowser();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

describe('card payments', () => {
  it('375 px: adds a card on the hosted page, then a clean is charged with a receipt; 1280 px: the office refunds part', async () => {
    const email = uniqueEmail('payer');
    const token = await signUpByApi(email, 'paymentpass1', 'Penny Payer');
    const me = await apiCall<{ user: { id: string; }; }>('GET', '/api/user/profile', { token });
    const page = await newPage(baseUrl(), 375);
    await logInThroughUi(page, email, 'paymentpass1');
    await page.goto('/account/payments');
    await hydrated(page);
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.waitForURL(/\/c\/pay\/cs_test_/);
    await shot(page, '1-hosted-page-375');
    await page.getByLabel('Card number').selectOption('pm_card_visa');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.waitForURL(/\/account\/payments/);
    await expect.poll(() => page.getByText('Visa ending 4242').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => page.url()).not.toContain('session_id');
    await shot(page, '2-card-saved-375');

    // A clean done now (after the card was saved), priced £80: charged 24 hours later.
    const now = Date.now();
    await conn.collection('visits').insertOne({
      plan: new mongoose.Types.ObjectId(),
      user: new mongoose.Types.ObjectId(me.body.user.id),
      reference: 'SC-PAY42',
      slot: londonDate(now),
      day: londonDate(now),
      start: new Date(now - 3 * 3600_000),
      state: 'completed',
      work_submitted: true,
      submitted_at: new Date(now + 1000),
      submitted_work_hours: 2,
      price_pence: 8000,
      version: 1,
      exception: false,
      created_at: new Date(),
      updated_at: new Date(),
    });
    await moveServerClock(25 * 3600_000);
    // Files before this one on the same server moved its clock further ahead and back: the ten-minute
    // planning pass may be planned at their time. Due now, as it always is in production.
    await conn.collection('jobs').updateOne({ key: 'payments-plan', state: 'pending' }, { $set: { run_at: new Date(now + 25 * 3600_000) } });
    const receipt = await waitForMail(email, /^Receipt/, 0, 60_000);
    expect(receipt.text).toContain('Visa ending 4242');
    await page.reload();
    await hydrated(page);
    await expect.poll(() => page.getByText('Paid', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await page.getByText('Receipt', { exact: true }).click();
    await expect.poll(() => page.getByText(/Visa ending 4242/).count()).toBeGreaterThan(1);
    await shot(page, '3-charge-paid-375');

    const officeEmail = uniqueEmail('office-pay');
    await createStaff(officeEmail, 'Olive Office', 'officepass12', 'admin');
    const office = await newPage(baseUrl(), 1280);
    await staffSignInThroughUi(office, officeEmail, 'officepass12');
    await office.goto('/office/payments?state=paid');
    await hydrated(office);
    await office.getByRole('button', { name: /Refund: Penny Payer, SC-PAY42/ }).click();
    await office.getByLabel('Amount to refund (£)').fill('30.00');
    await office.getByLabel('Reason').fill('Oven not cleaned');
    await shot(office, '4-office-refund-dialog-1280');
    await office.getByRole('dialog').getByRole('button', { name: 'Refund' }).click();
    await expect.poll(() => office.getByText('£30 refunded.').count(), { timeout: 15_000 }).toBe(1);
    await office.goto('/office/payments');
    await hydrated(office);
    await expect.poll(() => office.getByText('Part refunded').count()).toBeGreaterThan(0);
    await shot(office, '5-office-part-refunded-1280');
    await waitForMail(email, /^Refund/, 0, 30_000);
  });
});
