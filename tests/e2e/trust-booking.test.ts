// A booking a customer and a cleaner can trust, in a real browser at 375 and 1280 px against the real
// server: the wizard's confirmation shows the reference and a summary; a double tap on Accept gives
// one toast; submit-work before the booked time is refused with a clear message and allowed once the
// server's clock (TEST_CLOCK_FILE) and the browser's have passed it; the profile notice shows.
// SCREENSHOT_DIR set: screens are saved there.
import { writeFile } from 'node:fs/promises';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import { API_MSG } from '@shared/messages-api';
import { formatWhen, londonWallTime } from '@shared/when';
import { apiCall, baseUrl, createStaff, server, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { signUpByApi } from './customer-steps';

afterAll(closeBrowser);
/** Moves the server's "now" by `ms` (0 puts it back). */
const moveServerClock = (ms: number) => writeFile(server().clockFile, String(ms));
// The files that run after this one in its worker slot share the server: its clock always goes back.
afterEach(() => moveServerClock(0));

const shot = async (page: Page, name: string) => {
  const dir = process.env.SCREENSHOT_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${page.viewportSize()?.width}.png`, fullPage: false });
};

/** `YYYY-MM-DDTHH:mm` (London wall time) `days` ahead at `hour`:00, as the wizard's picker gives it. */
function londonSlot(days: number, hour: number): { text: string; ms: number; } {
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London', year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(Date.now() + days * 86_400_000),
  );
  const time = `${String(hour).padStart(2, '0')}:00`;
  return { text: `${date}T${time}`, ms: londonWallTime(date, time)! };
}

async function signInCustomer(page: Page, token: string) {
  const me = await apiCall<{ user: unknown; }>('GET', '/api/user/profile', { token });
  await page.goto('/about');
  await page.evaluate(
    ([t, u]) => {
      localStorage.setItem('token', t);
      localStorage.setItem('user', u);
    },
    [token, JSON.stringify(me.body.user)] as const,
  );
}

/**
 * All 12 steps from the header's Book a clean (postcode typed in the wizard itself: the home page's
 * box can be filled before the pre-rendered page is live, and then its value is lost).
 */
async function bookFromHeader(page: Page, when: string) {
  await page.goto('/services');
  await page.getByRole('link', { name: /^Book a clean: / }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Book a cleaning' });
  await dialog.getByText('Step 1 of 12').waitFor();
  await dialog.getByLabel('Postcode').fill('N17GU');
  await dialog.getByLabel('Address').fill('7 Trust Lane');
  const next = dialog.getByRole('button', { name: 'Continue' });
  await next.click();
  const choices = ['House', 'Weekly', '3', '2', '1', 'Deep', 'No, this is my first time', null, 'Not sure yet', 'Ready to book now'];
  for (let i = 0; i < choices.length; i++) {
    await dialog.getByText(`Step ${i + 2} of 12`).waitFor();
    const choice = choices[i];
    if (choice === null) await dialog.getByLabel('Preferred date and time').fill(when);
    else await dialog.getByRole('radio', { name: choice, exact: true }).check();
    await next.click();
  }
  await dialog.getByText('Step 12 of 12').waitFor();
  await dialog.getByLabel('Phone number', { exact: true }).fill('07700 900123');
  // A first visit within 14 days: the customer asks to start within the cancellation period.
  const startEarly = dialog.getByLabel('Please start within the 14-day cancellation period');
  if (await startEarly.isVisible()) await startEarly.check();
  await dialog.getByRole('button', { name: 'Complete Booking' }).click();
  return dialog;
}

describe.each([375, 1280] as const)('at %i px', (width) => {
  it('confirmation with reference and summary; one toast for a double-tapped Accept; work only once its time has come', async () => {
    const email = uniqueEmail(`trust-book-${width}`);
    const token = await signUpByApi(email, 'trust-pass-1', 'Tessa Trust');
    const slot = londonSlot(2, 10);

    // The customer books through the wizard and sees what was booked, under a reference.
    const page = await newPage(baseUrl(), width);
    await signInCustomer(page, token);
    const dialog = await bookFromHeader(page, slot.text);
    await dialog.getByText(MSG.bookingConfirmed).waitFor({ timeout: 15_000 });
    const reference = (await dialog.getByTestId('booking-reference').textContent())!;
    expect(reference).toMatch(/^SC-[2-9A-HJKMNP-Z]{5}$/);
    const summary = dialog.getByRole('definition');
    expect(await summary.allTextContents()).toEqual(['House', '3 bedrooms, 2 bathrooms, 1 reception', 'Deep', 'Weekly', formatWhen(slot.ms), 'N1 7GU']);
    // Plainly a request until a cleaner accepts it.
    await dialog.getByText(MSG.bookingIsRequest).waitFor();
    await shot(page, 'wizard-confirmation');
    const mine = await apiCall<{ bookings: Array<{ id: string; reference: string; }>; }>('GET', '/api/user/bookings', { token });
    const booking = mine.body.bookings.find((b) => b.reference === reference)!;
    expect(booking).toBeTruthy();
    await page.context().close();

    // A cleaner accepts it with a double tap on the question's Accept: one answer, no error.
    const staff = { email: uniqueEmail(`trust-cleaner-${width}`), password: 'cleanpass1' };
    await createStaff(staff.email, 'Tom Tidy', staff.password);
    const portal = await newPage(baseUrl(), width);
    await portal.goto('/employee/login');
    await portal.getByLabel('Email').fill(staff.email);
    await portal.getByLabel('Password', { exact: true }).fill(staff.password);
    await portal.getByRole('button', { name: 'Sign In' }).click();
    await portal.waitForURL('**/employee/dashboard');
    await portal.goto('/employee/available-bookings');
    const card = portal.getByRole('article', { name: `Booking ${reference}` });
    await card.getByRole('button', { name: 'Accept Booking' }).click();
    const ask = portal.getByRole('dialog');
    await ask.getByText(`Accept this booking for ${formatWhen(slot.ms).split(',')[0]}?`).waitFor();
    await ask.getByRole('button', { name: 'Accept', exact: true }).dblclick();
    await portal.getByText(STAFF_MSG.accepted).waitFor();
    await card.waitFor({ state: 'detached' });
    expect(await portal.locator('.toast').count()).toBe(1);
    expect(await portal.locator('.toast--error').count()).toBe(0);

    // Before the booked time the button says from when, and the API refuses with the same words.
    await portal.goto('/employee/my-bookings');
    const row = portal.locator('tr', { hasText: reference });
    await row.getByRole('button', { name: STAFF_MSG.workOpensFrom(formatWhen(slot.ms)) }).waitFor();
    expect(await row.getByRole('button', { name: STAFF_MSG.workOpensFrom(formatWhen(slot.ms)) }).isDisabled()).toBe(true);
    await shot(portal, 'submit-work-later');
    const employeeToken = (await portal.evaluate(() => localStorage.getItem('employeeToken')))!;
    const early = await apiCall('POST', `/api/employee/bookings/${booking.id}/submit-work`, {
      token: employeeToken,
      json: { work_hours: 2, completion_notes: 'Too early' },
    });
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(API_MSG.workTooEarly(formatWhen(slot.ms)));

    // Once the server's clock (and the browser's) has passed the booked time, the work goes in.
    const offset = slot.ms + 3_600_000 - Date.now();
    await moveServerClock(offset);
    await portal.clock.setFixedTime(new Date(Date.now() + offset));
    await portal.reload();
    await row.getByRole('button', { name: `Submit work for booking ${reference}` }).click();
    await portal.getByLabel('Work hours').fill('2.5');
    await portal.getByRole('dialog').getByRole('button', { name: 'Submit Work', exact: true }).click();
    await portal.getByText(STAFF_MSG.workSubmitted).waitFor();
    // The hours are in; the weekly plan stays active (the state in words, not the stored status).
    await row.getByText('2.5 h').waitFor();
    await row.getByText('Active', { exact: true }).waitFor();
    await portal.context().close();
  });

  it("shows 'Profile updated successfully!' after saving the profile, and keeps it when the saved data returns", async () => {
    const token = await signUpByApi(uniqueEmail(`trust-profile-${width}`), 'trust-pass-2', 'Pat Profile');
    const page = await newPage(baseUrl(), width);
    await signInCustomer(page, token);
    await page.goto('/profile');
    const main = page.locator('main');
    await main.getByRole('button', { name: 'Edit Profile' }).click();
    await main.getByLabel('Phone').fill('07700 900456');
    await main.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText(MSG.profileUpdated).waitFor();
    // The saved answer is shown (read-only again), and the notice is still there with it.
    await main.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await main.getByLabel('Phone').inputValue()).toBe('07700 900456');
    expect(await page.getByText(MSG.profileUpdated).isVisible()).toBe(true);
    await shot(page, 'profile-updated');
    await page.context().close();
  });
});
