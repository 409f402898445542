// Prices in Chromium against the real server, at 375 and 1280 px: the wizard's estimate
// moves with each answer (and equals POST /api/quote), the last step shows the agreement, and a first
// visit within 14 days cannot be booked without the tick. The office's price list screen is shown.
// Screenshots (also 812×375) in /tmp/prices-*.png.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PRICE_MSG } from '@shared/messages-prices';
import { closeBrowser, newPage, screenshots, staffSignInThroughUi } from './browser';
import { apiCall, baseUrl, createStaff, uniqueEmail } from './support';
import { logInThroughUi, signUpByApi } from './customer-steps';

afterAll(closeBrowser);

/** /tmp/prices-<name>.png, and at 812×375 too when `landscape`. */
const shot = (page: Page, name: string, landscape = false) => screenshots(page, `prices-${name}`, { landscape });

/** Three days ahead at 10:00, as the date-time field takes it (the browser's local time). */
function threeDaysAhead(): string {
  const d = new Date(Date.now() + 3 * 86_400_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T10:00`;
}

describe.each([375, 1280] as const)('prices at %i px', (width) => {
  it('the estimate follows each answer, the agreement shows on the last step, and the 14-day tick is needed', async () => {
    const email = uniqueEmail(`prices-${width}`);
    await signUpByApi(email, 'pricepass1', 'Petra Price');
    const page = await newPage(baseUrl(), width);
    await logInThroughUi(page, email, 'pricepass1');
    await page.goto('/');
    await page.getByLabel('Your postcode').fill('EC1A 1BB');
    await page.getByRole('button', { name: 'Get Started' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book a cleaning' });
    await dialog.getByText('Step 1 of 12').waitFor();
    await dialog.getByLabel('Address').fill('1 Price Street, London');
    const next = dialog.getByRole('button', { name: 'Continue' });
    const line = dialog.locator('.wizard-estimate');
    await next.click();

    // Each answer and the line it gives (null: too little answered yet).
    const steps: Array<[string, string | null]> = [
      ['House', null],
      ['Weekly', null],
      ['3', null],
      ['2', 'About 3.5 hours · £63 per visit · weekly'],
      ['1', 'About 4 hours · £72 per visit · weekly'],
      ['Deep', 'About 6 hours · £108 per visit · weekly'],
      ['No, this is my first time', 'About 6 hours · £108 per visit · weekly'],
      ['', 'About 6 hours · £108 per visit · weekly'],
      ['Please bring supplies and equipment', 'About 6 hours · £113 per visit · weekly'],
      ['Ready to book now', 'About 6 hours · £113 per visit · weekly'],
    ];
    for (let i = 0; i < steps.length; i++) {
      const [choice, expected] = steps[i];
      await dialog.getByText(`Step ${i + 2} of 12`).waitFor();
      if (choice === '') await dialog.getByLabel('Preferred date and time').fill(threeDaysAhead());
      else await dialog.getByRole('radio', { name: choice, exact: true }).check();
      if (expected === null) expect(await line.textContent()).toBe('');
      else await expect.poll(() => line.textContent()).toBe(expected);
      if (i === 5) await shot(page, `estimate-${width}`, width === 375);
      await next.click();
    }

    // "Other" is the office's to price; back to Deep afterwards is priced again.
    await dialog.getByText('Step 12 of 12').waitFor();
    const agreement = dialog.getByRole('region', { name: PRICE_MSG.agreementTitle });
    await expect.poll(() => agreement.textContent()).toContain('£113 per visit');
    expect(await agreement.textContent()).toContain('£452 per 4 weeks');
    expect(await agreement.textContent()).toContain(PRICE_MSG.cancellationRule('18:00', 50));
    expect(await agreement.textContent()).toContain('12 Market Street, London, EC1A 1BB');
    expect(await agreement.getByRole('link', { name: PRICE_MSG.modelFormLink }).getAttribute('href')).toBe('/terms#cancellation-form');
    // The same numbers from the server.
    const quote = await apiCall('POST', '/api/quote', {
      json: {
        propertyType: 'House',
        frequency: 'Weekly',
        bedrooms: '3',
        bathrooms: '2',
        receptions: '1',
        cleaningType: 'Deep',
        supplies: 'Please bring supplies and equipment',
      },
    });
    expect(quote.body).toMatchObject({ hours: 6, pence_per_visit: 11300, pence_per_4_weeks: 45200 });

    await dialog.getByLabel('Phone number', { exact: true }).fill('07700 900777');
    await shot(page, `agreement-${width}`, width === 375);
    await dialog.getByRole('button', { name: 'Complete Booking' }).click();
    await dialog.getByText(PRICE_MSG.startEarlyRequired).waitFor();
    await dialog.getByLabel(PRICE_MSG.startEarly).check();
    await dialog.getByRole('button', { name: 'Complete Booking' }).click();
    await dialog.getByText('Booking Confirmed!').waitFor();
    await page.context().close();
  });

  it('the office reads the price list at /office/prices', async () => {
    const owner = { email: uniqueEmail(`prices-owner-${width}`), password: 'ownerpass1' };
    await createStaff(owner.email, 'Pat Prices', owner.password, 'super-admin');
    const office = await newPage(baseUrl(), width);
    await staffSignInThroughUi(office, owner.email, owner.password);
    await office.goto('/office/prices');
    await office.getByRole('heading', { name: PRICE_MSG.listTitle }).waitFor();
    await office.getByText('3 bedrooms, 2 bathrooms, weekly: About 3.5 hours · £63 per visit · weekly').waitFor();
    expect(await office.getByLabel('Hours, 3 bedrooms, 2 bathrooms').inputValue()).toBe('3.5');
    await office.getByRole('button', { name: 'Save as a new version' }).waitFor();
    await shot(office, `office-${width}`, width === 375);
    await office.context().close();
  });
});
