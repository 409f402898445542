// The customer's monthly statement in Chromium against the real server, at 375 and 1280 px:
// a weekly customer's last month (five cleans at £63, one skipped late with its charge, one
// skipped in time) shows the month, its lines and total; printing it (page.pdf, A4) gives one page.
// Screenshots (also 812×375) in /tmp/statements-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { addMonths, formatMonth, monthOfDay } from '@shared/statements';
import { addDays, londonDate, weekdayOf } from '@shared/visits';
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

/** Every Thursday of the month: five in the worst case, the longest weekly month. */
function thursdays(): string[] {
  let d = `${month}-01`;
  while (weekdayOf(d) !== 4) d = addDays(d, 1);
  const out: string[] = [];
  for (; monthOfDay(d) === month; d = addDays(d, 7)) out.push(d);
  return out;
}

/** A weekly customer with last month's visits in the database, as the plan's cleaner and the late-skip rule leave them. */
async function weeklyCustomer(width: number) {
  const email = uniqueEmail(`statement-${width}`);
  const token = await signUpByApi(email, 'statementpass1', 'Stella Statement');
  const me = await apiCall<{ user: { id: string; }; }>('GET', '/api/user/profile', { token });
  const plan = new mongoose.Types.ObjectId();
  const days = thursdays();
  // Five Thursdays at most, plus a move: up to 7 lines, so the test covers the longest weekly month.
  while (days.length < 5) days.push(addDays(days[days.length - 1], 1));
  const rows = days.map((day, i) => ({
    plan,
    user: new mongoose.Types.ObjectId(me.body.user.id),
    reference: 'SC-STM42',
    slot: day,
    day,
    start: new Date(londonWallTime(day, '09:00')!),
    state: i === 1 ? 'skipped' : i === 3 ? 'skipped' : 'completed',
    price_pence: 6300,
    ...(i === 1 ? { late_charge_pence: 3150 } : {}),
    version: 1,
    exception: i === 1 || i === 3,
    created_at: new Date(),
    updated_at: new Date(),
  }));
  await conn.collection('visits').insertMany(rows);
  const done = rows.filter((r) => r.state === 'completed').length;
  return { email, done, total: done * 6300 + 3150 };
}

const shot = async (page: Page, name: string, landscape = false) => {
  await page.screenshot({ path: `/tmp/statements-${name}.png`, fullPage: true });
  if (landscape) {
    const size = page.viewportSize();
    await page.setViewportSize({ width: 812, height: 375 });
    await page.screenshot({ path: `/tmp/statements-${name}-812x375.png` });
    if (size) await page.setViewportSize(size);
  }
};

const pounds = (pence: number) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', minimumFractionDigits: pence % 100 ? 2 : 0 }).format(pence / 100);

describe.each([375, 1280] as const)('statement at %i px', (width) => {
  it('shows the month with its lines and total, and prints on one A4 page', async () => {
    const { email, done, total } = await weeklyCustomer(width);
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'statementpass1');
    await page.goto(`/statements?month=${month}`);
    const sheet = page.getByRole('article');
    await sheet.getByRole('heading', { name: formatMonth(month) }).waitFor();
    const text = (await sheet.textContent()) ?? '';
    expect(text).toContain(`${done} visits done · 2 skipped · 0 cancelled`);
    expect(text).toContain('Late skip charge');
    expect(text).toContain('Not paid yet');
    expect(await sheet.locator('dd.statement__total').textContent()).toBe(pounds(total));
    expect(await page.getByLabel('Month').inputValue()).toBe(month);
    await shot(page, `${width}`, width === 375);

    const pdf = await page.pdf({ format: 'A4', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page\b/g) ?? [];
    expect(pages).toHaveLength(1);
    await page.context().close();

    // The office sees what she owes and marks the month paid with a reference.
    const admin = { email: uniqueEmail(`stm-admin-${width}`), password: 'officepass1' };
    await createStaff(admin.email, 'Otto Office', admin.password, 'admin');
    const office = await newPage(baseUrl(), width);
    await office.goto('/employee/login');
    await hydrated(office);
    await office.getByLabel('Email').fill(admin.email);
    await office.getByLabel('Password', { exact: true }).fill(admin.password);
    await office.getByRole('button', { name: 'Sign In' }).click();
    await office.waitForURL('**/office');
    await office.goto(`/office/statements?month=${month}&status=unpaid`);
    const row = office.getByRole('row').filter({ hasText: email });
    await row.waitFor();
    expect(await row.textContent()).toContain(pounds(total));
    await row.getByRole('textbox').fill(`BACS ${width}`);
    await shot(office, `office-${width}`, width === 375);
    await row.getByRole('button', { name: 'Mark paid' }).click();
    await office.getByRole('status').filter({ hasText: 'marked paid' }).waitFor();
    await office.context().close();
  });
});
