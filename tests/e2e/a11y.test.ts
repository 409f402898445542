// Accessibility sweep (WCAG 2.2 AA): axe-core on every screen and state a person meets — public pages,
// forms showing their errors, the wizard's steps, modals and menus, the customer's /orders with its
// modals and /profile, every employee screen. Any violation fails, listed with its nodes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { MSG } from '@shared/messages';
import { apiCall, baseUrl, createStaff, server, uniqueEmail, waitForMail } from './support';
import { audit, ready } from './axe';
import { closeBrowser, newPage } from './browser';
import { completeWizard, createBlogPost, employeeAccount, signUpCustomer, storeCustomerSession } from './offline-support';
import { PRERENDERED_ROUTES } from '@/prerendered-routes';

let conn: mongoose.Connection;
beforeAll(async () => {
  conn = await mongoose.createConnection(server().mongoUri).asPromise();
});
afterAll(async () => {
  await conn?.close();
  await closeBrowser();
});

describe('accessibility sweep (axe-core, WCAG 2.2 AA)', () => {
  it('public pages, the mobile menu, the 404 page and the story modal', async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    for (const route of [...Object.keys(PRERENDERED_ROUTES), '/no-such-page']) {
      await page.goto(route);
      await ready(page);
      found.push(...(await audit(page, route)));
    }
    await page.goto('/');
    await ready(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    found.push(...(await audit(page, '/ mobile menu open')));
    await page.getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('button', { name: /watch our story/i }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, '/ story modal')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('forms showing their errors, the password-reset dialog and the sign-up steps', async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    for (
      const [route, button] of [
        ['/contact', 'Send Message'],
        ['/enquiry', 'Submit Enquiry'],
        ['/career', 'Submit Application'],
        ['/login', 'Sign In'],
        ['/signup', 'Next Step'],
        ['/employee/login', 'Sign In'],
      ] as const
    ) {
      await page.goto(route);
      await ready(page);
      await page.locator('main').getByRole('button', { name: button, exact: true }).click();
      await page.locator('[aria-invalid="true"]').first().waitFor();
      // Audited from the top: mid-scroll, axe counts a control sliding under the sticky header as too small a target.
      await page.evaluate(() => window.scrollTo(0, 0));
      found.push(...(await audit(page, `${route} with errors`)));
    }
    await page.goto('/login');
    await ready(page);
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, '/login password reset dialog')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('every step of the booking wizard', async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    await page.goto('/');
    await ready(page);
    await page.getByLabel('Your postcode').fill('SW1A1AA');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog');
    for (let step = 1; step <= 12; step++) {
      await dialog.getByText(`Step ${step} of 12`).waitFor();
      found.push(...(await audit(page, `wizard step ${step}`)));
      if (step === 1) await dialog.getByLabel('Address').fill('1 Audit Road, London');
      else if (step === 9) {
        const future = new Date(Date.now() + 3 * 24 * 3600_000);
        await dialog.getByLabel('Preferred date and time').fill(new Date(future.getTime() - future.getTimezoneOffset() * 60_000).toISOString().slice(0, 16));
      } else if (step === 12) break;
      else await dialog.locator('.wizard__option').first().click();
      await dialog.getByRole('button', { name: 'Continue' }).click();
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('a signed-in customer: /orders with its modals, /profile and the account menu', async () => {
    const customer = await signUpCustomer('a11y');
    const booked = await apiCall('POST', '/api/user/bookings', {
      token: customer.token,
      json: {
        propertyType: 'Flat or Apartment',
        frequency: 'Every other week',
        bedrooms: '2',
        bathrooms: '1 + 1 additional toilet',
        receptions: '1',
        cleaningType: 'Standard',
        hasCleaner: 'I had one in the past',
        bestDays: new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 16),
        start_within_14_days: true,
        supplies: 'I provide supplies, you bring equipment',
        hiringLikelihood: 'Within a week',
        postcode: 'SW1A1AA',
      },
    });
    expect(booked.status).toBe(201);
    const page = await newPage(baseUrl(), 1280);
    const found: string[] = [];
    await page.goto('/about');
    await storeCustomerSession(page, customer);
    await page.goto('/orders');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.locator('.booking-card, [data-booking]').first().waitFor();
    found.push(...(await audit(page, '/orders')));
    await page.getByRole('button', { name: /view|details/i }).first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, '/orders booking modal')));
    const edit = page.getByRole('dialog').getByRole('button', { name: /edit/i });
    if (await edit.count()) {
      await edit.first().click();
      found.push(...(await audit(page, '/orders edit form')));
    }
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /account menu/i }).click();
    found.push(...(await audit(page, 'account menu open')));
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByLabel(/name/i).first().waitFor();
    found.push(...(await audit(page, '/profile')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('every employee screen', async () => {
    const staff = await employeeAccount('a11y');
    await createBlogPost(staff.token, 'Audit-ready windows');
    const page = await newPage(baseUrl(), 1280);
    const found: string[] = [];
    await page.goto('/employee/forgot-password');
    await page.evaluate((token) => localStorage.setItem('employeeToken', token), staff.token);
    for (const screen of ['dashboard', 'my-visits', 'available-bookings', 'my-bookings', 'profile', 'blog', 'settings']) {
      await page.goto(`/employee/${screen}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await page.locator('.spinner').waitFor({ state: 'detached' }).catch(() => undefined);
      found.push(...(await audit(page, `/employee/${screen}`)));
    }
    expect(found).toEqual([]);
    await page.context().close();
  });

  it('the welcome page, Submit Work and Correct hours modals, the blog post form', async () => {
    const boss = { email: uniqueEmail('a11y-boss'), password: 'bosspass12' };
    await createStaff(boss.email, 'Bea Boss', boss.password, 'super-admin');
    const bossToken = (await apiCall('POST', '/api/auth/employee/login', { json: boss })).body.token;
    const invitee = uniqueEmail('a11y-welcome');
    const since = Date.now() - 1000;
    expect((await apiCall('POST', '/api/admin/staff', { token: bossToken, json: { name: 'Wren Welcome', email: invitee } })).status).toBe(201);
    const link = /\/employee\/welcome\?token=[\w%-]+/.exec((await waitForMail(invitee, /invited/i, since)).text)![0];
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    await page.goto(link);
    await page.getByRole('button', { name: 'Set password and sign in' }).waitFor();
    found.push(...(await audit(page, '/employee/welcome')));
    await page.getByRole('button', { name: 'Set password and sign in' }).click();
    await page.locator('[aria-invalid="true"]').first().waitFor();
    found.push(...(await audit(page, '/employee/welcome with errors')));

    // A cleaner with a finished job to submit and one whose hours the office queried.
    const staff = await employeeAccount('a11y-work');
    const me = (await conn.collection('employees').findOne({ email: staff.email }))!._id;
    const user = await conn.collection('users').insertOne({
      email: uniqueEmail('a11y-work-cust'),
      name: 'Wanda Work',
      role: 'user',
      created_at: new Date(),
      updated_at: new Date(),
    });
    const past = new Date(Date.now() - 3 * 3600_000);
    const job = {
      user: user.insertedId,
      propertyType: 'House',
      frequency: 'Weekly',
      bedrooms: '2',
      bathrooms: '1',
      receptions: '1',
      cleaningType: 'Standard',
      hasCleaner: 'No',
      bestDays: past.toISOString().slice(0, 16),
      scheduledAt: past,
      supplies: 'Customer',
      hiringLikelihood: 'Now',
      postcode: 'N17GU',
      accepted_by: me,
      accepted_at: new Date(Date.now() - 86_400_000),
      declined_by: [],
      created_at: new Date(Date.now() - 2 * 86_400_000),
      updated_at: new Date(),
    };
    await conn.collection('bookings').insertMany([
      { ...job, status: 'accepted', work_submitted: false },
      {
        ...job,
        status: 'completed',
        work_submitted: true,
        submitted_work_hours: 3,
        completion_notes: 'Done',
        submitted_at: new Date(),
        timesheet_status: 'queried',
        timesheet_query: { message: 'Was it 3 hours or 2.5?', at: new Date() },
      },
    ]);
    await page.evaluate((t) => localStorage.setItem('employeeToken', t), staff.token);
    await page.goto('/employee/my-bookings');
    await page.getByRole('button', { name: /Submit work for booking/ }).first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, 'Submit Work modal')));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /Correct hours for booking/ }).first().click();
    await page.getByRole('dialog').waitFor();
    found.push(...(await audit(page, 'Correct hours modal')));
    await page.keyboard.press('Escape');
    await page.goto('/employee/blog');
    await page.getByRole('button', { name: '+ New Post' }).click();
    await page.getByLabel(/title/i).first().waitFor();
    found.push(...(await audit(page, 'blog post form')));
    expect(found).toEqual([]);
    await page.context().close();
  });

  it("the sign-up code step and the wizard's confirmation screen", async () => {
    const page = await newPage(baseUrl(), 375);
    const found: string[] = [];
    await page.goto('/signup');
    await ready(page);
    const main = page.locator('main');
    await main.getByLabel('Full name').fill('Sol Signup');
    await main.getByLabel('Email').fill(uniqueEmail('a11y-signup'));
    await main.getByRole('button', { name: 'Next Step' }).click();
    await main.getByLabel('Password', { exact: true }).fill('signup123');
    await main.getByLabel('Confirm password').fill('signup123');
    await main.getByRole('button', { name: 'Next Step' }).click();
    await main.getByLabel('Verification code').waitFor();
    found.push(...(await audit(page, '/signup code step')));

    const customer = await signUpCustomer('a11y-done');
    await storeCustomerSession(page, customer);
    await completeWizard(page, 'SW1A1AA');
    await page.getByRole('dialog').getByText(MSG.bookingConfirmed).waitFor();
    found.push(...(await audit(page, 'wizard confirmation')));
    expect(found).toEqual([]);
    await page.context().close();
  });
});
