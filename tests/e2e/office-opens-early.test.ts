// The office opens on the staff member's token while their profile is still being checked, so the
// screen's code and answers load beside that round trip. The profile's answer still decides: a token
// that is refused there ends the session, and a cleaner's token never opens the office at all.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page, Route } from 'playwright-core';
import { apiCall, baseUrl, createStaff, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';

afterAll(closeBrowser);

async function signedIn(role: 'admin' | 'employee'): Promise<{ page: Page; token: string; }> {
  const person = { email: uniqueEmail(`early-${role}`), password: 'Early-office-42' };
  await createStaff(person.email, `Early ${role}`, person.password, role);
  const token = (await apiCall<{ token: string; }>('POST', '/api/auth/employee/login', { json: person })).body.token;
  const page = await newPage(baseUrl(), 375);
  await page.goto('/employee/forgot-password');
  await page.evaluate((t) => localStorage.setItem('employeeToken', t), token);
  return { page, token };
}

/** Holds the profile request until `release` is called, then answers it as `answer` says. */
async function holdProfile(page: Page) {
  let held: Route | undefined;
  let release: (answer: 'pass' | 'refuse') => void = () => undefined;
  const decided = new Promise<'pass' | 'refuse'>((resolve) => (release = resolve));
  await page.route('**/api/employee/profile', async (route) => {
    held = route;
    if ((await decided) === 'pass') await route.continue();
    else await route.fulfill({ status: 401, contentType: 'application/json', body: JSON.stringify({ message: 'Please sign in again.' }) });
  });
  return { release, seen: () => held !== undefined };
}

describe('the office before the profile answers', () => {
  it("an admin's token opens the office home while the profile is held; the profile's answer then names them", async () => {
    const { page } = await signedIn('admin');
    const profile = await holdProfile(page);
    await page.goto('/office');
    await page.getByRole('navigation', { name: 'Office sections' }).waitFor();
    await page.getByRole('heading', { name: 'Office', level: 1 }).waitFor();
    expect(profile.seen()).toBe(true);
    expect(await page.locator('.ofc-header__who').textContent()).toBe('');
    profile.release('pass');
    await expect.poll(() => page.locator('.ofc-header__who').textContent()).toBe('Early admin · admin');
    await page.context().close();
  });

  it('a refused profile ends the session: back to the staff sign-in', async () => {
    const { page } = await signedIn('admin');
    const profile = await holdProfile(page);
    await page.goto('/office');
    await page.getByRole('navigation', { name: 'Office sections' }).waitFor();
    profile.release('refuse');
    await page.waitForURL('**/employee/login');
    expect(await page.evaluate(() => localStorage.getItem('employeeToken'))).toBeNull();
    await page.context().close();
  });

  it("a cleaner's token opens nothing of the office while the profile is held, then says it is the office's", async () => {
    const { page } = await signedIn('employee');
    const profile = await holdProfile(page);
    await page.goto('/office');
    await expect.poll(() => profile.seen()).toBe(true);
    expect(await page.getByRole('navigation', { name: 'Office sections' }).count()).toBe(0);
    profile.release('pass');
    await page.getByRole('alert').waitFor();
    expect(await page.getByRole('navigation', { name: 'Office sections' }).count()).toBe(0);
    await page.context().close();
  });
});
