// Card payments, the office's side and Stripe's webhook (README "Payments"): hold, change, release;
// partial and full refunds and an over-refund refused; tampered, replayed and out-of-order webhooks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Payment } from '../../api/src/models/Payment';
import { AuditLog } from '../../api/src/models/AuditLog';
import { makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';
import { doneVisit, later, startPaymentsWorld, type PaymentsWorld } from './payments-fixtures';

let w: PaymentsWorld;
let admin: TestEmployee;
beforeAll(async () => {
  w = await startPaymentsWorld();
  admin = await makeEmployee(w.s, { role: 'admin', name: 'Ada Admin' });
});
afterAll(async () => {
  await w?.close();
});

const office = (method: string, url: string, json?: unknown) => w.s.call(method, url, { token: admin.token, json });
const paymentOfVisit = async (visitId: string) => (await Payment.findOne({ visit: visitId }).lean())!;

describe('the office before a charge runs', () => {
  it('hold stops it, a new amount is charged after release, the customer is told, each step audited', async () => {
    const { plan, visitId } = await doneVisit(w);
    const id = String((await paymentOfVisit(visitId))._id);
    const listed = await office('GET', `/api/admin/payments?state=scheduled&page=1&limit=5`);
    expect(listed.body.payments.map((p: { id: string; }) => p.id)).toContain(id);
    expect((await office('POST', `/api/admin/payments/${id}/hold`)).body.payment).toMatchObject({ state: 'held' });
    const before = w.stripe.intentsCreated;
    await later(w, 48);
    expect(w.stripe.intentsCreated).toBe(before);
    expect((await office('PATCH', `/api/admin/payments/${id}`, { amount_pence: 6000 })).body.payment).toMatchObject({ amount_pence: 6000, state: 'held' });
    expect((await office('PATCH', `/api/admin/payments/${id}`, { amount_pence: 12.5 })).status).toBe(400);
    expect(w.s.mail.mails.filter((m) => m.to === plan.customer.email.toLowerCase() && /has changed/.test(m.subject))).toHaveLength(1);
    expect((await office('POST', `/api/admin/payments/${id}/release`)).body.payment).toMatchObject({ state: 'scheduled' });
    await later(w, 0.1);
    expect(w.stripe.intentsCreated).toBe(before + 1);
    expect(await paymentOfVisit(visitId)).toMatchObject({ state: 'paid', amount_pence: 6000 });
    expect((await office('PATCH', `/api/admin/payments/${id}`, { amount_pence: 5000 })).status).toBe(409);
    expect((await office('POST', `/api/admin/payments/${id}/hold`)).status).toBe(409);
    const actions = (await AuditLog.find({ 'target.id': plan.customer.id }).lean()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['payment.hold', 'payment.amount', 'payment.release']));
  });

  it('a customer cannot reach the office list; bad filters are 400', async () => {
    const c = await makeCustomer(w.s);
    expect((await w.s.call('GET', '/api/admin/payments', { token: c.token })).status).toBe(401);
    expect((await office('GET', '/api/admin/payments?state=lost')).status).toBe(400);
    expect((await office('GET', '/api/admin/payments?month=2026-13')).status).toBe(400);
  });
});

describe('refunds', () => {
  it('part, then the rest; an over-refund is refused and changes nothing; the customer is told each time', async () => {
    const { plan, visitId } = await doneVisit(w);
    await later(w, 25);
    const id = String((await paymentOfVisit(visitId))._id);
    expect((await office('POST', `/api/admin/payments/${id}/refund`, { amount_pence: 3000, reason: 'Missed the oven' })).body.payment).toMatchObject({
      state: 'part_refunded',
      refunded_pence: 3000,
    });
    const over = await office('POST', `/api/admin/payments/${id}/refund`, { amount_pence: 5001, reason: 'Too much' });
    expect(over.status).toBe(409);
    expect(over.body.message).toContain('£50');
    expect((await office('POST', `/api/admin/payments/${id}/refund`, { amount_pence: 100, reason: '' })).status).toBe(400);
    expect(await paymentOfVisit(visitId)).toMatchObject({ refunded_pence: 3000, state: 'part_refunded' });
    expect((await office('POST', `/api/admin/payments/${id}/refund`, { amount_pence: 5000, reason: 'Cancelled' })).body.payment).toMatchObject({
      state: 'refunded',
      refunded_pence: 8000,
    });
    await w.stripe.settled();
    expect(await paymentOfVisit(visitId)).toMatchObject({ refunded_pence: 8000, state: 'refunded' });
    expect(w.s.mail.mails.filter((m) => m.to === plan.customer.email.toLowerCase() && /^Refund/.test(m.subject))).toHaveLength(2);
    const mine = (await w.s.call('GET', '/api/user/payments', { token: plan.customer.token })).body.payments[0];
    expect(mine).toMatchObject({ state: 'refunded', refunded_pence: 8000 });
  });
});

describe('the webhook', () => {
  it('a tampered, unsigned or wrongly signed event is 400 and changes nothing; a replay is applied once', async () => {
    const { visitId } = await doneVisit(w);
    w.stripe.autoDeliver = false;
    try {
      await later(w, 25);
      const p = await paymentOfVisit(visitId);
      const event = w.stripe.pending.find((e) => e.type === 'charge.refunded') ?? null;
      expect(event).toBeNull();
      // A forged refund event: the body changed after signing, no signature, another secret.
      const succeeded = w.stripe.pending.find((e) => e.type === 'payment_intent.succeeded')!;
      const forged = JSON.stringify({
        ...succeeded,
        id: 'evt_forged',
        type: 'charge.refunded',
        data: { object: { object: 'charge', id: 'ch_x', amount: 8000, amount_refunded: 8000, payment_intent: p.payment_intent } },
      });
      const signed = w.stripe.sign(JSON.stringify(succeeded));
      expect(await w.stripe.post(forged, signed)).toBe(400);
      expect(await w.stripe.post(forged)).toBe(400);
      expect(await w.stripe.post(forged, w.stripe.sign(forged, 'whsec_someone_else'))).toBe(400);
      expect(await w.stripe.post(forged, 't=1,v1=00')).toBe(400);
      expect(await paymentOfVisit(visitId)).toMatchObject({ state: 'paid', refunded_pence: 0 });
      expect((await w.stripe.deliver()).every((status) => status === 200)).toBe(true);
      // The same refund event delivered twice is counted once.
      await office('POST', `/api/admin/payments/${String(p._id)}/refund`, { amount_pence: 1000, reason: 'Late' });
      const refunded = w.stripe.pending.filter((e) => e.type === 'charge.refunded');
      expect(await w.stripe.deliver([...refunded, ...refunded])).toEqual([200, 200]);
      expect(await paymentOfVisit(visitId)).toMatchObject({ refunded_pence: 1000, state: 'part_refunded' });
    } finally {
      w.stripe.pending.length = 0;
      w.stripe.autoDeliver = true;
    }
  });

  it('events in any order end in the right state: a refund seen before the payment, a failure after it', async () => {
    const { visitId } = await doneVisit(w);
    w.stripe.autoDeliver = false;
    try {
      await later(w, 25);
      const p = await paymentOfVisit(visitId);
      // Forget what the job recorded: only the events, reversed, tell the story now.
      await Payment.updateOne({ _id: p._id }, { $set: { paid_at: null, state: 'scheduled', payment_intent: null, receipt_sent_at: null } });
      const paid = w.stripe.pending.splice(0);
      const { state } = w.stripe;
      state.createRefund({ payment_intent: String(p.payment_intent), amount: '2000' }, null);
      const refundEvents = w.stripe.pending.splice(0);
      const failed = { ...paid.find((e) => e.type === 'payment_intent.succeeded')!, id: 'evt_late_failure', type: 'payment_intent.payment_failed' };
      failed.data = {
        object: { ...failed.data.object, status: 'requires_payment_method', last_payment_error: { code: 'card_declined', message: 'declined' } },
      };
      expect(await w.stripe.deliver([...refundEvents].reverse())).toEqual(refundEvents.map(() => 200));
      expect(await paymentOfVisit(visitId)).toMatchObject({ state: 'part_refunded', refunded_pence: 2000 });
      expect(await w.stripe.deliver([...paid].reverse())).toEqual(paid.map(() => 200));
      expect(await w.stripe.deliver([failed])).toEqual([200]);
      expect(await paymentOfVisit(visitId)).toMatchObject({ state: 'part_refunded', refunded_pence: 2000, failure_code: null });
    } finally {
      w.stripe.pending.length = 0;
      w.stripe.autoDeliver = true;
    }
  });
});
