// GET /metrics (Prometheus text, bearer METRICS_TOKEN, else 404) and the liveness/readiness probes.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import mongoose from 'mongoose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../api/src/app';
import { parsePrometheus, valueOf } from '../support/prom-text';
import { startTestServer, type TestServer } from '../support/test-server';

const TOKEN = 'metrics-token-for-the-test-0123456789';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ METRICS_TOKEN: TOKEN });
}, 60_000);
afterAll(async () => {
  await server?.close();
});

const scrape = async () => {
  const r = await server.call('GET', '/metrics', { token: TOKEN });
  expect(r.status).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheus(r.body as string);
};

describe('GET /metrics', () => {
  it('answers 404 without the token, with a wrong one, or with the right one as a query or another scheme', async () => {
    for (
      const headers of [{} as Record<string, string>, { Authorization: `Bearer ${TOKEN}x` }, { Authorization: `Bearer ${TOKEN.slice(0, -1)}` }, {
        Authorization: `Basic ${TOKEN}`,
      }, { Authorization: 'Bearer ' }]
    ) {
      const r = await server.call('GET', '/metrics', { headers });
      expect(r.status).toBe(404);
      expect(String(r.body)).not.toMatch(/http_requests_total/);
    }
    expect((await server.call('GET', `/metrics?token=${TOKEN}`)).status).toBe(404);
  });

  it('answers 404 to everyone when METRICS_TOKEN is not set', async () => {
    const app = createApp({ ...server.deps, config: { ...server.deps.config, metricsToken: undefined } });
    const srv = http.createServer(app.callback());
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
    try {
      const res = await fetch(`http://127.0.0.1:${(srv.address() as AddressInfo).port}/metrics`, { headers: { Authorization: 'Bearer ' } });
      expect(res.status).toBe(404);
    } finally {
      srv.close();
    }
  });

  it('parses as Prometheus text; counters move with requests, labelled by route pattern, never the raw URL', async () => {
    const before = (await scrape()).samples;
    for (let i = 0; i < 3; i++) expect((await server.call('GET', '/api/health')).status).toBe(200);
    const id = new mongoose.Types.ObjectId().toString();
    expect((await server.call('GET', `/api/blog-posts/${id}`)).status).toBe(404);
    await server.deps.mailer.send({ to: 'someone@example.com', subject: 'metrics test', text: 'hello' });
    const { samples, types } = await scrape();
    const health = { method: 'GET', route: '/api/health', status: '200' };
    expect(valueOf(samples, 'http_requests_total', health) - valueOf(before, 'http_requests_total', health)).toBe(3);
    expect(valueOf(samples, 'http_request_duration_seconds_count', health) - valueOf(before, 'http_request_duration_seconds_count', health)).toBe(3);
    expect(valueOf(samples, 'http_requests_total', { route: '/api/blog-posts/:id', status: '404' })).toBe(1);
    expect(samples.some((s) => Object.values(s.labels).some((v) => v.includes(id)))).toBe(false);
    expect(valueOf(samples, 'mails_total', { result: 'sent' }) - valueOf(before, 'mails_total', { result: 'sent' })).toBe(1);
    expect(types.get('http_requests_total')).toBe('counter');
    expect(types.get('http_request_duration_seconds')).toBe('histogram');
    expect(types.get('idempotency_replays_total')).toBe('counter');
    // prom-client's default metrics: memory and event-loop lag.
    expect(valueOf(samples, 'process_resident_memory_bytes')).toBeGreaterThan(10e6);
    expect(types.has('nodejs_eventloop_lag_seconds')).toBe(true);
  });
});

describe('probes', () => {
  it('live answers while the process runs; ready flips with the timers and the database', async () => {
    expect((await server.call('GET', '/api/health/live')).status).toBe(200);
    let ready = await server.call('GET', '/api/health/ready');
    for (let i = 0; i < 100 && ready.status !== 200; i++) {
      await new Promise((r) => setTimeout(r, 100));
      ready = await server.call('GET', '/api/health/ready');
    }
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ok: true, database: true, indexes: true, timers: true });
    // A background timer that stopped makes the instance not ready (live stays up).
    server.deps.timers!.test = () => false;
    ready = await server.call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, timers: false, database: true });
    delete server.deps.timers!.test;
    expect((await server.call('GET', '/api/health/ready')).status).toBe(200);
    // The database connection gone: not ready, /api/health says so as before, live still answers.
    await mongoose.disconnect();
    ready = await server.call('GET', '/api/health/ready');
    expect(ready.status).toBe(503);
    expect(ready.body).toMatchObject({ ok: false, database: false });
    expect((await server.call('GET', '/api/health')).status).toBe(503);
    expect((await server.call('GET', '/api/health/live')).status).toBe(200);
  });
});
