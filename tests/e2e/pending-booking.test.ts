// A booking finished while signed out is kept on the device, and sent exactly once after sign-in.
import { afterAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, uniqueEmail } from './support';
import { closeBrowser, newPage } from './browser';
import { bookThroughWizard, logInThroughUi, signUpByApi, storedToken } from './customer-steps';

afterAll(closeBrowser);

describe('pending booking', () => {
  it('is saved when signed out, sent after login, and exists exactly once on the server', async () => {
    const email = uniqueEmail('pending');
    const password = 'pending-pass-1';
    await signUpByApi(email, password, 'Pending Person');
    const page = await newPage(baseUrl(), 1280);
    await bookThroughWizard(page, { postcode: 'N1 9GU', address: '1 Kings Cross Road', phone: '07700 900888', when: '2099-06-02T08:15' });
    await page.waitForURL('**/login');
    await page.getByText('Please log in to create a booking').waitFor();
    const saved = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          const req = indexedDB.open('sparkleclean');
          req.onsuccess = () => {
            const count = req.result.transaction('pendingBooking').objectStore('pendingBooking').count();
            count.onsuccess = () => resolve(count.result);
          };
        }),
    );
    expect(saved).toBe(1);

    await logInThroughUi(page, email, password);
    await page.getByRole('heading', { name: /Deep clean · House/ }).waitFor({ timeout: 10_000 });
    const token = (await storedToken(page))!;
    const first = await apiCall<{ bookings: Array<Record<string, string>> }>('GET', '/api/user/bookings', { token });
    expect(first.body.bookings).toHaveLength(1);
    expect(first.body.bookings[0]).toMatchObject({ postcode: 'N19GU', bestDays: '2099-06-02T08:15' });

    // Reloading, and opening the wizard again signed in, must not send it a second time.
    await page.reload();
    await page.goto('/');
    await page.getByRole('button', { name: 'Get Started' }).click();
    await page.getByRole('dialog', { name: 'Book a cleaning' }).getByText('Step 1 of 12').waitFor();
    await page.waitForTimeout(500);
    const after = await apiCall<{ bookings: unknown[] }>('GET', '/api/user/bookings', { token });
    expect(after.body.bookings).toHaveLength(1);
    await page.context().close();
  });
});
