// Prometheus metrics (prom-client) and GET /metrics. One registry per app (tests run several servers in
// one process). Requests are labelled by the router's matched pattern (/api/bookings/:id), never the raw
// URL, so the number of series stays bounded. /metrics answers only a bearer token equal to
// METRICS_TOKEN (compared in constant time); without it, or with a wrong one, it is a plain 404.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { Context, Middleware, Next } from 'koa';
import client from 'prom-client';

export interface Metrics {
  registry: client.Registry;
  requests: client.Counter<'method' | 'route' | 'status'>;
  duration: client.Histogram<'method' | 'route' | 'status'>;
  mails: client.Counter<'result'>;
  replays: client.Counter;
  backups: client.Counter<'result'>;
  lastBackup: client.Gauge;
}

export function createMetrics(): Metrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new client.Counter({
      name: 'http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    }),
    duration: new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    mails: new client.Counter({ name: 'mails_total', help: 'Mails handed to SMTP (or the outbox), by result', labelNames: ['result'], registers }),
    replays: new client.Counter({
      name: 'idempotency_replays_total',
      help: 'Requests answered with a stored answer (a retried request with the same Idempotency-Key)',
      registers,
    }),
    backups: new client.Counter({ name: 'backups_total', help: 'Scheduled backups, by result', labelNames: ['result'], registers }),
    lastBackup: new client.Gauge({ name: 'backup_last_success_timestamp_seconds', help: 'When the last scheduled backup finished', registers }),
  };
}

/** The route label: the router's pattern; the PWA and anything unmatched get one label each. */
function routeOf(ctx: Context): string {
  const matched = (ctx as Context & { _matchedRoute?: string | RegExp; })._matchedRoute;
  if (matched) return String(matched);
  return ctx.path.startsWith('/api/') ? '(unmatched)' : '(static)';
}

/** First in the chain: sees every request's final status, errors included. */
export function requestMetrics(m: Metrics): Middleware {
  return async (ctx: Context, next: Next) => {
    const start = performance.now();
    try {
      await next();
    } finally {
      const labels = { method: ctx.method, route: routeOf(ctx), status: String(ctx.status) };
      m.requests.inc(labels);
      m.duration.observe(labels, (performance.now() - start) / 1000);
      if (ctx.response.get('Idempotent-Replayed') === 'true') m.replays.inc();
    }
  };
}

const digest = (s: string) => createHash('sha256').update(s).digest();

/** GET /metrics with `Authorization: Bearer <token>`; 404 for everything else. */
export function metricsEndpoint(m: Metrics, token: string | undefined): Middleware {
  const want = token ? digest(token) : undefined;
  return async (ctx: Context, next: Next) => {
    if (ctx.path !== '/metrics') return next();
    const auth = ctx.get('Authorization');
    const given = auth.startsWith('Bearer ') ? auth.slice(7) : '';
    // Both sides hashed to 32 bytes: the comparison takes the same time whatever the length or content.
    if (!want || ctx.method !== 'GET' || !timingSafeEqual(digest(given), want)) {
      ctx.status = 404;
      ctx.body = 'Not Found';
      return;
    }
    ctx.set('Cache-Control', 'no-store');
    ctx.type = m.registry.contentType;
    ctx.body = await m.registry.metrics();
  };
}
