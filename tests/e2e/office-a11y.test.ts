// Accessibility sweep of the office (WCAG 2.2 AA, axe-core) at 375 and 1280 px: home with its figures,
// the bookings board, a booking with the assign control in use, customers and one customer, the team
// with the invite form showing its errors and a person's history open, the inbox and one item,
// timesheets with a query being written, and the audit log. Any violation fails, listed with its nodes.
// The main screens also fit a phone upright, a phone on its side and a desktop with no sideways scroll
// (set OFFICE_SHOTS_DIR to keep a PNG of each for the eye).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { audit } from './axe';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { closeBrowser, getBrowser, newPage, serviceWorkerMode } from './browser';
import { signUpCustomer } from './offline-support';

let conn: mongoose.Connection;
const admin = { email: uniqueEmail('a11y-office'), name: 'Ava Audit', password: 'auditpass1' };
const cleaner = { email: uniqueEmail('a11y-cleaner'), name: 'Cleo Cleaner', password: 'cleanpass1' };
const ids = { booking: '', customer: '', contact: '', cleaner: '' };
let token = '';

beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
  await createStaff(admin.email, admin.name, admin.password, 'super-admin');
  await createStaff(cleaner.email, cleaner.name, cleaner.password);
  const cleanerId = (await conn.collection('employees').findOne({ email: cleaner.email }))!._id;
  ids.cleaner = String(cleanerId);
  token = (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email: admin.email, password: admin.password } })).body.token;

  // A customer with a waiting request, a cleaner's submitted hours, and a contact message the office handled.
  const customer = await signUpCustomer('a11y-office');
  ids.customer = customer.user.id;
  const booked = await apiCall<{ booking: { id: string; }; }>('POST', '/api/user/bookings', {
    token: customer.token,
    json: {
      propertyType: 'House',
      frequency: 'Weekly',
      bedrooms: '2',
      bathrooms: '1',
      receptions: '1',
      cleaningType: 'Standard',
      hasCleaner: 'I had one in the past',
      bestDays: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16),
      start_within_14_days: true,
      supplies: 'I provide supplies, you bring equipment',
      hiringLikelihood: 'Within a week',
      postcode: 'N17GU',
    },
  });
  expect(booked.status).toBe(201);
  ids.booking = booked.body.booking.id;
  const when = new Date(Date.now() - 3 * 3600_000);
  await conn.collection('bookings').insertOne({
    user: new mongoose.Types.ObjectId(ids.customer),
    propertyType: 'Flat',
    frequency: 'Weekly',
    bedrooms: '1',
    bathrooms: '1',
    receptions: '1',
    cleaningType: 'Standard',
    hasCleaner: 'No',
    bestDays: when.toISOString().slice(0, 16),
    scheduledAt: when,
    supplies: 'Customer',
    hiringLikelihood: 'Now',
    postcode: 'BS14ST',
    status: 'completed',
    accepted_by: cleanerId,
    accepted_at: new Date(Date.now() - 86_400_000),
    declined_by: [],
    work_submitted: true,
    submitted_work_hours: 2.5,
    completion_notes: 'Kitchen and bathroom',
    submitted_at: new Date(),
    timesheet_status: 'submitted',
    created_at: new Date(Date.now() - 2 * 86_400_000),
    updated_at: new Date(),
  });
  const contactEmail = uniqueEmail('a11y-contact');
  expect((await apiCall('POST', '/api/contact', { json: { name: 'Connie Contact', email: contactEmail, message: 'Do you clean windows?' } })).status).toBe(201);
  ids.contact = String((await conn.collection('contactmessages').findOne({ email: contactEmail }))!._id);
  expect((await apiCall('PATCH', `/api/admin/staff/${ids.cleaner}`, { token, json: { area_serves: 'North London', phone: '07700 900456' } })).status).toBe(200);
  expect((await apiCall('PATCH', `/api/admin/inbox/contact/${ids.contact}`, { token, json: { note: 'Called back' } })).status).toBe(200);
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/** Opens an office screen once its data has arrived (its heading shows and no spinner is left). */
async function open(page: Page, route: string, what?: string) {
  await page.goto(route);
  await page.getByRole('heading', { level: 1 }).waitFor();
  await page.locator('.spinner').waitFor({ state: 'detached' }).catch(() => undefined);
  if (what) await page.locator(what).first().waitFor();
}

describe.each([375, 1280] as const)('office accessibility at %i px (axe-core, WCAG 2.2 AA)', (width) => {
  it('every office screen and state', async () => {
    const page = await newPage(baseUrl(), width);
    const found: string[] = [];
    await page.goto('/employee/forgot-password');
    await page.evaluate((t) => localStorage.setItem('employeeToken', t), token);

    await open(page, '/office', '.ofc-figure');
    await page.getByRole('img', { name: /Requests per week/ }).waitFor();
    found.push(...(await audit(page, `/office (${width})`)));
    await open(page, '/office/bookings', '.ofc-table tbody tr');
    found.push(...(await audit(page, `/office/bookings (${width})`)));
    await open(page, `/office/bookings/${ids.booking}`);
    await page.getByLabel('Assign to').selectOption({ label: `${cleaner.name} (employee)` });
    found.push(...(await audit(page, `booking detail, assign control in use (${width})`)));
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await audit(page, `booking detail, cancel without a reason (${width})`)));
    // With a reason the office is asked first (the customer is mailed at once); stepping back changes nothing.
    await page.getByLabel('Reason for cancelling (sent to the customer)').fill('Checking the question');
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const ask = page.getByRole('dialog', { name: 'Cancel booking' });
    await ask.getByText(/will be e-mailed at once/).waitFor();
    found.push(...(await audit(page, `booking detail, cancel confirmation (${width})`)));
    await ask.getByRole('button', { name: 'Cancel', exact: true }).click();
    await ask.waitFor({ state: 'detached' });
    expect((await conn.collection('bookings').findOne({ _id: new mongoose.Types.ObjectId(ids.booking) }))?.status).not.toBe('rejected');
    await open(page, '/office/customers', '.ofc-table tbody tr');
    found.push(...(await audit(page, `/office/customers (${width})`)));
    await open(page, `/office/customers/${ids.customer}`, '.ofc-history li');
    found.push(...(await audit(page, `customer detail (${width})`)));

    await open(page, '/office/team', '.ofc-table tbody tr');
    await page.getByRole('searchbox', { name: 'Search' }).fill(cleaner.email);
    await page.getByRole('cell', { name: cleaner.email }).waitFor();
    await page.getByRole('button', { name: 'Send invitation', exact: true }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    await page.getByRole('button', { name: `History of ${cleaner.name}` }).click();
    await page.locator('.ofc-person').waitFor();
    await page.evaluate(() => window.scrollTo(0, 0));
    found.push(...(await audit(page, `/office/team, invite errors and a person's history (${width})`)));

    await open(page, '/office/inbox', '.ofc-table tbody tr, .ofc-inbox li');
    found.push(...(await audit(page, `/office/inbox (${width})`)));
    await open(page, `/office/inbox/contact/${ids.contact}`);
    // The item's history, in words (the audit entry inbox.note).
    await page.getByText('Note changed').first().waitFor();
    found.push(...(await audit(page, `inbox item (${width})`)));
    await open(page, `/office/timesheets?employee=${ids.cleaner}`, '.ofc-table tbody tr');
    await page.getByRole('button', { name: new RegExp(`Query the hours of ${cleaner.name}`) }).first().click();
    await page.getByLabel(`Message to ${cleaner.name}`).first().waitFor();
    found.push(...(await audit(page, `/office/timesheets, a query being written (${width})`)));
    await open(page, '/office/audit', '.ofc-history li');
    found.push(...(await audit(page, `/office/audit (${width})`)));
    await open(page, '/office/settings', 'form.ofc-settings');
    found.push(...(await audit(page, `/office/settings (${width})`)));
    expect(found).toEqual([]);
    await page.context().close();
  });
});

describe('office screens fit every width', () => {
  it('home, board, a booking, team with a person open and timesheets: no sideways scroll at 375, 812×375 and 1280', async () => {
    const dir = process.env.OFFICE_SHOTS_DIR;
    if (dir) await mkdir(dir, { recursive: true });
    const overflow: string[] = [];
    for (const [width, height] of [[375, 812], [812, 375], [1280, 900]] as const) {
      const ctx = await (await getBrowser()).newContext({ baseURL: baseUrl(), viewport: { width, height }, serviceWorkers: serviceWorkerMode() });
      const page = await ctx.newPage();
      await page.goto('/employee/forgot-password');
      await page.evaluate((t) => localStorage.setItem('employeeToken', t), token);
      const screens: Array<[string, () => Promise<void>]> = [
        ['home', () => open(page, '/office', '.ofc-figure')],
        ['bookings', () => open(page, '/office/bookings', '.ofc-table tbody tr')],
        ['booking', () => open(page, `/office/bookings/${ids.booking}`, '.ofc-history li')],
        [
          'team-person',
          async () => {
            await open(page, '/office/team', '.ofc-table tbody tr');
            await page.getByRole('searchbox', { name: 'Search' }).fill(cleaner.email);
            await page.getByRole('button', { name: `History of ${cleaner.name}` }).click();
            await page.locator('.ofc-person .ofc-history li, .ofc-person p').first().waitFor();
          },
        ],
        ['timesheets', () => open(page, `/office/timesheets?employee=${ids.cleaner}`, '.ofc-table tbody tr')],
        ['settings', () => open(page, '/office/settings', 'form.ofc-settings')],
      ];
      for (const [name, show] of screens) {
        await show();
        const extra = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
        if (extra > 0) overflow.push(`${name} at ${width}×${height}: ${extra} px too wide`);
        if (dir) await page.screenshot({ path: path.join(dir, `${name}-${width}x${height}.png`), fullPage: true });
      }
      await ctx.close();
    }
    expect(overflow).toEqual([]);
  });
});
