// Card payments on the job runner (README "Payments"): `payments-plan` every few minutes turns visits
// done (and late charges taken) into payments due PAYMENT_DELAY_HOURS later, each with its own
// `payment-charge:{paymentId}` job, which takes the money once (services/payments/charge.ts) and is
// moved to each retry day after a failure.
import type { Deps } from '../deps';
import { runCharge } from '../services/payments/charge';
import { PAYMENT_CHARGE, planCharges } from '../services/payments/plan';
import { stripeOf } from '../services/payments/stripe';

export const PAYMENTS_PLAN = 'payments-plan';
/** How often visits done are looked for (hours submitted through the app plan their payment at once). */
const PLAN_EVERY_MS = 10 * 60_000;

type JobDeps = Pick<Deps, 'jobs' | 'config' | 'clock' | 'log' | 'mailer' | 'push'>;

export async function startPaymentJobs(deps: JobDeps): Promise<void> {
  deps.jobs.define(PAYMENT_CHARGE, (p) => runCharge(deps, String(p.paymentId)));
  deps.jobs.define(PAYMENTS_PLAN, async () => {
    const planned = await planCharges(deps);
    if (planned) deps.log.info({ planned }, 'card charges planned');
    await deps.jobs.schedule({ key: PAYMENTS_PLAN, kind: PAYMENTS_PLAN, runAt: new Date(deps.clock.now().getTime() + PLAN_EVERY_MS) });
  });
  if (stripeOf(deps.config.payments)) {
    await deps.jobs.schedule({ key: PAYMENTS_PLAN, kind: PAYMENTS_PLAN, runAt: deps.clock.now(), rearmDoneWhere: { kind: PAYMENTS_PLAN } });
  }
}
