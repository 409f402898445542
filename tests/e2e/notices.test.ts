// What was I told, in Chromium against the real server at 375 and 1280 px: the customer's /notices lists
// what was sent to them newest first, 20 a page with Older/Newer, and no page is wider than the phone;
// the cleaner's bell opens their own list. Screenshots in /tmp/notices-*.png.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { closeBrowser, newPage } from './browser';
import { apiCall, baseUrl, createStaff, hydrated, server, uniqueEmail } from './support';
import { logInThroughUi, signUpByApi } from './customer-steps';

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

/** `n` notices sent to the person, one a minute, the newest last ("Notice n"). */
async function sent(personType: 'customer' | 'employee', id: string, n: number) {
  const t0 = Date.now() - n * 60_000;
  await conn.collection('notices').insertMany(
    Array.from({ length: n }, (_, i) => ({
      person_type: personType,
      person_id: new mongoose.Types.ObjectId(id),
      kind: 'changes',
      subject: `Notice ${i + 1}`,
      text: `Hello,\n\nThe office moved your visit (number ${i + 1}) to a later time.`,
      url: '/orders',
      email: true,
      pushed: 0,
      sent_at: new Date(t0 + i * 60_000),
      created_at: new Date(),
      updated_at: new Date(),
    })),
  );
}

const noWiderThanViewport = (page: import('playwright-core').Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each([375, 1280] as const)('what was I told at %i px', (width) => {
  it('the customer’s list, newest first and paged; the cleaner’s bell opens theirs', async () => {
    const email = uniqueEmail(`notices-${width}`);
    const token = await signUpByApi(email, 'noticespass1', 'Nora Notice');
    const me = await apiCall<{ user: { id: string; }; }>('GET', '/api/user/profile', { token });
    await sent('customer', me.body.user.id, 25);
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'noticespass1');
    await page.goto('/notices');
    await page.getByRole('heading', { name: 'What we told you' }).waitFor();
    const items = page.locator('.notice-list__item');
    await items.first().waitFor();
    expect(await items.count()).toBe(20);
    expect(await items.first().getByRole('heading').textContent()).toBe('Notice 25');
    expect(await noWiderThanViewport(page)).toBe(true);
    await page.screenshot({ path: `/tmp/notices-customer-${width}.png`, fullPage: true });
    await page.getByRole('button', { name: 'Older' }).click();
    await page.getByText('Page 2 of 2').waitFor();
    // Page 1 stays on screen until page 2 has loaded.
    await expect.poll(() => items.count()).toBe(5);
    expect(await items.first().getByRole('heading').textContent()).toBe('Notice 5');
    await page.context().close();

    const cleaner = { email: uniqueEmail(`notices-cleaner-${width}`), password: 'cleanerpass1' };
    const { id } = JSON.parse(await createStaff(cleaner.email, 'Cleo Notice', cleaner.password)) as { id: string; };
    await sent('employee', id, 2);
    const portal = await newPage(baseUrl(), width);
    await portal.goto('/employee/login');
    await hydrated(portal);
    await portal.getByLabel('Email').fill(cleaner.email);
    await portal.getByLabel('Password', { exact: true }).fill(cleaner.password);
    await portal.getByRole('button', { name: 'Sign In' }).click();
    await portal.waitForURL('**/employee/dashboard');
    await portal.getByLabel(/What we told you/).click();
    await portal.waitForURL('**/employee/notices');
    await portal.locator('.notice-list__item').first().waitFor();
    expect(await portal.locator('.notice-list__item').first().getByRole('heading').textContent()).toBe('Notice 2');
    expect(await noWiderThanViewport(portal)).toBe(true);
    await portal.screenshot({ path: `/tmp/notices-cleaner-${width}.png`, fullPage: true });
    await portal.context().close();
  });
});
