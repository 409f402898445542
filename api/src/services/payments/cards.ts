// The card on file (README "Payments"): Checkout in `setup` mode saves it on a Stripe-hosted page, so
// card numbers never touch our servers; we keep the payment method id, brand, last 4 and expiry that
// Stripe answers. Saved from the `checkout.session.completed` webhook or when the return page reads
// the session, whichever comes first (both do the same, once).
import type Stripe from 'stripe';
import mongoose from 'mongoose';
import type { CardOnFile } from '@shared/schemas/payments';
import { PAYMENT_MSG } from '@shared/messages-payments';
import type { Deps } from '../../deps';
import { badRequest, notFound } from '../../lib/errors';
import { PaymentCard, type PaymentCardDoc } from '../../models/PaymentCard';
import { User } from '../../models/User';
import { requireStripe, siteBase, unavailable } from './stripe';

type CardDeps = Pick<Deps, 'config' | 'clock' | 'log'>;
const oid = (id: string) => new mongoose.Types.ObjectId(id);

export const cardOf = (doc: PaymentCardDoc | null): CardOnFile | null =>
  doc?.payment_method && doc.brand && doc.last4 ? { brand: doc.brand, last4: doc.last4, exp_month: doc.exp_month ?? 0, exp_year: doc.exp_year ?? 0 } : null;

export async function cardOnFile(userId: string): Promise<CardOnFile | null> {
  return cardOf(await PaymentCard.findOne({ user: oid(userId) }).lean<PaymentCardDoc>());
}

/** The customer's Stripe customer, made on first use; the idempotency key makes two tabs make one. */
async function stripeCustomerOf(stripe: Stripe, userId: string): Promise<string> {
  const known = await PaymentCard.findOne({ user: oid(userId) }, { stripe_customer: 1 }).lean<PaymentCardDoc>();
  if (known) return known.stripe_customer;
  const user = await User.findById(userId, { name: 1, email: 1 }).lean();
  if (!user) throw notFound();
  const customer = await stripe.customers.create({ email: user.email, name: user.name, metadata: { user_id: userId } }, {
    idempotencyKey: `customer:${userId}`,
  }).catch((err: unknown) => {
    throw unavailable(err);
  });
  await PaymentCard.updateOne({ user: oid(userId) }, { $setOnInsert: { stripe_customer: customer.id } }, { upsert: true }).catch((err: unknown) => {
    if ((err as { code?: number; }).code !== 11000) throw err;
  });
  return (await PaymentCard.findOne({ user: oid(userId) }, { stripe_customer: 1 }).lean<PaymentCardDoc>())!.stripe_customer;
}

/** A Stripe-hosted page (Checkout, setup mode) where the customer adds or replaces their card. */
export async function startCardCheckout(deps: CardDeps, userId: string, origin: string): Promise<{ url: string; }> {
  const stripe = requireStripe(deps.config.payments);
  const customer = await stripeCustomerOf(stripe, userId);
  const base = siteBase(deps.config.publicUrl, origin);
  const session = await stripe.checkout.sessions
    .create({
      mode: 'setup',
      customer,
      currency: 'gbp',
      allowed_payment_method_types: ['card'],
      success_url: `${base}/account/payments?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${base}/account/payments`,
      metadata: { user_id: userId, purpose: 'card' },
    })
    .catch((err: unknown) => {
      throw unavailable(err);
    });
  if (!session.url) throw unavailable(new Error('no url'));
  return { url: session.url };
}

/** Stores the card a completed setup session saved (the webhook, or the return page); the old card is detached. */
export async function saveCardFromSession(deps: CardDeps, session: Stripe.Checkout.Session, onlyUser?: string): Promise<CardOnFile | null> {
  const stripe = requireStripe(deps.config.payments);
  if (session.mode !== 'setup' || session.status !== 'complete') return null;
  const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
  const owner = await PaymentCard.findOne({ stripe_customer: customer }).lean<PaymentCardDoc>();
  if (!owner || (onlyUser && String(owner.user) !== onlyUser)) return null;
  const intentId = typeof session.setup_intent === 'string' ? session.setup_intent : session.setup_intent?.id;
  if (!intentId) return null;
  const intent = await stripe.setupIntents.retrieve(intentId);
  const pmId = typeof intent.payment_method === 'string' ? intent.payment_method : intent.payment_method?.id;
  if (!pmId || intent.status !== 'succeeded') return null;
  if (owner.payment_method === pmId) return cardOf(owner);
  const pm = await stripe.paymentMethods.retrieve(pmId);
  if (!pm.card) return null;
  const saved = await PaymentCard.findOneAndUpdate(
    { _id: owner._id, version: owner.version },
    {
      $set: {
        payment_method: pmId,
        brand: pm.card.brand,
        last4: pm.card.last4,
        exp_month: pm.card.exp_month,
        exp_year: pm.card.exp_year,
        saved_at: owner.saved_at ?? deps.clock.now(),
      },
      $inc: { version: 1 },
    },
    { returnDocument: 'after' },
  ).lean<PaymentCardDoc>();
  if (!saved) return cardOnFile(String(owner.user));
  if (owner.payment_method) await detachQuietly(deps, stripe, owner.payment_method);
  return cardOf(saved);
}

/** The return page: reads the session the customer just completed (it must be theirs). */
export async function saveCardFromReturn(deps: CardDeps, userId: string, sessionId: string): Promise<CardOnFile | null> {
  if (!/^cs_\w{1,200}$/.test(sessionId)) throw badRequest('session_id is not a Checkout Session id');
  const stripe = requireStripe(deps.config.payments);
  const session = await stripe.checkout.sessions.retrieve(sessionId).catch((err: unknown) => {
    throw unavailable(err);
  });
  await saveCardFromSession(deps, session, userId);
  return cardOnFile(userId);
}

async function detachQuietly(deps: CardDeps, stripe: Stripe, pm: string) {
  await stripe.paymentMethods.detach(pm).catch((err: unknown) => deps.log.warn({ err, pm }, 'could not detach the replaced card at Stripe'));
}

/** Removes the card: detached at Stripe first, then forgotten here. Charges due later then ask the customer to pay. */
export async function removeCard(deps: CardDeps, userId: string): Promise<void> {
  const doc = await PaymentCard.findOne({ user: oid(userId) }).lean<PaymentCardDoc>();
  if (!doc?.payment_method) throw notFound(PAYMENT_MSG.cardNotFound);
  const stripe = requireStripe(deps.config.payments);
  await stripe.paymentMethods.detach(doc.payment_method).catch((err: unknown) => {
    if ((err as { code?: string; }).code !== 'resource_missing' && (err as { raw?: { code?: string; }; }).raw?.code !== 'resource_missing') {
      throw unavailable(err);
    }
  });
  await PaymentCard.updateOne({ _id: doc._id, payment_method: doc.payment_method }, {
    $set: { payment_method: null, brand: null, last4: null, exp_month: null, exp_year: null, saved_at: null },
    $inc: { version: 1 },
  });
}
