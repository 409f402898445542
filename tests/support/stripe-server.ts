// A small Stripe-compatible server for tests: the real API's paths, form-encoded bodies and object
// shapes for customers, Checkout Sessions (setup and payment, with a hosted page a browser completes),
// SetupIntents, PaymentMethods (attach, detach), PaymentIntents (off_session + confirm) and refunds;
// Stripe's test payment methods; idempotency keys honoured (same key, same answer; other parameters:
// an idempotency_error); and events POSTed to the app's webhook, signed as Stripe signs them.
// The official SDK talks to it through STRIPE_API_BASE.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { StripeWireError, missing, newId, parseForm, signPayload, type Form } from './stripe-wire';
import { createStripeState, type StripeState } from './stripe-objects';
import { hostedPage, completeHosted } from './stripe-hosted';

export interface StripeTestServer {
  url: string;
  state: StripeState;
  /** Every event made, in order (delivered or not). */
  events: StripeEvent[];
  /** Where events go; unset: kept until set. */
  webhookUrl?: string;
  webhookSecret: string;
  /** false: events wait in `pending` until deliver() (tests that reorder or replay them). */
  autoDeliver: boolean;
  pending: StripeEvent[];
  /** Resolves once every event sent by itself so far has been delivered. */
  settled(): Promise<void>;
  /** Sends the pending events in order (or the ones given), each signed now; answers the app's statuses. */
  deliver(events?: StripeEvent[]): Promise<number[]>;
  /** POSTs a raw body with a signature header of the caller's choosing (tampered, missing…). */
  post(body: string, signature?: string): Promise<number>;
  sign(body: string, secret?: string): string;
  /** PaymentIntent creations seen (after idempotency), to count real charges. */
  intentsCreated: number;
  /** While set, a PaymentIntent create is carried out and stored but its answer never sent (a kill -9 mid-charge). */
  holdIntentAnswers: boolean;
  /** Resolves when a held answer is reached. */
  heldIntent: Promise<void>;
  close(): Promise<void>;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null; };
  type: string;
  data: { object: Record<string, unknown>; };
}

export async function startStripeServer(opts: { webhookSecret?: string; now?: () => number; autoDeliver?: boolean; } = {}): Promise<StripeTestServer> {
  const now = opts.now ?? (() => Date.now());
  const idempotent = new Map<string, { params: string; status: number; body: unknown; }>();
  let releaseHeld: () => void = () => undefined;
  const srv = {} as StripeTestServer;
  const state = createStripeState(now, emit);
  Object.assign(srv, {
    state,
    events: [] as StripeEvent[],
    pending: [] as StripeEvent[],
    webhookSecret: opts.webhookSecret ?? 'whsec_test_secret',
    autoDeliver: opts.autoDeliver ?? true,
    intentsCreated: 0,
    holdIntentAnswers: false,
    heldIntent: new Promise<void>((r) => (releaseHeld = r)),
  });

  let chain = Promise.resolve();
  function emit(type: string, object: Record<string, unknown>, idempotencyKey: string | null = null) {
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: Math.floor(now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: idempotencyKey },
      type,
      data: { object: structuredClone(object) },
    };
    srv.events.push(event);
    srv.pending.push(event);
    // Sent after the answer that caused it, in order, as Stripe does (never inside the request).
    if (srv.autoDeliver) chain = chain.then(() => new Promise((r) => setImmediate(r))).then(() => srv.deliver().then(() => undefined)).catch(() => undefined);
  }

  srv.settled = async () => {
    let seen: Promise<void>;
    do {
      seen = chain;
      await seen;
    } while (seen !== chain);
  };
  srv.sign = (body, secret = srv.webhookSecret) => signPayload(body, secret, Math.floor(now() / 1000));
  srv.post = async (body, signature) => {
    if (!srv.webhookUrl) throw new Error('no webhook URL set');
    const res = await fetch(srv.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', ...(signature ? { 'Stripe-Signature': signature } : {}) },
      body,
    });
    await res.arrayBuffer();
    return res.status;
  };
  srv.deliver = async (events) => {
    if (!srv.webhookUrl) return [];
    const list = events ?? srv.pending.splice(0);
    const statuses: number[] = [];
    for (const e of list) {
      const body = JSON.stringify(e, null, 2);
      statuses.push(await srv.post(body, srv.sign(body)));
    }
    return statuses;
  };

  async function route(method: string, path: string, form: Form, key: string | null): Promise<{ status: number; body: unknown; hold?: boolean; }> {
    const seg = path.split('/').filter(Boolean);
    const get = method === 'GET';
    if (seg[0] !== 'v1') throw missing('path', path);
    const [, a, b, c] = seg;
    if (a === 'customers' && !b && !get) return { status: 200, body: state.createCustomer(form) };
    if (a === 'customers' && b && get) return { status: 200, body: state.find('customer', b) };
    if (a === 'checkout' && b === 'sessions' && !seg[3] && !get) return { status: 200, body: state.createSession(form, srv.url) };
    if (a === 'checkout' && b === 'sessions' && seg[3] && get) return { status: 200, body: state.find('checkout.session', seg[3]) };
    if (a === 'checkout' && b === 'sessions' && seg[4] === 'expire') return { status: 200, body: state.expireSession(seg[3]) };
    if (a === 'setup_intents' && b && get) return { status: 200, body: state.find('setup_intent', b) };
    if (a === 'payment_methods' && b && get) return { status: 200, body: state.paymentMethod(b) };
    if (a === 'payment_methods' && b && c === 'attach') return { status: 200, body: state.attach(b, String(form.customer ?? '')) };
    if (a === 'payment_methods' && b && c === 'detach') return { status: 200, body: state.detach(b) };
    if (a === 'payment_intents' && !b && !get) {
      srv.intentsCreated++;
      const answer = state.createIntent(form, key);
      return { ...answer, hold: srv.holdIntentAnswers };
    }
    if (a === 'payment_intents' && b && get) return { status: 200, body: state.find('payment_intent', b) };
    if (a === 'refunds' && !b && !get) return { status: 200, body: state.createRefund(form, key) };
    throw missing('path', path);
  }

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += String(d)));
    req.on('end', () => {
      void (async () => {
        const url = new URL(req.url ?? '/', 'http://x');
        if (url.pathname.startsWith('/c/pay/')) return hostedRequest(req.method ?? 'GET', url, raw, res);
        if (!/^Bearer sk_(?:test|live)_\w+/.test(req.headers.authorization ?? '')) {
          res.writeHead(401, { 'Content-Type': 'application/json' }).end(
            JSON.stringify({ error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }),
          );
          return;
        }
        const form = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
        const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
        const slot = key && req.method === 'POST' ? `${url.pathname}|${key}` : null;
        let answer: { status: number; body: unknown; hold?: boolean; };
        const seen = slot ? idempotent.get(slot) : undefined;
        if (seen && seen.params !== raw) {
          answer = {
            status: 400,
            body: {
              error: {
                type: 'idempotency_error',
                message:
                  `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
              },
            },
          };
        } else if (seen) answer = { status: seen.status, body: seen.body };
        else {
          try {
            answer = await route(req.method ?? 'GET', url.pathname, form, key);
          } catch (err) {
            if (!(err instanceof StripeWireError)) throw err;
            answer = { status: err.status, body: { error: err.body } };
          }
          if (slot && answer.status < 500) idempotent.set(slot, { params: raw, status: answer.status, body: answer.body });
        }
        if (answer.hold) {
          releaseHeld();
          return; // never answered: the caller is killed meanwhile
        }
        res.writeHead(answer.status, { 'Content-Type': 'application/json', 'Request-Id': newId('req'), ...(seen ? { 'Idempotent-Replayed': 'true' } : {}) })
          .end(JSON.stringify(answer.body));
      })().catch((err: unknown) => {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
      });
    });
  });

  function hostedRequest(method: string, url: URL, raw: string, res: http.ServerResponse) {
    const id = url.pathname.split('/')[3] ?? '';
    const session = state.sessions.get(id);
    if (!session) return void res.writeHead(404, { 'Content-Type': 'text/plain' }).end('No such session');
    if (method === 'GET') return void res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostedPage(session));
    const token = String(parseForm(raw).card ?? '');
    const result = completeHosted(state, session, token);
    if ('error' in result) return void res.writeHead(402, { 'Content-Type': 'text/html; charset=utf-8' }).end(hostedPage(session, result.error));
    res.writeHead(303, { Location: result.redirect }).end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  srv.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  srv.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return srv;
}
