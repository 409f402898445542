// The office in Chromium against the real server, at 375 and 1280 px: a super-admin invites a cleaner,
// who opens the mail's link, chooses a password and lands in the portal; the admin assigns a waiting
// booking to that cleaner, who sees it in My Bookings; the admin blocks a customer, whose next action
// sends them to sign in, where sign-in is refused.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { API_MSG } from '@shared/messages-api';
import { OFFICE_MSG } from '@shared/messages-office';
import { bookingInput } from '../support/customers';
import { closeBrowser, newPage } from './browser';
import { apiCall, baseUrl, createStaff, uniqueEmail, waitForMail } from './support';
import { signUpByApi } from './customer-steps';

afterAll(async () => {
  await closeBrowser();
});

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/office-${name}.png`, fullPage: true });

async function signInStaff(page: Page, email: string, password: string) {
  await page.goto('/employee/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  // An admin's home is the office: the staff sign-in lands there.
  await page.waitForURL('**/office');
}

describe.each([375, 1280] as const)('office at %i px', (width) => {
  it('invite → welcome → assign → My Bookings; block → signed out and refused', async () => {
    const admin = { email: uniqueEmail('owner'), password: 'ownerpass1' };
    await createStaff(admin.email, 'Olive Owner', admin.password, 'super-admin');
    const office = await newPage(baseUrl(), width);
    await signInStaff(office, admin.email, admin.password);

    // Invite a cleaner.
    await office.getByRole('navigation', { name: 'Office sections' }).getByRole('link', { name: 'Team' }).click();
    const cleaner = { email: uniqueEmail('newcleaner'), name: `Nico New ${width}` };
    const since = Date.now() - 1000;
    const invite = office.getByRole('form', { name: 'Invite a team member' });
    await invite.getByLabel('Name').fill(cleaner.name);
    await invite.getByLabel('Email').fill(cleaner.email);
    await invite.getByRole('button', { name: 'Send invitation' }).click();
    await office.getByText(OFFICE_MSG.staffInvited).waitFor();
    // Found by the team search: on the shared test server other files' cleaners fill the first page.
    await office.getByRole('searchbox', { name: 'Search' }).fill(cleaner.email);
    await office.getByRole('cell', { name: cleaner.email }).waitFor();
    await shot(office, `team-${width}`);

    // The cleaner follows the mail's link, chooses a password and lands in the portal.
    const mail = await waitForMail(cleaner.email, /invited/i, since);
    const link = /https?:\/\/\S+\/employee\/welcome\?token=\S+/.exec(mail.text)![0];
    const cleanerPage = await newPage(baseUrl(), width);
    await cleanerPage.goto(new URL(link).pathname + new URL(link).search);
    await cleanerPage.getByText(cleaner.email).first().waitFor();
    await shot(cleanerPage, `welcome-${width}`);
    await cleanerPage.getByLabel('New password', { exact: true }).fill('cleanerpass1');
    await cleanerPage.getByLabel('Confirm new password').fill('cleanerpass1');
    await cleanerPage.getByRole('button', { name: 'Set password and sign in' }).click();
    await cleanerPage.waitForURL('**/employee/dashboard');

    // A customer's request; the office assigns it to the new cleaner.
    const customer = { email: uniqueEmail('office-cust'), password: 'custpass123', name: `Cora Client ${width}` };
    const token = await signUpByApi(customer.email, customer.password, customer.name);
    const booked = await apiCall('POST', '/api/user/bookings', { token, json: bookingInput() });
    expect(booked.status).toBe(201);
    await office.getByRole('navigation', { name: 'Office sections' }).getByRole('link', { name: 'Bookings' }).click();
    await office.getByRole('searchbox', { name: 'Search' }).fill(customer.email);
    await office.getByRole('cell', { name: new RegExp(customer.name) }).waitFor();
    await shot(office, `board-${width}`);
    await office.getByRole('row', { name: new RegExp(customer.name) }).getByRole('link').first().click();
    await office.getByLabel('Assign to').selectOption({ label: `${cleaner.name} (employee)` });
    await office.getByRole('button', { name: 'Assign', exact: true }).click();
    await office.getByText(OFFICE_MSG.assigned).waitFor();
    await shot(office, `booking-${width}`);
    await cleanerPage.goto('/employee/my-bookings');
    await cleanerPage.getByText(customer.name).first().waitFor();

    // The customer is signed in; the office blocks them.
    const custPage = await newPage(baseUrl(), width);
    await custPage.goto('/login');
    const main = custPage.locator('main');
    await main.getByLabel('Email').fill(customer.email);
    await main.getByLabel('Password', { exact: true }).fill(customer.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await custPage.waitForURL('**/orders', { timeout: 15_000 });
    await office.getByRole('link', { name: customer.name }).click();
    await office.getByRole('button', { name: 'Block customer' }).click();
    await office.getByRole('dialog').getByRole('button', { name: 'Block' }).click();
    await office.getByText(OFFICE_MSG.customerBlocked).waitFor();
    await shot(office, `customer-${width}`);

    // Their next action sends them to sign in, and sign-in is refused with a clear message.
    await custPage.reload();
    await custPage.waitForURL('**/login', { timeout: 15_000 });
    // The sign-in page arrives through the guard's redirect; let it settle before typing.
    await custPage.waitForLoadState('networkidle');
    await main.getByLabel('Email').fill(customer.email);
    await main.getByLabel('Password', { exact: true }).fill(customer.password);
    await main.getByRole('button', { name: 'Sign In' }).click();
    await custPage.getByText(API_MSG.accountBlocked).waitFor();
    await shot(custPage, `blocked-${width}`);
    for (const p of [office, cleanerPage, custPage]) await p.context().close();
  });
});
