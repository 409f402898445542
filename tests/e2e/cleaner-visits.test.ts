// The cleaner's My Visits in a real browser at 375 and 1280 px against the real server: with a weekly
// plan accepted (through the API), the visits show grouped by day; a visit inside 48 h offers only the
// office's phone; once the server's clock (TEST_CLOCK_FILE) and the browser's reach the visit, hours
// are submitted for today's visit and the office's timesheets have the row; a visit a week ahead is
// released with a confirm and shows on Available as a cover job, apart from the new plans, whose
// free-text one asks for the first visit. Offline (real service worker): the saved visits show after
// a reload, hours go into the outbox and are sent once when the connection returns.
// SCREENSHOT_DIR set: screens are saved there.
import { writeFile } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { COMPANY_DEFAULTS } from '@shared/company';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import { formatDay, formatWhen, londonWallTime } from '@shared/when';
import { startedEarlierToday } from './times';
import { MSG } from '@shared/messages';
import { addDays, londonDate } from '@shared/visits';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { closeBrowser, newContext, newPage } from './browser';
import { waitForServiceWorker } from './offline-support';
import { audit } from './axe';
import { signUpByApi } from './customer-steps';

afterAll(closeBrowser);
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
// The files that run after this one in its worker slot share the server: its clock always goes back.
afterEach(() => moveServerClock(0));

const admin = { email: uniqueEmail('visits-admin'), password: 'officepass1' };
beforeAll(() => createStaff(admin.email, 'Ada Admin', admin.password, 'admin'));

async function shot(page: Page, name: string) {
  const dir = process.env.SCREENSHOT_DIR;
  if (!dir) return;
  const size = page.viewportSize()!;
  await page.screenshot({ path: `${dir}/visits-${name}-${size.width}.png` });
  // The phone turned sideways too.
  if (size.width === 375) {
    await page.setViewportSize({ width: 812, height: 375 });
    await page.screenshot({ path: `${dir}/visits-${name}-812x375.png` });
    await page.setViewportSize(size);
  }
}

const booking = (bestDays: string, frequency = 'Weekly') => ({
  propertyType: 'House',
  frequency,
  bedrooms: '3',
  bathrooms: '2',
  receptions: '1',
  cleaningType: 'Standard',
  hasCleaner: 'No, this is my first time',
  bestDays,
  supplies: 'Not sure yet',
  hiringLikelihood: 'Ready to book now',
  postcode: 'N17GU',
  address: '12 Visit Row, London',
  // The first visit is within 14 days: the customer asked to start then (the price issue's agreement).
  start_within_14_days: true,
});

const login = async (email: string, password: string) =>
  (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: { email, password } })).body.token;

describe.each([375, 1280] as const)('at %i px', (width) => {
  it('My Visits by day; too close to release → the office; hours for today’s visit reach the timesheets; release a later one; cover jobs apart on Available', async () => {
    // A weekly plan whose first visit is tomorrow at 10:00 (London), accepted by a new cleaner.
    const customer = await signUpByApi(uniqueEmail(`visits-cust-${width}`), 'visits-pass-1', 'Vera Visit');
    const tomorrow = addDays(londonDate(Date.now()), 1);
    const start = londonWallTime(tomorrow, '10:00')!;
    const made = await apiCall<{ booking: { id: string; reference: string; }; }>('POST', '/api/user/bookings', {
      token: customer,
      json: booking(`${tomorrow}T10:00`),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const { id: bookingId, reference } = made.body.booking;
    const freeText = await apiCall<{ booking: { reference: string; }; }>('POST', '/api/user/bookings', {
      token: customer,
      json: booking('Mondays after 10', 'Every other week'),
    });
    const cleaner = { email: uniqueEmail(`visits-cleaner-${width}`), password: 'cleanpass1' };
    await createStaff(cleaner.email, 'Cora Cleaner', cleaner.password);
    const cleanerToken = await login(cleaner.email, cleaner.password);
    expect((await apiCall('POST', `/api/employee/bookings/${bookingId}/accept`, { token: cleanerToken })).status).toBe(200);

    const portal = await newPage(baseUrl(), width);
    await portal.goto('/employee/login');
    await portal.getByLabel('Email').fill(cleaner.email);
    await portal.getByLabel('Password', { exact: true }).fill(cleaner.password);
    await portal.getByRole('button', { name: 'Sign In' }).click();
    await portal.waitForURL('**/employee/dashboard');
    if (width === 375) await portal.getByRole('button', { name: /menu/i }).first().click();
    await portal.getByRole('link', { name: M.navLabel }).click();
    await portal.getByRole('heading', { level: 1, name: M.title }).waitFor();

    // Tomorrow's visit is closer than 48 h: "Can't make it" gives the office's phone, not a release.
    const first = portal.getByRole('article', { name: /^10:00 Vera Visit/ }).first();
    await first.getByText(M.stateLabel.scheduled).waitFor();
    expect(await first.getByText('12 Visit Row, London, N1 7GU').count()).toBe(1);
    expect(await first.getByText('Weekly', { exact: true }).count()).toBe(1);
    await first.getByRole('button', { name: M.hoursFromLabel(formatWhen(start), 'Vera Visit') }).waitFor();
    await first.getByRole('button', { name: M.cantMakeItFor('Vera Visit', formatWhen(start)) }).click();
    const tooLate = portal.getByRole('dialog', { name: M.tooLateTitle });
    await tooLate.getByRole('link', { name: M.callOffice(COMPANY_DEFAULTS.phone) }).waitFor();
    await shot(portal, 'too-late');
    expect(await audit(portal, 'Too close to release')).toEqual([]);
    await tooLate.getByRole('button', { name: M.close }).click();

    // The server's clock and the browser's move to 11:00 on the visit's day: it is today's visit now.
    const offset = start + 3_600_000 - Date.now();
    await moveServerClock(offset);
    await portal.clock.setFixedTime(new Date(Date.now() + offset));
    await portal.reload();
    const today = portal.getByRole('region', { name: M.sectionToday });
    await today.getByRole('heading', { level: 3, name: formatDay(start, start) }).waitFor();
    // The weeks after: one day heading per weekly visit, in order.
    const upcoming = portal.getByRole('region', { name: M.sectionUpcoming });
    const days = await upcoming.getByRole('heading', { level: 3 }).allTextContents();
    expect(days.slice(0, 3)).toEqual([7, 14, 21].map((n) => formatDay(londonWallTime(addDays(tomorrow, n), '10:00')!, start)));
    await shot(portal, 'my-visits');
    expect(await audit(portal, 'My Visits')).toEqual([]);

    const todays = today.getByRole('article').first();
    await todays.getByRole('button', { name: M.submitHoursFor('Vera Visit', formatWhen(start, start)) }).click();
    const hours = portal.getByRole('dialog', { name: M.submitTitle });
    await hours.getByLabel('Work hours').fill('2.5');
    await shot(portal, 'submit-hours');
    await hours.getByRole('button', { name: M.submitHours, exact: true }).click();
    await portal.getByText(M.submitted).waitFor();
    await todays.getByText(M.stateLabel.completed).waitFor();
    await todays.getByText(`${M.hoursSubmitted(2.5)} · ${M.timesheet.submitted}`).waitFor();

    // The office's timesheets have the row.
    const adminToken = await login(admin.email, admin.password);
    const sheets = await apiCall<{ timesheets: Array<{ booking_id: string; work_hours: number; status: string; }>; }>(
      'GET',
      `/api/admin/timesheets?from=${tomorrow}&to=${tomorrow}`,
      { token: adminToken },
    );
    expect(sheets.status).toBe(200);
    expect(sheets.body.timesheets.find((t) => t.booking_id === bookingId)).toMatchObject({ work_hours: 2.5, status: 'submitted' });

    // Next week's visit: released with a confirm; it leaves My Visits and is a cover job on Available.
    const next = upcoming.getByRole('article').first();
    const nextStart = londonWallTime(addDays(tomorrow, 7), '10:00')!;
    await next.getByRole('button', { name: M.cantMakeItFor('Vera Visit', formatWhen(nextStart, start)) }).click();
    const confirm = portal.getByRole('dialog', { name: M.releaseTitle });
    await confirm.getByText(M.releaseQuestion(formatWhen(nextStart, start))).waitFor();
    await shot(portal, 'release-confirm');
    expect(await audit(portal, "Can't make it")).toEqual([]);
    await confirm.getByRole('button', { name: M.releaseConfirm }).click();
    await portal.getByText(M.released).waitFor();
    await upcoming.getByRole('heading', { level: 3, name: formatDay(nextStart, start) }).waitFor({ state: 'detached' });

    if (width === 375) await portal.getByRole('button', { name: /menu/i }).first().click();
    await portal.getByRole('link', { name: /Available Bookings/ }).click();
    const cover = portal.getByRole('region', { name: M.coverHeading });
    const coverCard = cover.getByRole('article', { name: formatWhen(nextStart, start) }).filter({ hasText: reference });
    await coverCard.getByText(M.coverBadge).waitFor();
    await coverCard.getByRole('button', { name: M.takeCoverFor('Vera Visit', formatWhen(nextStart, start)) }).waitFor();
    const plan = portal.getByRole('article', { name: `Booking ${freeText.body.booking.reference}` });
    await plan.getByText(M.planLine('Every other week', null)).waitFor();
    await cover.scrollIntoViewIfNeeded();
    await shot(portal, 'available');
    expect(await audit(portal, 'Available with cover jobs')).toEqual([]);
    await plan.getByRole('button', { name: 'Accept Booking' }).click();
    const ask = portal.getByRole('dialog');
    await ask.getByText('Accept this booking for Mondays after 10?').waitFor();
    await ask.getByText(M.firstVisitAsk).waitFor();
    await ask.getByLabel('First visit date').waitFor();
    await shot(portal, 'accept-first-visit');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    await portal.context().close();
  });
});

describe('offline at 375 px (real service worker)', () => {
  it('My Visits reads from the device after an offline reload; hours queued offline are sent exactly once on reconnect', async () => {
    // A plan whose first visit started half an hour ago: accepted while the server's clock stood an hour back.
    const customer = await signUpByApi(uniqueEmail('visits-offline-cust'), 'visits-pass-2', 'Olga Offline');
    const made = await apiCall<{ booking: { id: string; }; }>('POST', '/api/user/bookings', { token: customer, json: booking('Weekday mornings') });
    const cleaner = { email: uniqueEmail('visits-offline-cleaner'), password: 'cleanpass1' };
    await createStaff(cleaner.email, 'Fern Field', cleaner.password);
    const token = await login(cleaner.email, cleaner.password);
    const first = startedEarlierToday(30);
    await moveServerClock(-3_600_000);
    expect((await apiCall('POST', `/api/employee/bookings/${made.body.booking.id}/accept`, { token, json: { first_visit: first } })).status).toBe(200);
    await moveServerClock(0);

    // The one context of this file that registers the service worker: the offline reload is served from its cache.
    const ctx = await newContext(baseUrl(), 375, 'allow');
    const page = await ctx.newPage();
    await page.goto('/employee/login');
    await page.getByLabel('Email').fill(cleaner.email);
    await page.getByLabel('Password', { exact: true }).fill(cleaner.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/employee/dashboard');
    await page.goto('/employee/my-visits');
    const card = page.getByRole('article', { name: new RegExp(`^${first.time} Olga Offline`) }).first();
    await card.waitFor();
    await waitForServiceWorker(page);
    await card.waitFor();

    await ctx.setOffline(true);
    await page.reload();
    await page.getByText(/You are offline — showing saved content/).first().waitFor({ timeout: 20_000 });
    await card.getByRole('button', { name: M.submitHours }).click();
    await page.getByRole('dialog').getByLabel('Work hours').fill('2');
    await page.getByRole('dialog').getByRole('button', { name: M.submitHours, exact: true }).click();
    await page.getByText(MSG.savedOffline).waitFor();
    await card.getByText(M.hoursWaiting).waitFor();
    expect(await card.getByRole('button', { name: M.submitHours }).count()).toBe(0);
    await shot(page, 'offline-waiting');

    await ctx.setOffline(false);
    await card.getByText(M.stateLabel.completed).waitFor({ timeout: 45_000 });
    const mine = await apiCall<{ visits: Array<{ booking_id: string; state: string; work_hours?: number; }>; }>('GET', '/api/employee/visits', { token });
    const done = mine.body.visits.filter((v) => v.booking_id === made.body.booking.id && v.state === 'completed');
    expect(done).toEqual([expect.objectContaining({ work_hours: 2 })]);
    const subs = await apiCall<{ submissions: Array<{ id: string; }>; }>('GET', '/api/employee/work-submissions', { token });
    expect(subs.body.submissions.filter((x) => x.id === made.body.booking.id)).toHaveLength(1);
    await ctx.close();
  });
});
