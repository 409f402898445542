// The office's schedule in Chromium against the real server, at 375 px and 1280 px: open this week,
// go to the next, assign an unassigned visit, move a weekly visit to Thursday "this and following",
// approve a cleaner's time off and give the visit needing cover to another cleaner (the customer is
// told; the cleaners' lists show it). Keyboard-only use of the week view; axe finds nothing. At 1280
// the week view of 30 cleaners and 600 visits is painted and the time after the answer printed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { addDays, londonDate, weekdayOf } from '@shared/visits';
import { londonDateAndTime, londonWallTime } from '@shared/when';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { apiCall, baseUrl, createStaff, hydrated, server, uniqueEmail, waitForMail } from './support';
import { audit } from './axe';
import { closeBrowser, newPage } from './browser';

let conn: mongoose.Connection;
const admin = { email: uniqueEmail('sched-admin'), name: 'Sasha Schedule', password: 'officepass1' };
const thisMonday = () => addDays(londonDate(Date.now()), 1 - weekdayOf(londonDate(Date.now())));
const nextMonday = () => addDays(thisMonday(), 7);

beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
  await createStaff(admin.email, admin.name, admin.password, 'admin');
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

async function shot(page: Page, name: string) {
  const dir = process.env.OFFICE_SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}-${page.viewportSize()?.width}x${page.viewportSize()?.height}.png`), fullPage: true });
}

async function signIn(page: Page) {
  await page.goto('/employee/login');
  await hydrated(page);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password', { exact: true }).fill(admin.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/office');
}

async function cleaner(name: string) {
  const email = uniqueEmail('sched-cleaner');
  await createStaff(email, name, 'cleanerpass1');
  const login = await apiCall('POST', '/api/auth/employee/login', { json: { email, password: 'cleanerpass1' } });
  return { id: String((await conn.collection('employees').findOne({ email }))!._id), name, email, token: login.body.token as string };
}

/** A customer's booking (frequency, first visit `date` at `time`) accepted by `who` through the API. */
async function plan(who: { token: string; }, customer: string, frequency: string, date: string, time: string) {
  const email = uniqueEmail('sched-customer');
  const user = await conn.collection('users').insertOne({ email, name: customer, role: 'user', created_at: new Date(), updated_at: new Date() });
  const booking = await conn.collection('bookings').insertOne({
    user: user.insertedId,
    propertyType: 'House',
    frequency,
    bedrooms: '2',
    bathrooms: '1',
    receptions: '1',
    cleaningType: 'Standard',
    hasCleaner: 'No',
    bestDays: `${date}T${time}`,
    scheduledAt: new Date(londonWallTime(date, time)!),
    supplies: 'Customer',
    hiringLikelihood: 'Now',
    postcode: 'N17GU',
    status: 'pending',
    declined_by: [],
    work_submitted: false,
    created_at: new Date(),
    updated_at: new Date(),
  });
  const res = await apiCall('POST', `/api/employee/bookings/${booking.insertedId}/accept`, { token: who.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { bookingId: booking.insertedId, email };
}

const visitsOf = (bookingId: mongoose.Types.ObjectId) => conn.collection('visits').find({ plan: bookingId }).sort({ slot: 1 }).toArray();

function fmt(date: string) {
  return new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`)).replace(
    ',',
    '',
  );
}

describe.each([375, 1280] as const)('the schedule at %i px', (width) => {
  it('assign an unassigned visit, move one to Thursday this and following, approve time off and cover it', async () => {
    const mon = nextMonday();
    // Names unique per attempt: a retry must not find the first attempt's visits.
    const run = `${width}${Math.floor(Math.random() * 1000)}`;
    const [ann, ben, cai] = [await cleaner(`Ann Alpha ${run}`), await cleaner(`Ben Beta ${run}`), await cleaner(`Cai Away ${run}`)];
    const weekly = await plan(ann, `Wes Weekly ${run}`, 'Weekly', addDays(mon, 1), '09:00');
    const loose = await plan(ann, `Una Open ${run}`, 'One-time clean', addDays(mon, 2), '13:00');
    await conn.collection('visits').updateOne({ plan: loose.bookingId }, { $set: { employee: null, exception: true }, $inc: { version: 1 } });
    const away = await plan(cai, `Cora Covered ${run}`, 'One-time clean', mon, '11:00');
    expect((await apiCall('POST', '/api/employee/time-off', { token: cai.token, json: { from: mon, to: mon, note: 'Wedding' } })).status).toBe(201);

    const page = await newPage(baseUrl(), width);
    await signIn(page);
    await page.getByRole('heading', { name: M.needsCoverTitle }).waitFor();
    await page.goto('/office/schedule');
    await page.getByRole('heading', { name: new RegExp(`^${fmt(thisMonday())} – `) }).waitFor();
    await page.getByRole('button', { name: M.next }).click();
    await page.getByRole('heading', { name: new RegExp(`^${fmt(mon)} – `) }).waitFor();
    expect(page.url()).toContain(`date=`);
    const visit = (name: string) => page.locator('.sch-visit', { hasText: name });
    await visit(`Una Open ${run}`).waitFor();
    await expect(visit(`Una Open ${run}`).textContent()).resolves.toContain(M.stateText.open);
    expect(await audit(page, `schedule week ${width}`)).toEqual([]);
    await shot(page, 'schedule-week');

    // Assign the unassigned one to Ben.
    await visit(`Una Open ${run}`).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(M.cleaner).selectOption({ label: ben.name });
    expect(await audit(page, `visit dialog ${width}`)).toEqual([]);
    await dialog.getByRole('button', { name: M.save }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 }).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${await dialog.textContent()}`);
    });
    await expect.poll(async () => String((await visitsOf(loose.bookingId))[0].employee)).toBe(ben.id);

    // Move Ann's Tuesday visit to Thursday, this and following.
    if (width === 375) await page.getByLabel(M.showCleaner).selectOption({ label: ann.name });
    await visit(`Wes Weekly ${run}`).first().click();
    await dialog.getByLabel(M.move).check();
    await dialog.getByLabel(M.newDate).fill(addDays(mon, 3));
    await dialog.getByLabel(M.scopeFollowing).check();
    await dialog.getByRole('button', { name: M.save }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () =>
      (await visitsOf(weekly.bookingId)).filter((v) => v.state === 'scheduled').slice(0, 3).map((v) => weekdayOf(londonDateAndTime(v.start)!.date))
    ).toEqual([4, 4, 4]);

    // Approve Cai's time off: the Monday visit needs cover, first in the Unassigned lane; Ben covers it.
    await page.getByRole('button', { name: `${M.approve}: ${cai.name}` }).click();
    await page.getByText(M.timeOffApproved(1)).waitFor();
    if (width === 375) await page.getByLabel(M.showCleaner).selectOption({ label: M.unassigned });
    await expect.poll(async () => visit(`Cora Covered ${run}`).textContent()).toContain(M.stateText.needsCover);
    const since = Date.now() - 1000;
    await visit(`Cora Covered ${run}`).click();
    await dialog.getByLabel(M.cleaner).selectOption({ label: ben.name });
    await dialog.getByRole('button', { name: M.save }).click();
    await dialog.waitFor({ state: 'detached' });
    const told = await waitForMail(away.email, /Your cleaner for/, since);
    expect(told.text).toContain('Ben will clean instead');
    // The cleaners see it: Ben's list has both, Ann's Thursday visits, Cai's none.
    const bens = await apiCall('GET', `/api/employee/visits?from=${mon}&to=${addDays(mon, 6)}`, { token: ben.token });
    expect(bens.body.visits.map((v: { customer_name: string; }) => v.customer_name).sort()).toEqual([`Cora Covered ${run}`, `Una Open ${run}`]);
    const cais = await apiCall('GET', `/api/employee/visits?from=${mon}&to=${addDays(mon, 6)}`, { token: cai.token });
    expect(cais.body.visits).toEqual([]);
    expect(await audit(page, `schedule after changes ${width}`)).toEqual([]);
    await shot(page, 'schedule-after');
    await page.goto(`/office/schedule?view=day&date=${mon}`);
    await visit(`Cora Covered ${run}`).waitFor();
    expect(await audit(page, `schedule day ${width}`)).toEqual([]);
    await shot(page, 'schedule-day');
    if (width === 375) {
      await page.setViewportSize({ width: 812, height: 375 });
      await page.goto(`/office/schedule?date=${mon}`);
      await page.locator('.sch-visit').first().waitFor();
      await shot(page, 'schedule-week-landscape');
    }
    await page.context().close();
  });

  it('a cleaner asks for time off in the portal and sees its state; the office home lists what needs cover', async () => {
    const who = await cleaner(`Tia Timeoff ${width}${Math.floor(Math.random() * 1000)}`);
    const page = await newPage(baseUrl(), width);
    await page.goto('/employee/login');
    await hydrated(page);
    await page.getByLabel('Email').fill(who.email);
    await page.getByLabel('Password', { exact: true }).fill('cleanerpass1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/employee/dashboard');
    await page.goto('/employee/time-off');
    await page.getByRole('heading', { name: M.myTimeOff, level: 1 }).waitFor();
    await page.getByLabel(M.from).fill(addDays(nextMonday(), 14));
    await page.getByLabel(M.to, { exact: true }).fill(addDays(nextMonday(), 18));
    await page.getByLabel(M.note).fill('Family visit');
    await page.getByRole('button', { name: M.send }).click();
    await page.getByText(M.timeOffSent).waitFor();
    await page.getByText(M.timeOffState.requested).waitFor();
    expect(await audit(page, `cleaner time off ${width}`)).toEqual([]);
    await shot(page, 'cleaner-time-off');
    await page.context().close();

    const office = await newPage(baseUrl(), width);
    await signIn(office);
    await office.getByRole('heading', { name: M.needsCoverTitle }).waitFor();
    expect(await audit(office, `office home ${width}`)).toEqual([]);
    await shot(office, 'office-home');
    await office.context().close();
  });

  it('works by keyboard alone: Tab reaches a visit with a visible focus, Enter opens it, Escape closes and returns focus', async () => {
    // An unassigned visit of its own: a phone's week opens on the Unassigned lane.
    const keen = await cleaner(`Kit Keys ${width}${Math.floor(Math.random() * 1000)}`);
    const loose = await plan(keen, `Kay Keyboard ${width}`, 'One-time clean', addDays(nextMonday(), 4), '15:00');
    await conn.collection('visits').updateOne({ plan: loose.bookingId }, { $set: { employee: null, exception: true }, $inc: { version: 1 } });
    const page = await newPage(baseUrl(), width);
    await signIn(page);
    await page.goto(`/office/schedule?date=${nextMonday()}`);
    await page.locator('.sch-visit').first().waitFor();
    await page.getByLabel(M.area).focus();
    let focused = '';
    for (let i = 0; i < 10 && !focused.includes('sch-visit'); i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() => document.activeElement?.className ?? '');
    }
    expect(focused).toContain('sch-visit');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).not.toBe('none');
    const id = await page.evaluate(() => (document.activeElement as HTMLElement).dataset.visit);
    await page.keyboard.press('Enter');
    await page.getByRole('dialog').waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (document.activeElement as HTMLElement).dataset.visit)).toBe(id);
    // The next Tab goes on from there, in reading order (the next visit, or what follows the schedule).
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => (document.activeElement as HTMLElement | null)?.dataset?.visit)).not.toBe(id);
    await page.context().close();
  });
});
