// Idempotency-Key over real HTTP: on the booking create route, and on a small app that makes slow/failing handlers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { koaBody } from 'koa-body';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput, insertCustomer, type TestCustomer } from '../support/customers';
import { Booking } from '../../api/src/models/Booking';
import { IdempotencyKey } from '../../api/src/models/IdempotencyKey';
import { idempotent } from '../../api/src/http/idempotency';
import { errorHandler } from '../../api/src/http/error-answer';
import { HttpError } from '../../api/src/lib/errors';

let s: TestServer;
let alice: TestCustomer;
let bob: TestCustomer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  alice = await insertCustomer(s);
  bob = await insertCustomer(s);
});
afterAll(async () => {
  await s?.close();
});

let keyNo = 0;
const newKey = () => `key-${Date.now()}-${++keyNo}`;
const post = (c: TestCustomer, key: string | undefined, json: Record<string, unknown>) =>
  s.call('POST', '/api/user/bookings', { token: c.token, json, headers: key ? { 'Idempotency-Key': key } : {} });

describe('booking create with Idempotency-Key', () => {
  it('the same key twice makes one booking and replays the first answer', async () => {
    const key = newKey();
    const input = bookingInput({ postcode: 'IDEM1' });
    const first = await post(alice, key, input);
    const second = await post(alice, key, input);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await Booking.countDocuments({ user: alice.id, postcode: 'IDEM1' })).toBe(1);
    expect(await IdempotencyKey.countDocuments({ scope: { $regex: key } })).toBe(1);
  });

  it('concurrent requests with one key make one booking and all get its id', async () => {
    const key = newKey();
    const input = bookingInput({ postcode: 'IDEM2' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => post(alice, key, input)));
    for (const a of answers) expect(a.status).toBe(201);
    expect(new Set(answers.map((a) => a.body.bookingId)).size).toBe(1);
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(5);
    expect(await Booking.countDocuments({ user: alice.id, postcode: 'IDEM2' })).toBe(1);
  });

  it('the same key with a different body is refused with 422', async () => {
    const key = newKey();
    expect((await post(alice, key, bookingInput({ postcode: 'IDEM3' }))).status).toBe(201);
    const other = await post(alice, key, bookingInput({ postcode: 'IDEM4' }));
    expect(other.status).toBe(422);
    expect(other.body.success).toBe(false);
    expect(other.body.message).toMatch(/different request body/);
    expect(await Booking.countDocuments({ user: alice.id, postcode: 'IDEM4' })).toBe(0);
  });

  it('a key belongs to its caller: another customer with the same key gets their own booking', async () => {
    const key = newKey();
    const input = bookingInput({ postcode: 'IDEM5' });
    const a = await post(alice, key, input);
    const b = await post(bob, key, input);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(b.body.bookingId).not.toBe(a.body.bookingId);
  });

  it('without the header every request creates a booking', async () => {
    const input = bookingInput({ postcode: 'IDEM6' });
    await post(alice, undefined, input);
    await post(alice, undefined, input);
    expect(await Booking.countDocuments({ user: alice.id, postcode: 'IDEM6' })).toBe(2);
  });

  it('a refused attempt (validation error) does not use the key up', async () => {
    const key = newKey();
    expect((await post(alice, key, bookingInput({ bestDays: '2019-05-05T10:00' }))).status).toBe(400);
    const retry = await post(alice, key, bookingInput({ postcode: 'IDEM7' }));
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('rejects a malformed key with 400', async () => {
    for (const key of ['has space', 'x'.repeat(201), 'semi;colon']) {
      const res = await post(alice, key, bookingInput({ postcode: 'IDEM8' }));
      expect(res.status).toBe(400);
    }
    expect(await Booking.countDocuments({ postcode: 'IDEM8' })).toBe(0);
  });

  it('records expire after 24 hours through a TTL index', async () => {
    const indexes = await IdempotencyKey.collection.indexes();
    const ttl = indexes.find((i) => i.expireAfterSeconds !== undefined);
    expect(ttl?.expireAfterSeconds).toBe(24 * 60 * 60);
    expect(indexes.some((i) => i.unique && i.key.scope === 1)).toBe(true);
  });
});

describe('anonymous Idempotency-Keys are scoped by the client id the PWA keeps', () => {
  const contact = (clientId: string | undefined, key: string, name: string) =>
    s.call('POST', '/api/contact', {
      json: { name, email: 'visitor@example.com', message: `Hello from ${name}` },
      headers: { 'Idempotency-Key': key, ...(clientId ? { 'X-Client-Id': clientId } : {}) },
    });

  it("one visitor's key never blocks or replays another visitor's message", async () => {
    const { ContactMessage } = await import('../../api/src/models/ContactMessage');
    const key = newKey();
    const before = await ContactMessage.countDocuments();
    const a = await contact('visitor-a-0123456789abcdef', key, 'Ann');
    const b = await contact('visitor-b-0123456789abcdef', key, 'Ben');
    expect(a.status).toBe(201);
    expect(b.status).toBe(201);
    expect(b.headers.get('idempotent-replayed')).toBeNull();
    expect(await ContactMessage.countDocuments()).toBe(before + 2);
    // The same visitor's retry is still one message.
    const again = await contact('visitor-a-0123456789abcdef', key, 'Ann');
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await ContactMessage.countDocuments()).toBe(before + 2);
  });

  it('a malformed client id is refused with 400 and a clear message', async () => {
    const r = await contact('short', newKey(), 'Cy');
    expect(r.status).toBe(400);
    expect(r.body.message).toMatch(/X-Client-Id/);
  });
});

describe('idempotent() with slow and failing handlers', () => {
  let server: http.Server;
  let base: string;
  let runs = 0;
  beforeAll(async () => {
    const app = new Koa();
    app.use(errorHandler(s.deps.log));
    app.use(koaBody());
    const router = new Router();
    const mw = idempotent({ waitMs: 400, pollMs: 20 });
    router.post('/slow/:ms', mw, async (ctx) => {
      runs++;
      await new Promise((r) => setTimeout(r, Number(ctx.params.ms)));
      ctx.status = 201;
      ctx.body = { run: runs };
    });
    router.post('/fail', mw, async (ctx) => {
      runs++;
      ctx.status = 503;
      ctx.body = { run: runs };
    });
    router.post('/throw', mw, async () => {
      runs++;
      throw new HttpError(500, 'boom');
    });
    app.use(router.routes());
    server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((r) => server?.close(r));
  });
  const send = async (path: string, key: string) => {
    const res = await fetch(base + path, { method: 'POST', headers: { 'Idempotency-Key': key, 'Content-Type': 'application/json' }, body: '{"a":1}' });
    return { status: res.status, body: await res.json(), replayed: res.headers.get('idempotent-replayed') };
  };

  it('a repeat waits for the first request to finish, then replays it', async () => {
    const key = newKey();
    const before = runs;
    const [a, b] = await Promise.all([send('/slow/150', key), new Promise((r) => setTimeout(r, 30)).then(() => send('/slow/150', key))]);
    expect(runs - before).toBe(1);
    expect(a.status).toBe(201);
    expect(b).toEqual({ status: 201, body: a.body, replayed: 'true' });
  });

  it('answers 409 when the first request is still running after the wait', async () => {
    const key = newKey();
    const first = send('/slow/900', key);
    await new Promise((r) => setTimeout(r, 50));
    const second = await send('/slow/900', key);
    expect(second.status).toBe(409);
    expect(second.body.message).toMatch(/still being processed/);
    // Tagged: the PWA's outbox retries this 409 and no other (a refusal would only replay).
    expect(second.body.errorType).toBe('idempotency_key_busy');
    expect((await first).status).toBe(201);
  });

  it('a 5xx answer or a thrown error frees the key so a retry runs again', async () => {
    for (const path of ['/fail', '/throw']) {
      const key = newKey();
      const before = runs;
      const a = await send(path, key);
      const b = await send(path, key);
      expect(a.status).toBeGreaterThanOrEqual(500);
      expect(b.replayed).toBeNull();
      expect(runs - before).toBe(2);
      expect(await IdempotencyKey.countDocuments({ scope: { $regex: key } })).toBe(0);
    }
  });
});
