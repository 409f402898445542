// Data rights in the browser, at 375 px: "Download my data" gives a ZIP that opens and
// whose JSON parses; "Close my account" refuses a wrong password, then closes it and signs out. The
// office's Data requests list shows both. Screenshots at 375, 812x375 and 1280 px in /tmp.
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { readZip, jsonEntries } from '../support/zip';
import { apiCall, baseUrl, createStaff, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { audit } from './axe';
import { logInThroughUi, signUpByApi, storedToken } from './customer-steps';

afterAll(closeBrowser);

/** Screenshots at 375, then 812x375 and 1280 wide, of the page as it is now. */
async function shots(page: Page, name: string) {
  await page.screenshot({ path: `/tmp/data-rights-${name}-375.png`, fullPage: true });
  await page.setViewportSize({ width: 812, height: 375 });
  await page.screenshot({ path: `/tmp/data-rights-${name}-812x375.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `/tmp/data-rights-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('data rights at 375 px', () => {
  it('downloads my data as a ZIP whose JSON parses, then closes the account', async () => {
    const email = uniqueEmail('rights');
    const token = await signUpByApi(email, 'rights-pass-1', 'Rita Rights');
    expect((await apiCall('PUT', '/api/user/profile', { token, json: { name: 'Rita Rights', phone: '07700 900321', address: '5 Data Road, London' } })).status)
      .toBe(200);
    const page = await newPage(baseUrl(), 375);
    await logInThroughUi(page, email, 'rights-pass-1');
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Your data' });
    await section.scrollIntoViewIfNeeded();

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download my data' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^sparkleclean-my-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const entries = await readZip(await readFile((await download.path())!));
    const json = jsonEntries(entries) as Record<string, { email?: string; address?: string; }>;
    expect(json['account.json']).toMatchObject({ email, address: '5 Data Road, London' });
    expect(entries.get('README.txt')!.toString()).toContain('account.json');
    await section.getByText('Your data has been downloaded.').waitFor();
    await shots(page, 'profile');
    // Audited from the top: scrolled mid-table, the sticky header partly covers a row's checkbox, which
    // axe's target-size counts against the checkbox, not the scroll position.
    await page.evaluate(() => window.scrollTo(0, 0));
    const found = await audit(page, 'profile, your data');

    await section.getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await dialog.getByText('What we keep, and why').waitFor();
    await dialog.getByLabel('Your password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Close my account for good' }).click();
    await dialog.getByRole('alert').getByText('That password is not right. Nothing was changed.').waitFor();
    await shots(page, 'close-dialog');
    await page.evaluate(() => window.scrollTo(0, 0));
    found.push(...(await audit(page, 'close-account dialog, wrong password')));
    expect((await apiCall('GET', '/api/user/profile', { token: (await storedToken(page))! })).status).toBe(200);

    await dialog.getByLabel('Your password').fill('rights-pass-1');
    await dialog.getByRole('button', { name: 'Close my account for good' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.getByText('Your account is closed. Thank you for using us.').waitFor();
    expect(await storedToken(page)).toBeNull();
    expect((await apiCall('POST', '/api/auth/user/login', { json: { email, password: 'rights-pass-1' } })).status).toBe(401);
    expect((await apiCall('GET', '/api/user/profile', { token })).status).toBe(401);
    await page.context().close();

    // The office sees both requests.
    const admin = { email: uniqueEmail('dr-admin'), password: 'adminpass1' };
    await createStaff(admin.email, 'Dora Desk', admin.password, 'admin');
    const office = await newPage(baseUrl(), 375);
    await office.goto('/employee/login');
    await office.getByLabel('Email').fill(admin.email);
    await office.getByLabel('Password', { exact: true }).fill(admin.password);
    await office.getByRole('button', { name: 'Sign In' }).click();
    await office.waitForURL('**/office');
    await office.goto('/office/data-requests');
    const table = office.getByRole('table', { name: 'Data requests' });
    await table.getByText('Account closed').first().waitFor();
    await table.getByText('Copy of data').first().waitFor();
    await shots(office, 'office-list');
    found.push(...(await audit(office, '/office/data-requests')));
    await office.goto('/privacy');
    await office.getByRole('heading', { name: 'How long we keep it' }).waitFor();
    found.push(...(await audit(office, '/privacy')));
    await office.context().close();
    expect(found).toEqual([]);
  });
});
