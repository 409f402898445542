// Card payments (README "Payments"): a card saved through Stripe's hosted page, a completed visit
// charged once PAYMENT_DELAY_HOURS later, a decline told once then retried then overdue, and an
// authentication request paid through the hosted link. Stripe is our test server, spoken to by the
// official SDK; webhooks come signed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment } from '../../api/src/models/Payment';
import { doneVisit, later, saveCard, startPaymentsWorld, type PaymentsWorld } from './payments-fixtures';
import { makeCustomer } from './employee-fixtures';

let w: PaymentsWorld;
beforeAll(async () => {
  w = await startPaymentsWorld({ PAYMENT_DELAY_HOURS: '24', PAYMENT_RETRY_DAYS: '3,7' });
});
afterAll(async () => {
  await w?.close();
});

const mailsTo = (email: string, subject: RegExp) => w.s.mail.mails.filter((m) => m.to === email.toLowerCase() && subject.test(m.subject));
const paymentsOf = async (token: string) => (await w.s.call('GET', '/api/user/payments', { token })).body;

describe('the card on file', () => {
  it('is saved from the hosted page (the webhook), shown as brand and last 4, replaced and removed at Stripe', async () => {
    const c = await makeCustomer(w.s);
    expect((await w.s.call('GET', '/api/user/payment-method', { token: c.token })).body.payment_method).toBeNull();
    const back = await saveCard(w, c.token);
    expect(back).toMatch(/\/account\/payments\?session_id=cs_test_/);
    const saved = await w.s.call('GET', '/api/user/payment-method', { token: c.token });
    expect(saved.body.payment_method).toEqual({ brand: 'visa', last4: '4242', exp_month: 12, exp_year: expect.any(Number) });
    const firstPm = [...w.stripe.state.objects.values()].find((o) => o.object === 'payment_method' && o.customer);
    await saveCard(w, c.token, 'pm_card_chargeDeclined');
    expect((await w.s.call('GET', '/api/user/payment-method', { token: c.token })).body.payment_method).toMatchObject({ last4: '0002' });
    expect(firstPm!.customer).toBeNull(); // the replaced card was detached at Stripe
    expect((await w.s.call('DELETE', '/api/user/payment-method', { token: c.token })).status).toBe(200);
    expect((await w.s.call('GET', '/api/user/payment-method', { token: c.token })).body.payment_method).toBeNull();
    expect((await w.s.call('DELETE', '/api/user/payment-method', { token: c.token })).status).toBe(404);
  });

  it('the return page saves it too when it reads its session first', async () => {
    const c = await makeCustomer(w.s);
    w.stripe.autoDeliver = false;
    try {
      const back = await saveCard(w, c.token);
      const sessionId = new URL(back).searchParams.get('session_id')!;
      const res = await w.s.call('GET', `/api/user/payment-method?session_id=${sessionId}`, { token: c.token });
      expect(res.body.payment_method).toMatchObject({ brand: 'visa', last4: '4242' });
      // The webhook arriving afterwards changes nothing.
      expect(await w.stripe.deliver()).toEqual(expect.arrayContaining([200]));
      expect((await w.s.call('GET', '/api/user/payment-method', { token: c.token })).body.payment_method).toMatchObject({ last4: '4242' });
    } finally {
      w.stripe.autoDeliver = true;
    }
  });
});

describe('charging after each clean', () => {
  it('a completed visit is scheduled, then charged once after the delay, with a receipt; more ticks charge nothing more', async () => {
    const { plan, visitId } = await doneVisit(w);
    const before = w.stripe.intentsCreated;
    const listed = await paymentsOf(plan.customer.token);
    expect(listed.payments).toEqual([expect.objectContaining({ visit_id: visitId, amount_pence: 8000, refunded_pence: 0, state: 'scheduled', paid_at: null })]);
    await later(w, 23);
    expect(w.stripe.intentsCreated).toBe(before);
    await later(w, 1.5);
    expect(w.stripe.intentsCreated).toBe(before + 1);
    const paid = (await paymentsOf(plan.customer.token)).payments[0];
    expect(paid).toMatchObject({ state: 'paid', amount_pence: 8000, card: { brand: 'visa', last4: '4242' } });
    expect(paid.paid_at).toBeTruthy();
    await later(w, 24 * 10);
    expect(w.stripe.intentsCreated).toBe(before + 1);
    const receipts = mailsTo(plan.customer.email, /^Receipt/);
    expect(receipts).toHaveLength(1);
    expect(receipts[0].text).toContain('£80');
    expect(receipts[0].text).toContain('Visa ending 4242');
    expect(receipts[0].text).not.toContain('VAT');
    const intent = [...w.stripe.state.objects.values()].find((o) =>
      o.object === 'payment_intent' && (o.metadata as Record<string, string>).visit_id === visitId
    )!;
    expect(intent).toMatchObject({ amount: 8000, currency: 'gbp', off_session: true, status: 'succeeded' });
  });

  it('a decline: told once with a link to pay, tried again on the retry days, then overdue', async () => {
    const { plan } = await doneVisit(w, 'pm_card_chargeDeclined');
    const before = w.stripe.intentsCreated;
    await later(w, 25);
    expect(w.stripe.intentsCreated).toBe(before + 1);
    let p = (await paymentsOf(plan.customer.token)).payments[0];
    expect(p).toMatchObject({ state: 'failed', pay_url: expect.stringContaining('/c/pay/cs_test_') });
    expect((await paymentsOf(plan.customer.token)).owed_pence).toBe(8000);
    await later(w, 24 * 3);
    expect(w.stripe.intentsCreated).toBe(before + 2);
    await later(w, 24 * 4);
    expect(w.stripe.intentsCreated).toBe(before + 3);
    p = (await paymentsOf(plan.customer.token)).payments[0];
    expect(p.state).toBe('overdue');
    await later(w, 24 * 30);
    expect(w.stripe.intentsCreated).toBe(before + 3);
    expect(mailsTo(plan.customer.email, /could not take payment/)).toHaveLength(1);
  });

  it('authentication needed: told once; the hosted link pays it and a receipt follows', async () => {
    const { plan } = await doneVisit(w, 'pm_card_authenticationRequired');
    await later(w, 25);
    const p = (await paymentsOf(plan.customer.token)).payments[0];
    expect(p.state).toBe('action_needed');
    const told = mailsTo(plan.customer.email, /could not take payment/);
    expect(told).toHaveLength(1);
    expect(told[0].text).toContain(p.pay_url);
    const res = await fetch(p.pay_url, { method: 'POST', body: new URLSearchParams({ card: 'pm_card_authenticationRequired' }), redirect: 'manual' });
    expect(res.status).toBe(303);
    await w.stripe.settled();
    expect((await paymentsOf(plan.customer.token)).payments[0]).toMatchObject({ state: 'paid' });
    expect((await Payment.findById(p.id).lean())!.retry_at).toBeNull();
    expect(mailsTo(plan.customer.email, /^Receipt/)).toHaveLength(1);
    // The planned retry no longer charges.
    const before = w.stripe.intentsCreated;
    await later(w, 24 * 8);
    expect(w.stripe.intentsCreated).toBe(before);
  });
});
