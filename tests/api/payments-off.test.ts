// Without STRIPE_SECRET_KEY card payments are off (README "Payments"): the answers say how the company
// is paid instead, nothing is charged, and the webhook is not there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeCustomer } from './employee-fixtures';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ LOG_LEVEL: 'error' });
});
afterAll(async () => {
  await s?.close();
});

describe('without STRIPE_SECRET_KEY', () => {
  it('cards are off: the screens say how to pay, nothing is charged, the webhook is not there', async () => {
    const c = await makeCustomer(s);
    const card = await s.call('GET', '/api/user/payment-method', { token: c.token });
    expect(card.body).toMatchObject({ payment_method: null, cards_enabled: false, how_to_pay: expect.stringContaining('bank transfer') });
    expect((await s.call('POST', '/api/user/payment-method/checkout', { token: c.token })).status).toBe(409);
    expect((await s.call('GET', '/api/user/payments', { token: c.token })).body).toMatchObject({ cards_enabled: false, payments: [] });
    expect((await s.call('POST', '/api/payments/stripe/webhook', { body: '{}' })).status).toBe(404);
  });
});
