// A customer changes their password from the profile: the same rules as staff, this
// device stays signed in, the old password no longer signs in and the new one does.
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { logInThroughUi, signUpByApi, storedToken } from './customer-steps';

afterAll(closeBrowser);

describe.each([375, 1280] as const)('customer password change at %i px', (width) => {
  it('changes the password from the profile and stays signed in on this device', async () => {
    const email = uniqueEmail(`pw-${width}`);
    await signUpByApi(email, 'old-pass-1', 'Paula Password');
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'old-pass-1');
    await page.goto('/profile');
    const form = page.locator('section', { has: page.getByRole('heading', { name: 'Change password' }) });
    await form.getByLabel('Current password').fill('old-pass-1');
    await form.getByLabel('New password', { exact: true }).fill('new-pass-22');
    await form.getByLabel('Confirm new password').fill('new-pass-22');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form.getByText('Password changed successfully.').waitFor();
    await page.screenshot({ path: `/tmp/profile-password-${width}.png`, fullPage: true });
    if (width === 1280) {
      await page.setViewportSize({ width: 812, height: 375 });
      await page.screenshot({ path: '/tmp/profile-password-812x375.png', fullPage: true });
    }
    // This device's new token works; the old password does not, the new one does.
    const token = (await storedToken(page))!;
    expect((await apiCall('GET', '/api/user/profile', { token })).status).toBe(200);
    expect((await apiCall('POST', '/api/auth/user/login', { json: { email, password: 'old-pass-1' } })).status).toBe(401);
    expect((await apiCall('POST', '/api/auth/user/login', { json: { email, password: 'new-pass-22' } })).status).toBe(200);
    await page.context().close();
  });
});
