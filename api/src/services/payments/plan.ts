// Which charges are due (README "Payments"): every completed, priced visit, and every late-change or
// lockout charge, of a customer with a card on file, done since that card was saved, becomes one
// Payment `PAYMENT_DELAY_HOURS` after it was done, with its job on the runner. Run by the planning
// job every few minutes and at once after hours are submitted; the unique index (visit, kind) makes
// two instances planning at once make each payment once.
import mongoose from 'mongoose';
import { statementOf } from '@shared/statements';
import { monthOfDay } from '@shared/statements';
import type { Deps } from '../../deps';
import { Payment, type PaymentDoc } from '../../models/Payment';
import { PaymentCard, type PaymentCardDoc } from '../../models/PaymentCard';
import { Visit, type VisitDoc } from '../../models/Visit';
import { statementVisit } from '../statements/statements';
import { stripeOf } from './stripe';

type PlanDeps = Pick<Deps, 'config' | 'clock' | 'jobs' | 'log'>;
export const PAYMENT_CHARGE = 'payment-charge';
export const chargeJobKey = (paymentId: string) => `${PAYMENT_CHARGE}:${paymentId}`;
/** How far back a visit done but not yet planned is still picked up (after downtime). */
const LOOKBACK_DAYS = 14;
const VISITS_PER_CUSTOMER = 200;
const FIELDS = { user: 1, day: 1, reference: 1, state: 1, price_pence: 1, late_charge_pence: 1, late_charge_at: 1, submitted_at: 1 } as const;

/** Plans (or re-plans) a payment's charge job at `runAt`; a done job is armed again (a retry after overdue). */
export async function scheduleCharge(deps: Pick<Deps, 'jobs'>, paymentId: string, runAt: Date): Promise<void> {
  await deps.jobs.schedule({ key: chargeJobKey(paymentId), kind: PAYMENT_CHARGE, runAt, payload: { paymentId }, rearmDoneWhere: { kind: PAYMENT_CHARGE } });
}

async function upsertPayment(deps: PlanDeps, v: VisitDoc, kind: 'visit' | 'charge', net: number, vat: number, doneAt: Date): Promise<void> {
  const now = deps.clock.now();
  const due = new Date(doneAt.getTime() + deps.config.payments.delayHours * 3600_000);
  await Payment.updateOne(
    { visit: v._id, kind },
    {
      $setOnInsert: {
        user: v.user,
        reference: v.reference ?? '',
        day: v.day,
        month: monthOfDay(v.day),
        net_pence: net,
        vat_pence: vat,
        amount_pence: net + vat,
        refunded_pence: 0,
        state: 'scheduled',
        due_at: due,
        job_planned: false,
        created_at: now,
        updated_at: now,
      },
    },
    { upsert: true },
  ).catch((err: unknown) => {
    if ((err as { code?: number; }).code !== 11000) throw err;
  });
}

/** The payments one visit owes (its clean and its late charge), made when missing. */
async function planVisit(deps: PlanDeps, v: VisitDoc): Promise<void> {
  const lines = statementOf([statementVisit(v)], deps.config.vatPercent).lines;
  for (const l of lines) {
    if (l.net_pence <= 0) continue;
    if (l.kind === 'visit' && v.state === 'completed' && v.submitted_at) await upsertPayment(deps, v, 'visit', l.net_pence, l.vat_pence, v.submitted_at);
    if (l.kind === 'charge' && v.late_charge_at) await upsertPayment(deps, v, 'charge', l.net_pence, l.vat_pence, v.late_charge_at);
  }
}

/** Plans the payments of one customer's visits done since their card was saved (or of `visitIds` only). */
async function planCustomer(deps: PlanDeps, card: PaymentCardDoc, visitIds?: mongoose.Types.ObjectId[]): Promise<void> {
  const lookback = new Date(deps.clock.now().getTime() - (deps.config.payments.delayHours * 3600_000 + LOOKBACK_DAYS * 86_400_000));
  const since = card.saved_at && card.saved_at > lookback ? card.saved_at : lookback;
  const visits = await Visit.find(
    {
      user: card.user,
      ...(visitIds ? { _id: { $in: visitIds } } : {}),
      $or: [{ state: 'completed', submitted_at: { $gte: since }, price_pence: { $ne: null } }, {
        late_charge_pence: { $gt: 0 },
        late_charge_at: { $gte: since },
      }],
    },
    FIELDS,
  ).limit(VISITS_PER_CUSTOMER).lean<VisitDoc[]>();
  for (const v of visits) await planVisit(deps, v);
}

/** Gives every payment without a job its job (a crash between the two leaves it for the next pass). */
async function planJobs(deps: PlanDeps): Promise<number> {
  const open = await Payment.find({ job_planned: false, state: 'scheduled' }, { _id: 1, due_at: 1 }).limit(1000).lean<PaymentDoc[]>();
  for (const p of open) {
    await scheduleCharge(deps, String(p._id), p.due_at);
    await Payment.updateOne({ _id: p._id }, { $set: { job_planned: true } });
  }
  return open.length;
}

/** One pass over every customer with a card on file: answers how many charge jobs it planned. */
export async function planCharges(deps: PlanDeps): Promise<number> {
  if (!stripeOf(deps.config.payments)) return 0;
  const cursor = PaymentCard.find({ payment_method: { $ne: null } }).lean<PaymentCardDoc[]>().cursor({ batchSize: 200 });
  for await (const card of cursor as AsyncIterable<PaymentCardDoc>) await planCustomer(deps, card);
  return planJobs(deps);
}

/** Right after a visit's hours are submitted or a charge is taken: its payment is planned at once. */
export async function planVisitCharges(deps: PlanDeps, visitId: string): Promise<void> {
  if (!stripeOf(deps.config.payments) || !mongoose.isValidObjectId(visitId)) return;
  const v = await Visit.findById(visitId, { user: 1 }).lean<VisitDoc>();
  const card = v && (await PaymentCard.findOne({ user: v.user, payment_method: { $ne: null } }).lean<PaymentCardDoc>());
  if (!card) return;
  await planCustomer(deps, card, [v._id]);
  await planJobs(deps);
}
