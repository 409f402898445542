// The test Stripe's objects (tests/support/stripe-server.ts), in the real API's shapes: what each
// call makes or changes, and the events it causes.
import { StripeWireError, TEST_CARDS, invalid, missing, newId, type Form } from './stripe-wire';

type Obj = Record<string, unknown>;
type Emit = (type: string, object: Obj, idempotencyKey?: string | null) => void;
export type StripeState = ReturnType<typeof createStripeState>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const metadataOf = (v: unknown): Record<string, string> => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, string>) : {});

export function createStripeState(now: () => number, emit: Emit) {
  const created = () => Math.floor(now() / 1000);
  const objects = new Map<string, Obj>();
  const sessions = new Map<string, Obj>();
  const put = <T extends Obj>(o: T): T => (objects.set(String(o.id), o), o);
  const find = (kind: string, id: string): Obj => {
    const o = objects.get(id);
    if (!o || o.object !== kind) throw missing(kind.replace('.', '_'), id);
    return o;
  };

  /** A payment method: a stored one, or a fresh one from a test token (pm_card_visa…), as Stripe does. */
  function paymentMethod(id: string): Obj {
    const known = objects.get(id);
    if (known?.object === 'payment_method') return known;
    const card = TEST_CARDS[id];
    if (!card) throw missing('payment_method', id);
    return put({
      id: newId('pm'),
      object: 'payment_method',
      type: 'card',
      created: created(),
      customer: null,
      livemode: false,
      metadata: {},
      billing_details: { address: null, email: null, name: null, phone: null },
      card: {
        brand: card.brand,
        last4: card.last4,
        exp_month: 12,
        exp_year: new Date(now()).getUTCFullYear() + 3,
        country: 'GB',
        funding: 'credit',
        display_brand: card.brand,
      },
      _outcome: card.outcome,
    });
  }
  const publicPm = (pm: Obj) => Object.fromEntries(Object.entries(pm).filter(([k]) => !k.startsWith('_')));

  function attach(id: string, customer: string): Obj {
    const pm = paymentMethod(id);
    find('customer', customer);
    pm.customer = customer;
    emit('payment_method.attached', publicPm(pm));
    return publicPm(pm);
  }
  function detach(id: string): Obj {
    const pm = objects.get(id);
    if (!pm || pm.object !== 'payment_method') throw missing('payment_method', id);
    if (!pm.customer) throw invalid(`The payment method you provided is not attached to a customer so detachment is impossible.`, 'payment_method');
    pm.customer = null;
    emit('payment_method.detached', publicPm(pm));
    return publicPm(pm);
  }

  function createCustomer(form: Form): Obj {
    return put({
      id: newId('cus'),
      object: 'customer',
      created: created(),
      email: str(form.email) || null,
      name: str(form.name) || null,
      metadata: metadataOf(form.metadata),
      livemode: false,
      invoice_settings: { default_payment_method: null },
    });
  }

  function createSession(form: Form, base: string): Obj {
    const mode = str(form.mode);
    if (mode !== 'setup' && mode !== 'payment') throw invalid('Invalid mode: must be one of payment, setup, or subscription', 'mode');
    if (!str(form.success_url)) throw invalid('Missing required param: success_url.', 'success_url');
    if (form.customer) find('customer', str(form.customer));
    let amount: number | null = null;
    if (mode === 'payment') {
      const items = (form.line_items as Form[] | undefined) ?? [];
      if (!items.length) throw invalid('Missing required param: line_items.', 'line_items');
      amount = items.reduce((n, it) => n + Number((it.price_data as Form).unit_amount) * Number(it.quantity ?? 1), 0);
    }
    const id = newId('cs_test');
    const s = put({
      id,
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: mode === 'setup' ? 'no_payment_required' : 'unpaid',
      customer: str(form.customer) || null,
      currency: str(form.currency) || (mode === 'payment' ? 'gbp' : null),
      amount_total: amount,
      success_url: str(form.success_url),
      cancel_url: str(form.cancel_url) || null,
      metadata: metadataOf(form.metadata),
      setup_intent: null,
      payment_intent: null,
      url: `${base}/c/pay/${id}`,
      created: created(),
      expires_at: created() + 86_400,
      livemode: false,
      _intent_metadata: metadataOf((form.payment_intent_data as Form | undefined)?.metadata),
    });
    sessions.set(id, s);
    return publicPm(s);
  }
  function expireSession(id: string): Obj {
    const s = find('checkout.session', id);
    if (s.status !== 'open') {
      throw invalid(`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(s.status)}".`);
    }
    s.status = 'expired';
    s.url = null;
    emit('checkout.session.expired', publicPm(s));
    return publicPm(s);
  }

  /** A charge on `pm` for `amount`: a succeeded intent, or Stripe's 402 card error for the test card's outcome. */
  function charge(form: Form, pm: Obj, key: string | null): { status: number; body: Obj; } {
    const amount = Number(form.amount);
    if (!Number.isInteger(amount) || amount < 30) throw invalid('Amount must be at least £0.30 gbp', 'amount', 'amount_too_small');
    const intent = put({
      id: newId('pi'),
      object: 'payment_intent',
      amount,
      amount_received: 0,
      currency: str(form.currency) || 'gbp',
      customer: str(form.customer) || null,
      payment_method: pm.id,
      description: str(form.description) || null,
      metadata: metadataOf(form.metadata),
      off_session: form.off_session === 'true',
      status: 'requires_confirmation',
      latest_charge: null,
      last_payment_error: null,
      created: created(),
      livemode: false,
      confirmation_method: 'automatic',
      capture_method: 'automatic',
      payment_method_types: ['card'],
    });
    const outcome = pm._outcome as string;
    if (outcome === 'succeeds') {
      const ch = put({
        id: newId('ch'),
        object: 'charge',
        amount,
        amount_refunded: 0,
        refunded: false,
        captured: true,
        paid: true,
        status: 'succeeded',
        currency: intent.currency,
        customer: intent.customer,
        payment_intent: intent.id,
        payment_method: pm.id,
        metadata: {},
        refunds: { object: 'list', data: [], has_more: false },
        created: created(),
        livemode: false,
      });
      Object.assign(intent, { status: 'succeeded', amount_received: amount, latest_charge: ch.id });
      emit('charge.succeeded', { ...ch }, key);
      emit('payment_intent.succeeded', { ...intent }, key);
      return { status: 200, body: { ...intent } };
    }
    const auth = outcome === 'authentication_required';
    const error = auth
      ? {
        type: 'card_error',
        code: 'authentication_required',
        decline_code: 'authentication_required',
        message: 'Your card was declined. This transaction requires authentication.',
      }
      : { type: 'card_error', code: 'card_declined', decline_code: 'generic_decline', message: 'Your card was declined.' };
    Object.assign(intent, { status: 'requires_payment_method', last_payment_error: { ...error, payment_method: publicPm(pm) } });
    emit('payment_intent.payment_failed', { ...intent }, key);
    return { status: 402, body: { error: { ...error, payment_intent: { ...intent }, payment_method: publicPm(pm) } } };
  }

  function createIntent(form: Form, key: string | null): { status: number; body: Obj; } {
    const pmId = str(form.payment_method);
    if (!pmId) throw invalid('Missing required param: payment_method.', 'payment_method');
    const pm = paymentMethod(pmId);
    if (form.customer && pm.customer !== form.customer) {
      throw invalid(
        `The provided PaymentMethod was previously used with a PaymentIntent without Customer attachment, shared with a connected account without Customer attachment, or was detached from a Customer. It may not be used again.`,
        'payment_method',
      );
    }
    if (form.confirm !== 'true') throw invalid('This test server confirms intents at creation only (confirm=true).', 'confirm');
    return charge(form, pm, key);
  }

  function createRefund(form: Form, key: string | null): Obj {
    const intent = find('payment_intent', str(form.payment_intent));
    if (intent.status !== 'succeeded') {
      throw invalid(`This PaymentIntent (${String(intent.id)}) does not have a successful charge to refund.`, 'payment_intent');
    }
    const ch = find('charge', String(intent.latest_charge));
    const left = Number(ch.amount) - Number(ch.amount_refunded);
    const amount = form.amount === undefined ? left : Number(form.amount);
    if (left <= 0) {
      throw new StripeWireError(400, {
        type: 'invalid_request_error',
        code: 'charge_already_refunded',
        message: `Charge ${String(ch.id)} has already been refunded.`,
      });
    }
    if (!Number.isInteger(amount) || amount < 1 || amount > left) {
      throw invalid(
        `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
        'amount',
        'amount_too_large',
      );
    }
    const refund = put({
      id: newId('re'),
      object: 'refund',
      amount,
      charge: ch.id,
      payment_intent: intent.id,
      currency: intent.currency,
      reason: str(form.reason) || null,
      metadata: metadataOf(form.metadata),
      status: 'succeeded',
      created: created(),
    });
    ch.amount_refunded = Number(ch.amount_refunded) + amount;
    ch.refunded = ch.amount_refunded === ch.amount;
    (ch.refunds as { data: Obj[]; }).data.unshift({ ...refund });
    emit('refund.created', { ...refund }, key);
    emit('charge.refunded', structuredClone(ch), key);
    return { ...refund };
  }

  /** The hosted page's "Save card": a SetupIntent succeeded with the card, attached to the session's customer. */
  function completeSetup(s: Obj, token: string): void {
    const pm = paymentMethod(token);
    if (s.customer) pm.customer = s.customer;
    const si = put({
      id: newId('seti'),
      object: 'setup_intent',
      status: 'succeeded',
      customer: s.customer,
      payment_method: pm.id,
      usage: 'off_session',
      payment_method_types: ['card'],
      created: created(),
      livemode: false,
      metadata: {},
    });
    Object.assign(s, { status: 'complete', setup_intent: si.id, url: null });
    emit('setup_intent.succeeded', { ...si });
    emit('checkout.session.completed', publicPm(s));
  }

  /** The hosted page's "Pay": the customer confirms (any authentication passes), so the charge succeeds unless the card declines. */
  function completePayment(s: Obj, token: string): string | null {
    const pm = paymentMethod(token);
    const outcome = pm._outcome === 'authentication_required' ? 'succeeds' : pm._outcome;
    const answer = charge({ amount: String(s.amount_total), currency: 'gbp', customer: str(s.customer), metadata: s._intent_metadata as Form }, {
      ...pm,
      _outcome: outcome,
    }, null);
    if (answer.status !== 200) return String((answer.body.error as Obj).message);
    Object.assign(s, { status: 'complete', payment_status: 'paid', payment_intent: answer.body.id, url: null });
    emit('checkout.session.completed', publicPm(s));
    return null;
  }

  return {
    objects,
    sessions,
    find: (kind: string, id: string) => publicPm(find(kind, id)),
    paymentMethod: (id: string) => publicPm(paymentMethod(id)),
    attach,
    detach,
    createCustomer,
    createSession,
    expireSession,
    createIntent,
    createRefund,
    completeSetup,
    completePayment,
  };
}
