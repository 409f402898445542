// The wire format of Stripe's API, for the test server (tests/support/stripe-server.ts): form-encoded
// bodies with bracketed keys (metadata[payment_id]=…, line_items[0][price_data][currency]=gbp), ids in
// Stripe's shape, errors in Stripe's envelope, and webhook signatures exactly as Stripe makes them.
import { createHmac, randomBytes } from 'node:crypto';

export type Form = { [key: string]: string | Form | Form[] | string[]; };

/** Parses `a[b][0][c]=1&…` into nested objects and arrays, as Stripe reads it. */
export function parseForm(body: string): Form {
  const root: Form = {};
  for (const pair of body.split('&')) {
    if (!pair) continue;
    const eq = pair.indexOf('=');
    const key = decodeURIComponent((eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' '));
    const value = eq < 0 ? '' : decodeURIComponent(pair.slice(eq + 1).replace(/\+/g, ' '));
    const parts = key.split('[').map((p, i) => (i === 0 ? p : p.replace(/\]$/, '')));
    let node: Record<string, unknown> = root;
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      if (last) node[part] = value;
      else {
        const nextIsIndex = /^\d+$/.test(parts[i + 1]);
        node[part] ??= nextIsIndex ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
    }
  }
  return root;
}

export const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** `Stripe-Signature: t=…,v1=…`: HMAC-SHA256 of `${t}.${payload}` with the endpoint's secret. */
export function signPayload(payload: string, secret: string, timestampSeconds: number): string {
  const v1 = createHmac('sha256', secret).update(`${timestampSeconds}.${payload}`, 'utf8').digest('hex');
  return `t=${timestampSeconds},v1=${v1}`;
}

export class StripeWireError extends Error {
  constructor(
    public status: number,
    public body: Record<string, unknown>,
  ) {
    super(String(body.message));
  }
}

export const missing = (kind: string, id: string) =>
  new StripeWireError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param: 'id' });
export const invalid = (message: string, param?: string, code?: string) =>
  new StripeWireError(400, { type: 'invalid_request_error', message, ...(param ? { param } : {}), ...(code ? { code } : {}) });

/** Stripe's test payment methods, by token, with the card each stands for and what a charge on it does. */
export const TEST_CARDS: Record<string, { brand: string; last4: string; number: string; outcome: 'succeeds' | 'card_declined' | 'authentication_required'; }> =
  {
    pm_card_visa: { brand: 'visa', last4: '4242', number: '4242 4242 4242 4242', outcome: 'succeeds' },
    pm_card_chargeDeclined: { brand: 'visa', last4: '0002', number: '4000 0000 0000 0002', outcome: 'card_declined' },
    pm_card_authenticationRequired: { brand: 'visa', last4: '3184', number: '4000 0027 6000 3184', outcome: 'authentication_required' },
  };
