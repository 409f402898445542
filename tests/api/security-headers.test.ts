// Every answer carries helmet's security headers for our policy: API JSON, errors, 404s and the PWA.
// The headers are worked out once at start-up, so this checks them against helmet run per request.
import http from 'node:http';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HELMET_OPTIONS } from '../../api/src/http/security-headers';
import { startTestServer, type TestServer } from '../support/test-server';

const HELMET_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'cross-origin-resource-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

let srv: TestServer;
/** What koa-helmet sets when it runs for each request with the same options. */
let reference: Record<string, string | null>;

beforeAll(async () => {
  srv = await startTestServer();
  const app = new Koa();
  app.use(helmet(HELMET_OPTIONS));
  app.use((ctx) => (ctx.body = 'ok'));
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
  reference = Object.fromEntries(HELMET_HEADERS.map((h) => [h, res.headers.get(h)]));
  server.close();
});
afterAll(async () => {
  await srv?.close();
});

describe('security headers', () => {
  it('helmet per request sets every header this test checks (so the comparison below means something)', () => {
    for (const h of HELMET_HEADERS) expect(reference[h], h).toBeTruthy();
    expect(reference['content-security-policy']).toContain("frame-src 'self' https://accounts.google.com");
  });

  it.each([
    ['an API answer', 'GET', '/api/health', 200],
    ['a client error', 'POST', '/api/send-otp', 400],
    ['an unknown API path', 'GET', '/api/no-such-thing', 404],
    ['a method the route does not allow', 'PATCH', '/api/health', 405],
  ])('%s carries exactly the headers helmet would set', async (_label, method, urlPath, status) => {
    const res = await srv.call(method, urlPath, method === 'POST' ? { json: {} } : {});
    expect(res.status).toBe(status);
    for (const h of HELMET_HEADERS) expect(res.headers.get(h), h).toBe(reference[h]);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });
});
