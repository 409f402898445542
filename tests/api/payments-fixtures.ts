// Card payment tests: the API with STRIPE_* pointing at our Stripe-compatible test server, both on
// one test clock (the server signs webhooks with the time the API reads), and a customer whose plan's
// visits cost £80.
import { mkdtemp, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Visit } from '../../api/src/models/Visit';
import { startStripeServer, type StripeTestServer } from '../support/stripe-server';
import { startTestServer, type TestServer } from '../support/test-server';
import { acceptedPlan, dayAhead, type PlanCast } from './visits-fixtures';

export interface PaymentsWorld {
  s: TestServer;
  stripe: StripeTestServer;
  clockFile: string;
  setOffset(ms: number): Promise<void>;
  close(): Promise<void>;
}

export async function startPaymentsWorld(env: Record<string, string> = {}): Promise<PaymentsWorld> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sc-pay-clock-'));
  const clockFile = path.join(dir, 'offset');
  await writeFile(clockFile, '0');
  const offset = () => Number(readFileSync(clockFile, 'utf8').trim()) || 0;
  const stripe = await startStripeServer({ webhookSecret: 'whsec_test_payments', now: () => Date.now() + offset() });
  const s = await startTestServer({
    TEST_CLOCK_FILE: clockFile,
    LOG_LEVEL: process.env.PAY_LOG ?? 'error',
    JOBS_POLL_MS: '0',
    STRIPE_SECRET_KEY: 'sk_test_payments',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_payments',
    STRIPE_API_BASE: stripe.url,
    ...env,
  });
  stripe.webhookUrl = `${s.url}/api/payments/stripe/webhook`;
  return {
    s,
    stripe,
    clockFile,
    setOffset: (ms) => writeFile(clockFile, String(ms)),
    async close() {
      await s.close();
      await stripe.close();
    },
  };
}

/** Saves a test card through the hosted page (Checkout, setup mode); answers where Stripe sent the customer back. */
export async function saveCard(w: PaymentsWorld, token: string, card = 'pm_card_visa'): Promise<string> {
  const res = await w.s.call('POST', '/api/user/payment-method/checkout', { token });
  if (res.status !== 200) throw new Error(`checkout ${res.status} ${JSON.stringify(res.body)}`);
  const page = await fetch(res.body.url, { method: 'POST', body: new URLSearchParams({ card }), redirect: 'manual' });
  await w.stripe.settled();
  return page.headers.get('location') ?? '';
}

/** A plan with a card on file and its first visit (£80) done: answers the visit's id. */
export async function doneVisit(w: PaymentsWorld, card = 'pm_card_visa'): Promise<{ plan: PlanCast; visitId: string; }> {
  // Each case starts at today's real time: a card is charged for cleans done after it was saved.
  await w.setOffset(0);
  const plan = await acceptedPlan(w.s, { date: dayAhead(1) });
  await Visit.updateMany({ plan: plan.bookingId }, { $set: { price_pence: 8000 } });
  await saveCard(w, plan.customer.token, card);
  const first = (await Visit.findOne({ plan: plan.bookingId }).sort({ start: 1 }).lean())!;
  await w.setOffset(first.start.getTime() + 3600_000 - Date.now());
  const res = await w.s.call('POST', `/api/employee/visits/${String(first._id)}/submit-work`, {
    token: plan.cleaner.token,
    json: { work_hours: 2, completion_notes: 'Done' },
  });
  if (res.status !== 200) throw new Error(`submit ${res.status} ${JSON.stringify(res.body)}`);
  return { plan, visitId: String(first._id) };
}

/** Moves the clock `hours` further on and runs every job then due. */
export async function later(w: PaymentsWorld, hours: number): Promise<void> {
  const now = Number(readFileSync(w.clockFile, 'utf8').trim()) || 0;
  await w.setOffset(now + hours * 3600_000);
  await w.s.deps.jobs.tick();
  await w.stripe.settled();
}
