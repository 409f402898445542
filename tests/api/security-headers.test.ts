// Every answer carries helmet's security headers: the page set on the PWA's files and images, the
// API set on JSON answers under /api/ (errors and 404s included). The headers are worked out once at
// start-up, so this checks them against helmet run per request with the same options.
import http from 'node:http';
import Koa from 'koa';
import helmet from 'koa-helmet';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_HELMET_OPTIONS, PAGE_HELMET_OPTIONS } from '../../api/src/http/security-headers';
import { startTestServer, type TestServer } from '../support/test-server';

const PAGE_HEADERS = [
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
const API_HEADERS = ['content-security-policy', 'cross-origin-resource-policy', 'referrer-policy', 'strict-transport-security', 'x-content-type-options', 'x-frame-options'];

let srv: TestServer;
/** What koa-helmet sets when it runs for each request with the given options. */
const reference: Record<'page' | 'api', Record<string, string | null>> = { page: {}, api: {} };

async function helmetPerRequest(options: Parameters<typeof helmet>[0]): Promise<Record<string, string | null>> {
  const app = new Koa();
  app.use(helmet(options));
  app.use((ctx) => (ctx.body = 'ok'));
  const server = http.createServer(app.callback());
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number }).port}/`);
    return Object.fromEntries(PAGE_HEADERS.map((h) => [h, res.headers.get(h)]));
  } finally {
    server.close();
  }
}

beforeAll(async () => {
  srv = await startTestServer();
  reference.page = await helmetPerRequest(PAGE_HELMET_OPTIONS);
  reference.api = await helmetPerRequest(API_HELMET_OPTIONS);
});
afterAll(async () => {
  await srv?.close();
});

describe('security headers', () => {
  it('helmet per request sets what this test expects (so the comparisons below mean something)', () => {
    for (const h of PAGE_HEADERS) expect(reference.page[h], h).toBeTruthy();
    expect(reference.page['content-security-policy']).toContain("frame-src 'self' https://accounts.google.com");
    for (const h of API_HEADERS) expect(reference.api[h], h).toBeTruthy();
    expect(reference.api['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(reference.api['x-frame-options']).toBe('DENY');
    expect(reference.api['referrer-policy']).toBe('no-referrer');
    // The document-only headers are not sent with JSON.
    for (const h of PAGE_HEADERS.filter((x) => !API_HEADERS.includes(x))) expect(reference.api[h], h).toBeNull();
  });

  it.each([
    ['an API answer', 'GET', '/api/health', 200],
    ['a client error', 'POST', '/api/send-otp', 400],
    ['an unknown API path', 'GET', '/api/no-such-thing', 404],
    ['a method the route does not allow', 'PATCH', '/api/health', 405],
  ])('%s carries exactly the API headers', async (_label, method, urlPath, status) => {
    const res = await srv.call(method, urlPath, method === 'POST' ? { json: {} } : {});
    expect(res.status).toBe(status);
    for (const h of PAGE_HEADERS) expect(res.headers.get(h), h).toBe(reference.api[h]);
    expect(res.headers.get('x-powered-by')).toBeNull();
  });

  it.each([
    ['a page route', '/about'],
    ['a blog image that does not exist', '/uploads/blog/0123456789abcdef0123456789abcdef.png'],
  ])('%s carries exactly the page headers', async (_label, urlPath) => {
    const res = await srv.call('GET', urlPath);
    for (const h of PAGE_HEADERS) expect(res.headers.get(h), h).toBe(reference.page[h]);
  });
});
