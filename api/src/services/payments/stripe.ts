// The one Stripe client (the official SDK), made once per secret key. STRIPE_API_BASE (tests only)
// points it at a Stripe-compatible test server as host, port and protocol; nothing else differs.
import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config-payments';
import { HttpError } from '../../lib/errors';
import { PAYMENT_MSG } from '@shared/messages-payments';

let cached: { key: string; base: string; client: Stripe; } | null = null;

/** The client, or null when card payments are off (no STRIPE_SECRET_KEY). */
export function stripeOf(config: PaymentsConfig): Stripe | null {
  if (!config.secretKey) return null;
  const base = JSON.stringify(config.apiBase ?? null);
  if (cached?.key === config.secretKey && cached.base === base) return cached.client;
  const client = new Stripe(config.secretKey, {
    ...(config.apiBase ?? {}),
    // Our own idempotency keys make every retry safe; the SDK's own retries reuse them.
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'SparkleClean' },
  });
  cached = { key: config.secretKey, base, client };
  return client;
}

/** The client for a request that needs it: 409 with how the company is paid when cards are off. */
export function requireStripe(config: PaymentsConfig): Stripe {
  const client = stripeOf(config);
  if (!client) throw new HttpError(409, PAYMENT_MSG.cardsOff, { errorType: 'payments_off', how: PAYMENT_MSG.cardsOffHow });
  return client;
}

/** A failure to reach Stripe (not a card's answer): the request changed nothing and may be tried again. */
export function unavailable(err: unknown): HttpError {
  return new HttpError(502, PAYMENT_MSG.stripeUnavailable, { errorType: 'stripe_unavailable', detail: (err as Error)?.message?.slice(0, 200) });
}

/** Where Stripe sends the customer back (PUBLIC_URL, else the address the request came to). */
export const siteBase = (publicUrl: string | undefined, origin: string) => (publicUrl ?? origin).replace(/\/+$/, '');
