// Rate-limit counters in MongoDB: atomic under concurrency, per window, with a TTL, and the middleware's 429.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { startTestServer, type TestServer } from '../support/test-server';
import { hit, unhit } from '../../api/src/lib/rate-limit';
import { rateLimit } from '../../api/src/http/rate-limit';
import { errorHandler } from '../../api/src/http/error-answer';
import { RateLimit } from '../../api/src/models/RateLimit';
import { API_MSG } from '@shared/messages-api';

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
});
afterAll(async () => {
  await s?.close();
});

describe('hit()', () => {
  it('lets exactly `max` of many concurrent hits through', async () => {
    const results = await Promise.all(Array.from({ length: 25 }, () => hit('concurrent', 'k1', 10, 60_000, Date.now())));
    expect(results.filter((r) => r.allowed)).toHaveLength(10);
    expect(results.filter((r) => !r.allowed).every((r) => r.retryAfterMs > 0 && r.retryAfterMs <= 60_000)).toBe(true);
    expect(new Set(results.map((r) => r.count)).size).toBe(25);
  });

  it('keeps names and keys apart, and starts afresh in the next window', async () => {
    const t0 = 60_000 * 16_666_667; // a fixed instant exactly at the start of a 1-minute window
    expect((await hit('w', 'a', 1, 60_000, t0)).allowed).toBe(true);
    expect((await hit('w', 'a', 1, 60_000, t0 + 1000)).allowed).toBe(false);
    expect((await hit('w', 'b', 1, 60_000, t0 + 1000)).allowed).toBe(true);
    expect((await hit('other', 'a', 1, 60_000, t0 + 1000)).allowed).toBe(true);
    const next = await hit('w', 'a', 1, 60_000, t0 + 60_000);
    expect(next.allowed).toBe(true);
    expect(next.count).toBe(1);
  });

  it('unhit() gives back one counted event, in the same window only, never below zero', async () => {
    const t0 = Math.floor(Date.now() / 60_000) * 60_000;
    expect((await hit('give', 'k', 2, 60_000, t0)).count).toBe(1);
    expect((await hit('give', 'k', 2, 60_000, t0 + 1)).count).toBe(2);
    await unhit('give', 'k', 60_000, t0 + 2);
    expect(await hit('give', 'k', 2, 60_000, t0 + 3)).toMatchObject({ count: 2, allowed: true });
    // Another window's counter is untouched, and a counter at zero stays at zero.
    await unhit('give', 'k', 60_000, t0 + 60_000);
    await unhit('give', 'k', 60_000, t0 + 60_000);
    expect((await hit('give', 'k', 2, 60_000, t0 + 60_001)).count).toBe(1);
    expect((await hit('give', 'k', 2, 60_000, t0 + 4)).count).toBe(3);
  });

  it('counter documents carry an expiry with a TTL index on it, in real time however far the clock is moved', async () => {
    for (const [key, moved] of [['now', 0], ['week', 7 * 24 * 3600_000], ['back', -3600_000]] as const) {
      await hit('ttl', key, 5, 60_000, Date.now() + moved);
      const doc = await RateLimit.findOne({ _id: { $regex: `^ttl:${key}:` } }).lean();
      expect(doc?.expiresAt.getTime(), key).toBeGreaterThan(Date.now());
      expect(doc?.expiresAt.getTime(), key).toBeLessThanOrEqual(Date.now() + 60_000);
    }
    const indexes = await RateLimit.collection.indexes();
    expect(indexes.some((i) => i.key.expiresAt === 1 && i.expireAfterSeconds === 0)).toBe(true);
  });
});

describe('rateLimit() middleware', () => {
  it('answers 429 with Retry-After and a clear message once the limit is reached', async () => {
    const app = new Koa();
    app.use(errorHandler(s.deps.log));
    let moved = 0;
    app.use(rateLimit({ name: 'mw', max: 3, windowMs: 60_000, key: (ctx) => ctx.get('X-Who'), clock: { now: () => new Date(Date.now() + moved) } }));
    app.use((ctx) => {
      ctx.body = { ok: true };
    });
    const server = http.createServer(app.callback());
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    try {
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await fetch(url, { headers: { 'X-Who': 'alice' } })).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
      const limited = await fetch(url, { headers: { 'X-Who': 'alice' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(await limited.json()).toMatchObject({ success: false, message: API_MSG.tooManyRequests });
      expect((await fetch(url, { headers: { 'X-Who': 'bob' } })).status).toBe(200);
      // The windows follow the server's clock: moved on a window, alice may ask again.
      moved = 60_000;
      expect((await fetch(url, { headers: { 'X-Who': 'alice' } })).status).toBe(200);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
