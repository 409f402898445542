// The books in Chromium against the real server: the office imports its bank's CSV at 1280 px, sees two
// credits matched (one by the statement's reference, one by the only equal open balance) and one waiting
// (two customers owe that amount), matches it to the right customer, and her statement reads "Paid" at
// 375 px. Screenshots in /tmp/books-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { addMonths, monthOfDay } from '@shared/statements';
import { londonDate } from '@shared/visits';
import { londonWallTime } from '@shared/when';
import { closeBrowser, newPage } from './browser';
import { apiCall, baseUrl, createStaff, hydrated, server, uniqueEmail } from './support';
import { logInThroughUi, signUpByApi } from './customer-steps';

let conn: mongoose.Connection;
const month = addMonths(monthOfDay(londonDate(Date.now())), -1);

beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/** A customer with one clean done last month at `price` pence. */
async function customerOwing(name: string, price: number) {
  const email = uniqueEmail(`books-${name.split(' ')[0].toLowerCase()}`);
  const token = await signUpByApi(email, 'bookspass12', name);
  const me = await apiCall<{ user: { id: string; }; }>('GET', '/api/user/profile', { token });
  const day = `${month}-12`;
  await conn.collection('visits').insertOne({
    plan: new mongoose.Types.ObjectId(),
    user: new mongoose.Types.ObjectId(me.body.user.id),
    reference: 'SC-BOOKS',
    slot: day,
    day,
    start: new Date(londonWallTime(day, '09:00')!),
    state: 'completed',
    price_pence: price,
    version: 1,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const statement = await apiCall<{ reference: string; }>('GET', `/api/user/statements?month=${month}`, { token });
  return { email, name, token, reference: statement.body.reference };
}

const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth === document.documentElement.clientWidth);

describe('the books', () => {
  it('imports a bank statement, matches the waiting credit, and the statement reads Paid', async () => {
    const stamp = Date.now() % 90 + 10;
    const alice = await customerOwing('Alice Reference', 6_300);
    const bob = await customerOwing('Bob Balance', 7_700 + stamp);
    const carl = await customerOwing(`Carl Transfer ${stamp}`, 5_100 + stamp);
    await customerOwing('Dora Same', 5_100 + stamp);
    const pounds = (p: number) => `${Math.floor(p / 100)}.${String(p % 100).padStart(2, '0')}`;
    const csv = [
      'Date,Description,Amount',
      `05/${month.slice(5)}/${month.slice(0, 4)},"A REFERENCE ${alice.reference}",63.00`,
      `06/${month.slice(5)}/${month.slice(0, 4)},"B BALANCE NOV",${pounds(7_700 + stamp)}`,
      `07/${month.slice(5)}/${month.slice(0, 4)},"C WAITING THANKS",${pounds(5_100 + stamp)}`,
    ].join('\n');

    const admin = { email: uniqueEmail('books-admin'), password: 'officepass1' };
    await createStaff(admin.email, 'Olga Office', admin.password, 'admin');
    const office = await newPage(baseUrl(), 1280);
    await office.goto('/employee/login');
    await hydrated(office);
    await office.getByLabel('Email').fill(admin.email);
    await office.getByLabel('Password', { exact: true }).fill(admin.password);
    await office.getByRole('button', { name: 'Sign In' }).click();
    await office.waitForURL('**/office');
    await office.goto('/office/payments/import');
    await office.getByLabel('Bank statement (CSV, up to 5 MB)').setInputFiles({ name: 'statement.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await office.getByRole('button', { name: 'Import' }).click();
    await office.getByRole('status').filter({ hasText: '3 credits read, 2 matched.' }).waitFor();
    await office.getByText('2 matched · 1 waiting').waitFor();
    const waiting = office.getByRole('row').filter({ hasText: 'C WAITING THANKS' });
    expect(await waiting.textContent()).toContain('Waiting');
    await waiting.getByRole('searchbox').fill(carl.name);
    await waiting.getByRole('button', { name: `Match to ${carl.name} (${carl.email})` }).click();
    await office.getByRole('status').filter({ hasText: 'Matched.' }).waitFor();
    await office.getByRole('row').filter({ hasText: 'C WAITING THANKS' }).filter({ hasText: 'Matched' }).waitFor();
    expect(await noSideways(office)).toBe(true);
    await office.screenshot({ path: '/tmp/books-office-1280.png', fullPage: true });
    await office.context().close();

    expect((await apiCall<{ owed_pence: number; }>('GET', '/api/user/balance', { token: bob.token })).body.owed_pence).toBe(0);
    const page = await newPage(baseUrl(), 375);
    await logInThroughUi(page, carl.email, 'bookspass12');
    await page.goto(`/statements?month=${month}`);
    const sheet = page.getByRole('article');
    await sheet.locator('.statement__paid').waitFor();
    expect(await sheet.locator('.statement__paid').textContent()).toContain('Paid');
    expect(await noSideways(page)).toBe(true);
    await page.screenshot({ path: '/tmp/books-statement-375.png', fullPage: true });
    await page.context().close();
  });
});
