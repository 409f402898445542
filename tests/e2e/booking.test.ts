// A signed-in booking made while the connection is down: the wizard says it is saved (not confirmed),
// My Bookings lists it as waiting, and it reaches the server exactly once when the connection returns.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCall, baseUrl, uniqueEmail } from './support';
import { closeBrowser, newPage, withServiceWorkers } from './browser';
import { bookThroughWizard, logInThroughUi, signUpByApi, storedToken } from './customer-steps';

// Offline use, Background Sync, push or updates: this file's contexts register the app's service worker.
beforeAll(withServiceWorkers);

afterAll(closeBrowser);

async function countBookings(token: string): Promise<number> {
  const r = await apiCall<{ bookings: unknown[]; }>('GET', '/api/user/bookings', { token });
  return r.body.bookings.length;
}

describe('booking while offline', () => {
  it('is queued, shown as waiting, and sent once when back online', async () => {
    const email = uniqueEmail('offline');
    const password = 'offline-pass-1';
    await signUpByApi(email, password, 'Offline Olly');
    const page = await newPage(baseUrl(), 1280);
    await logInThroughUi(page, email, password);
    const token = (await storedToken(page))!;

    const dialog = await bookThroughWizard(page, {
      postcode: 'M1 1AE',
      address: '1 Piccadilly, Manchester',
      phone: '07700 900999',
      when: '2099-07-03T11:45',
      beforeComplete: () => page.context().setOffline(true),
    });
    await dialog.getByText("Saved — will send when you're back online").waitFor();
    expect(await dialog.getByText('Booking Confirmed!').count()).toBe(0);
    expect(await countBookings(token)).toBe(0);

    // My Bookings (client-side navigation, still offline) lists it as waiting to send.
    await dialog.getByRole('button', { name: 'View My Booking' }).click();
    await page.getByRole('heading', { name: 'Waiting to send' }).waitFor();
    await page.getByText('M1 1AE').first().waitFor();

    await page.context().setOffline(false);
    const deadline = Date.now() + 30_000;
    while ((await countBookings(token)) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 300));
    expect(await countBookings(token)).toBe(1);
    await page.getByRole('heading', { name: 'Waiting to send' }).waitFor({ state: 'detached', timeout: 15_000 });
    await page.getByRole('heading', { name: /Deep clean · House/ }).waitFor();
    // Give any duplicate replay a moment to land, then check there is still exactly one.
    await page.waitForTimeout(1000);
    expect(await countBookings(token)).toBe(1);
    await page.context().close();
  });
});
