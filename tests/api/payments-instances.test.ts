// A card charge across processes (README "Payments"): two API instances on one database charge a
// completed visit once, and a kill -9 while the charge is in flight at Stripe is followed by a run
// elsewhere that sends the same idempotency key, so Stripe answers it without a second charge.
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { cleanUpInstances, engineSocketUri, instanceDir, startInstance as spawnInstance } from '../support/instances';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server';

let mail: MailCatcher;
let stripe: StripeTestServer;

const startInstance = (dataDir: string, env: Record<string, string> = {}) =>
  spawnInstance(dataDir, {
    SMTP_URL: mail.url,
    JWT_SECRET: 'test-secret-of-at-least-32-bytes-pay-instances',
    JOBS_POLL_MS: '50',
    JOBS_LEASE_MS: '1500',
    STRIPE_SECRET_KEY: 'sk_test_instances',
    STRIPE_WEBHOOK_SECRET: 'whsec_instances',
    STRIPE_API_BASE: stripe.url,
    PAYMENT_DELAY_HOURS: '0',
    ...env,
  });

beforeAll(async () => {
  mail = await startMailCatcher();
  stripe = await startStripeServer({ webhookSecret: 'whsec_instances', autoDeliver: false });
});
afterAll(async () => {
  await cleanUpInstances();
  await stripe?.close();
  await mail?.close();
});

/** A customer with a saved Visa and a £80 visit done a minute ago, written straight into the instance's database. */
async function doneVisitWithCard(db: mongoose.Connection) {
  const user = new mongoose.Types.ObjectId();
  const visit = new mongoose.Types.ObjectId();
  const customer = stripe.state.createCustomer({ email: 'card@example.com' });
  const pm = stripe.state.attach('pm_card_visa', String(customer.id));
  const now = Date.now();
  await db.collection('users').insertOne({ _id: user, email: `card.${now}@example.com`, name: 'Carrie Card', created_at: new Date(), updated_at: new Date() });
  await db.collection('paymentcards').insertOne({
    user,
    stripe_customer: customer.id,
    payment_method: pm.id,
    brand: 'visa',
    last4: '4242',
    exp_month: 12,
    exp_year: 2030,
    saved_at: new Date(now - 3600_000),
    version: 0,
  });
  const day = new Date(now).toISOString().slice(0, 10);
  await db.collection('visits').insertOne({
    _id: visit,
    plan: new mongoose.Types.ObjectId(),
    user,
    reference: 'SC-INST1',
    slot: day,
    day,
    start: new Date(now - 7200_000),
    state: 'completed',
    work_submitted: true,
    submitted_at: new Date(now - 60_000),
    price_pence: 8000,
    version: 1,
    exception: false,
    created_at: new Date(),
    updated_at: new Date(),
  });
  return { visit };
}

/** Polls the database until `check` holds (each check awaited, so none is in flight when it returns). */
async function until(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const PLAN_NOW = () => ({ key: 'payments-plan', kind: 'payments-plan', runAt: new Date() });

const intentsFor = (visit: mongoose.Types.ObjectId) =>
  [...stripe.state.objects.values()].filter((o) => o.object === 'payment_intent' && (o.metadata as Record<string, string>).visit_id === String(visit));

describe('card charges across processes', () => {
  it('two instances on one database charge a completed visit once', { timeout: 180_000 }, async () => {
    const dirA = await instanceDir('sc-payi-');
    const dirB = await instanceDir('sc-payi-');
    const a = await startInstance(dirA);
    const db = await mongoose.createConnection(engineSocketUri(dirA)).asPromise();
    try {
      // Counted from before the visit exists: on a loaded machine the first instance's own start-up pass
      // can charge it while the second instance is still starting.
      const before = stripe.intentsCreated;
      const { visit } = await doneVisitWithCard(db);
      const b = await startInstance(dirB, { MONGODB_URI: engineSocketUri(dirA) });
      // The planning pass runs now on both (as it does every few minutes), not ten minutes on.
      await a.schedule([PLAN_NOW()]);
      await b.schedule([PLAN_NOW()]);
      await until(async () => (await db.collection('payments').findOne({ visit }))?.state === 'paid', 60_000, 'the charge');
      // Its job is finished (paid: cancelled while it ran, so never claimed again by either instance): one charge in all.
      const payment = (await db.collection('payments').findOne({ visit }))!;
      const finished = async () =>
        ['done', 'cancelled'].includes(String((await db.collection('jobs').findOne({ key: `payment-charge:${String(payment._id)}` }))?.state)) &&
        !(await db.collection('jobs').findOne({ key: `payment-charge:${String(payment._id)}` }))?.lease_owner;
      await until(finished, 30_000, 'the job to be finished');
      expect(stripe.intentsCreated - before).toBe(1);
      expect(intentsFor(visit)).toHaveLength(1);
      expect(await db.collection('payments').countDocuments({ visit })).toBe(1);
      b.child.kill('SIGTERM');
      await b.exited;
    } finally {
      await db.close();
      a.child.kill('SIGTERM');
      await a.exited;
    }
  });

  it('kill -9 while the charge is at Stripe: the run after it sends the same key and is not charged again', { timeout: 180_000 }, async () => {
    const dir = await instanceDir('sc-payk-');
    stripe.holdIntentAnswers = true;
    const first = await startInstance(dir);
    let db = await mongoose.createConnection(engineSocketUri(dir)).asPromise();
    const { visit } = await doneVisitWithCard(db);
    await db.close();
    await first.schedule([PLAN_NOW()]);
    await stripe.heldIntent; // the PaymentIntent was made; its answer never reaches the instance
    first.child.kill('SIGKILL');
    await first.exited;
    stripe.holdIntentAnswers = false;
    expect(intentsFor(visit)).toHaveLength(1);
    const created = stripe.intentsCreated;

    const second = await startInstance(dir);
    db = await mongoose.createConnection(engineSocketUri(dir)).asPromise();
    try {
      await until(async () => (await db.collection('payments').findOne({ visit }))?.state === 'paid', 60_000, 'the charge after the restart');
      const payment = await db.collection('payments').findOne({ visit });
      expect(stripe.intentsCreated).toBe(created);
      expect(intentsFor(visit)).toHaveLength(1);
      expect(payment!.payment_intent).toBe(intentsFor(visit)[0].id);
    } finally {
      await db.close();
      second.child.kill('SIGTERM');
      await second.exited;
    }
  });
});
