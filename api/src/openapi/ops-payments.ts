// OpenAPI operations and settings of card payments (README "Payments"): spread into document.ts.
import { PAGE_LIMIT_DEFAULT } from '@shared/constants';
import type { OperationOf } from './operation';
import { customerPaymentsQuerySchema, officePaymentsQuerySchema, paymentAmountSchema, refundSchema } from '@shared/schemas/payments';

export const PAYMENT_SCHEMAS = { PaymentAmount: paymentAmountSchema, Refund: refundSchema };

type PaymentOp = OperationOf<keyof typeof PAYMENT_SCHEMAS>;
const op = (o: PaymentOp) => o;

export const PAYMENT_OPS: PaymentOp[] = [
  op({
    method: 'get',
    path: '/api/user/payment-method',
    tag: 'payments',
    summary:
      'My card on file: `payment_method` null or { brand, last4, exp_month, exp_year } (never a card number); `?session_id=` (the Checkout return) saves the card that session set up. Cards off: `cards_enabled: false` and `how_to_pay`',
    auth: 'customer',
    ok: 200,
    answer: ['payment_method', 'cards_enabled'],
    errors: [400, 502],
  }),
  op({
    method: 'post',
    path: '/api/user/payment-method/checkout',
    tag: 'payments',
    summary:
      'Add or replace my card: a Stripe Checkout Session in setup mode (card, GBP); answers its hosted `url`, which returns to /account/payments. Never queued offline',
    auth: 'customer',
    ok: 200,
    answer: ['url'],
    errors: [409, 502],
  }),
  op({
    method: 'delete',
    path: '/api/user/payment-method',
    tag: 'payments',
    summary: 'Remove my card (detached at Stripe)',
    auth: 'customer',
    ok: 200,
    answer: ['payment_method'],
    errors: [404, 409, 502],
  }),
  op({
    method: 'get',
    path: '/api/user/payments',
    tag: 'payments',
    summary:
      'My card charges, newest first: id, visit_id, reference, amount_pence, refunded_pence, state, created_at, paid_at, and pay_url while one asks to be paid; owed_pence; as_of (the server time of this answer)',
    auth: 'customer',
    ok: 200,
    answer: ['payments', 'owed_pence', 'as_of', 'cards_enabled', 'page', 'limit', 'total', 'pages'],
    errors: [400],
    paged: { query: customerPaymentsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'post',
    path: '/api/payments/stripe/webhook',
    tag: 'payments',
    summary:
      "Stripe's events (the endpoint to register at Stripe): the raw body, verified with `Stripe-Signature` and STRIPE_WEBHOOK_SECRET; a bad or missing signature is 400 and changes nothing; each event id is applied once. 404 while cards are off",
    ok: 200,
    answer: ['received'],
    errors: [400, 404],
  }),
  op({
    method: 'get',
    path: '/api/admin/payments',
    tag: 'office',
    summary:
      "Every card charge with its visit, customer, amount, state (scheduled, held, paid, failed, action_needed, overdue, refunded, part_refunded) and refunds; filters `state` and `month` (the visit's, YYYY-MM), newest first",
    auth: 'employee',
    ok: 200,
    answer: ['payments', 'cards_enabled', 'page', 'limit', 'total', 'pages'],
    errors: [400, 403],
    paged: { query: officePaymentsQuerySchema, defaultLimit: PAGE_LIMIT_DEFAULT },
  }),
  op({
    method: 'post',
    path: '/api/admin/payments/{id}/hold',
    tag: 'office',
    summary: 'Hold a charge that has not run (or waits for a retry): it does not run until released (audited)',
    auth: 'employee',
    ok: 200,
    answer: ['payment'],
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'post',
    path: '/api/admin/payments/{id}/release',
    tag: 'office',
    summary: 'Release a held charge: it runs at its time, or now when that has passed (audited)',
    auth: 'employee',
    ok: 200,
    answer: ['payment'],
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'post',
    path: '/api/admin/payments/{id}/retry',
    tag: 'office',
    summary: 'Try a failed, overdue or authentication-needed charge again now (audited)',
    auth: 'employee',
    ok: 200,
    answer: ['payment'],
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'patch',
    path: '/api/admin/payments/{id}',
    tag: 'office',
    summary: 'Change the amount of a charge before it runs (integer pence; audited; the customer is told)',
    auth: 'employee',
    json: 'PaymentAmount',
    ok: 200,
    answer: ['payment'],
    errors: [400, 403, 404, 409],
  }),
  op({
    method: 'post',
    path: '/api/admin/payments/{id}/refund',
    tag: 'office',
    summary: 'Refund part or all of a paid charge: integer pence, at most what remains, with a reason (audited; the customer is told)',
    auth: 'employee',
    json: 'Refund',
    ok: 200,
    answer: ['payment'],
    errors: [400, 403, 404, 409, 502],
  }),
];

/** The settings card payments read (environment variables; README "Payments"). */
export const PAYMENT_SETTINGS = {
  STRIPE_SECRET_KEY: {
    default: null,
    description: 'Stripe secret key (sk_live_… or sk_test_… for test mode). Unset: card payments are off and the screens say how the company is paid instead',
  },
  STRIPE_WEBHOOK_SECRET: {
    default: null,
    description: 'Signing secret (whsec_…) of the webhook endpoint registered at Stripe for POST {PUBLIC_URL}/api/payments/stripe/webhook',
  },
  STRIPE_API_BASE: {
    default: null,
    description: 'Tests only: http://host:port of a Stripe-compatible test server, given to the official stripe SDK as host, port and protocol',
  },
  PAYMENT_DELAY_HOURS: { default: 24, description: 'Hours after a visit is completed (or a late-change or lockout charge is taken) that its card is charged' },
  PAYMENT_RETRY_DAYS: { default: '3,7', description: 'Days after the first failure on which a declined charge is tried again; after the last it is overdue' },
} as const;
