// The office, part 2, in Chromium against the real server, at 375 px and 1280 px: an applicant sends a
// CV through /career, an admin opens it in the inbox, downloads the same bytes and marks it handled; a
// cleaner submits hours, the admin queries them, the cleaner corrects them, the admin approves and
// exports the payroll CSV; the office home shows the figures.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import { OFFICE_MSG } from '@shared/messages-office';
import { apiCall, baseUrl, createStaff, server, uniqueEmail, waitForMail } from './support';
import { closeBrowser, newPage } from './browser';

let conn: mongoose.Connection;
const admin = { email: uniqueEmail('office2-admin'), name: 'Olive Office', password: 'officepass1' };
beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
  await createStaff(admin.email, admin.name, admin.password, 'admin');
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/** Screenshots for the visual check: set OFFICE_SHOTS_DIR to keep PNGs of each screen. */
async function shot(page: Page, name: string) {
  const dir = process.env.OFFICE_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** The pre-rendered page is live: React has attached itself to its heading (a click before that is a plain form post). */
async function hydrated(page: Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

async function signIn(page: Page, who: { email: string; password: string; }) {
  await page.goto('/employee/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // An admin's home is the office; a cleaner's the dashboard.
  await page.waitForURL(who === admin ? '**/office' : '**/employee/dashboard');
}

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

describe.each([375, 1280] as const)('the office at %i px', (width) => {
  it('an application with a CV reaches the inbox; the admin downloads the same bytes and marks it handled', async () => {
    const email = uniqueEmail('applicant');
    const name = `Cara Career ${width}`;
    const applicant = await newPage(baseUrl(), width);
    await applicant.goto('/career');
    await hydrated(applicant);
    const form = applicant.getByRole('form', { name: 'Job application form' });
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Position').selectOption('Supervisor');
    await form.getByLabel('CV (optional)').setInputFiles({ name: `cara-cv-${width}.pdf`, mimeType: 'application/pdf', buffer: PDF });
    await applicant.getByRole('button', { name: 'Submit Application' }).click();
    await applicant.getByText(MSG.careerSent).waitFor();
    await applicant.context().close();

    const page = await newPage(baseUrl(), width);
    await signIn(page, admin);
    await page.goto('/office/inbox');
    const item = page.getByRole('link', { name: new RegExp(name) });
    await item.waitFor();
    // New items first, and the menu counts them.
    await expect(page.locator('.ofc-inbox__item').first().textContent()).resolves.toContain(name);
    const badge = page.getByRole('navigation', { name: 'Office sections' }).getByRole('link', { name: /Inbox/ });
    expect(Number((await badge.textContent())!.replace(/\D/g, ''))).toBeGreaterThan(0);
    await shot(page, 'office-inbox');
    await item.click();
    await page.getByRole('heading', { name }).waitFor();
    const reply = page.getByRole('link', { name: 'Reply by e-mail' });
    expect(await reply.getAttribute('href')).toBe(
      `mailto:${encodeURIComponent(email)}?subject=${encodeURIComponent('Re: your application (Supervisor) – SparkleClean')}`,
    );
    await shot(page, 'office-inbox-item');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download CV' }).click()]);
    expect(download.suggestedFilename()).toBe(`cara-cv-${width}.pdf`);
    expect((await readFile((await download.path())!)).equals(PDF)).toBe(true);

    await page.getByRole('button', { name: 'Mark handled' }).click();
    await page.getByText(OFFICE_MSG.inboxMarkedHandled).waitFor();
    await page.getByRole('button', { name: 'Mark as new' }).waitFor();
    const stored = await conn.collection('careerapplications').findOne({ email });
    expect(stored).toMatchObject({ status: 'handled' });
    expect(await conn.collection('auditlogs').countDocuments({ 'target.id': String(stored!._id), action: 'inbox.handled' })).toBe(1);
    await page.context().close();
  });

  it('hours: submitted, queried, corrected, approved, exported; the office home shows the figures', async () => {
    const cleaner = { email: uniqueEmail('office2-cleaner'), name: `Cody Cleaner ${width}`, password: 'cleanpass1' };
    await createStaff(cleaner.email, cleaner.name, cleaner.password);
    const cleanerId = String((await conn.collection('employees').findOne({ email: cleaner.email }))!._id);
    const user = await conn.collection('users').insertOne({
      email: uniqueEmail('office2-customer'),
      name: 'Petra Payroll',
      role: 'user',
      created_at: new Date(),
      updated_at: new Date(),
    });
    // A job whose booked time has passed, accepted by this cleaner: work can be submitted now.
    const when = new Date(Date.now() - 3 * 3600_000);
    const booking = await conn.collection('bookings').insertOne({
      user: user.insertedId,
      propertyType: 'House',
      frequency: 'Weekly',
      bedrooms: '2',
      bathrooms: '1',
      receptions: '1',
      cleaningType: 'Standard',
      hasCleaner: 'No',
      bestDays: when.toISOString().slice(0, 16),
      scheduledAt: when,
      supplies: 'Customer',
      hiringLikelihood: 'Now',
      postcode: 'N17GU',
      status: 'accepted',
      accepted_by: new mongoose.Types.ObjectId(cleanerId),
      accepted_at: new Date(Date.now() - 86_400_000),
      declined_by: [],
      work_submitted: false,
      created_at: new Date(Date.now() - 2 * 86_400_000),
      updated_at: new Date(),
    });
    const bookingId = String(booking.insertedId);

    const cleanerPage = await newPage(baseUrl(), width);
    await signIn(cleanerPage, cleaner);
    await cleanerPage.goto('/employee/my-bookings');
    await cleanerPage.getByRole('button', { name: /Submit work for booking/ }).click();
    await cleanerPage.getByRole('dialog').getByLabel('Work hours').fill('3');
    await cleanerPage.getByRole('dialog').getByRole('button', { name: 'Submit Work', exact: true }).click();
    await cleanerPage.getByText(STAFF_MSG.workSubmitted).waitFor();

    const office = await newPage(baseUrl(), width);
    await signIn(office, admin);
    await office.goto(`/office/timesheets?employee=${cleanerId}`);
    await office.getByRole('button', { name: new RegExp(`Query the hours of ${cleaner.name}`) }).click();
    await office.getByLabel(`Message to ${cleaner.name}`).fill('Was it 3 hours or 2.5?');
    await shot(office, 'office-timesheets-query');
    const asked = Date.now() - 1000;
    await office.getByRole('button', { name: 'Send question' }).click();
    await office.getByText(OFFICE_MSG.timesheetQueried).waitFor();
    // "Sent to the cleaner" is true: the question reaches them by mail too.
    expect((await waitForMail(cleaner.email, /a question about your hours/, asked)).text).toContain('Was it 3 hours or 2.5?');

    await cleanerPage.reload();
    await cleanerPage.getByText('Was it 3 hours or 2.5?').first().waitFor();
    await shot(cleanerPage, 'employee-queried');
    await cleanerPage.getByRole('button', { name: /Correct hours for booking/ }).click();
    const dialog = cleanerPage.getByRole('dialog');
    await dialog.getByLabel('Work hours').fill('2.5');
    await dialog.getByRole('button', { name: 'Save corrected hours' }).click();
    await cleanerPage.getByText(STAFF_MSG.submissionUpdated).waitFor();
    await cleanerPage.context().close();

    await office.reload();
    const approve = office.getByRole('button', { name: new RegExp(`Approve 2.5 hours of ${cleaner.name}`) });
    await approve.click();
    await office.getByText(OFFICE_MSG.timesheetApproved).waitFor();
    await office.getByRole('button', { name: new RegExp(`Approve .* of ${cleaner.name}`) }).waitFor({ state: 'detached' });
    await shot(office, 'office-timesheets');
    expect(await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
    const [csvDownload] = await Promise.all([office.waitForEvent('download'), office.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(csvDownload.suggestedFilename()).toMatch(/^timesheets-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parse(await readFile((await csvDownload.path())!, 'utf8'), { columns: true }) as Array<Record<string, string>>;
    // One row per clean (totals are a separate file, so a spreadsheet import never mixes them in).
    const mine = rows.filter((r) => r.email === cleaner.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      submitted_date: new Date().toISOString().slice(0, 10),
      employee: cleaner.name,
      booking_id: bookingId,
      postcode: 'N1 7GU',
      hours: '2.5',
      status: 'approved',
    });

    // The home figures: the same numbers the API gives, each a link to its list.
    const token =
      (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email: admin.email, password: admin.password } })).body.token;
    const stats =
      (await apiCall<{ stats: { hours_approved: number; waiting_over_24h: number; inbox_new: { total: number; }; }; }>('GET', '/api/admin/stats', { token }))
        .body.stats;
    await office.goto('/office');
    const hoursTile = office.getByRole('link', { name: /Hours approved/ });
    await hoursTile.waitFor();
    expect(await hoursTile.locator('.ofc-figure__value').textContent()).toBe(String(stats.hours_approved));
    expect(stats.hours_approved).toBeGreaterThanOrEqual(2.5);
    expect(await office.getByRole('link', { name: /New in the inbox/ }).locator('.ofc-figure__value').textContent()).toBe(String(stats.inbox_new.total));
    expect(await office.getByRole('link', { name: /Waiting over 24 h/ }).getAttribute('href')).toBe('/office/bookings?status=waiting');
    await office.getByRole('img', { name: /Requests per week/ }).waitFor();
    await shot(office, 'office-home');
    const overflow = await office.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await hoursTile.click();
    await office.waitForURL(/\/office\/timesheets\?status=approved/);
    await office.context().close();
  });
});
