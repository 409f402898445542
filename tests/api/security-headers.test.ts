// Every answer carries helmet's security headers: the page set on the PWA's files and images, the
// API set on JSON answers under /api/ (errors and 404s included). The headers are worked out once at
// start-up, so this checks them against helmet run per request with the same options.
import http from 'node:http';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
const API_HEADERS = [
  'content-security-policy',
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
];

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
    const res = await fetch(`http://127.0.0.1:${(server.address() as { port: number; }).port}/`);
    return Object.fromEntries(PAGE_HEADERS.map((h) => [h, res.headers.get(h)]));
  } finally {
    server.close();
  }
}

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'sc-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'about.html'), '<!doctype html><div id="root"><h1>About</h1></div>');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'manifest.webmanifest'), '{}');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), 'export const x = 1;');
  await writeFile(path.join(dist, 'assets', 'app-abc123.css'), 'body{margin:0}');
  srv = await startTestServer({ PWA_DIST_DIR: dist });
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
    ['the home page', '/'],
    ['a pre-rendered page route', '/about'],
    ['a client route (the shell)', '/orders'],
    ['an address the app does not have (404 page)', '/no/such/page'],
  ])('%s (a document) carries exactly the page headers', async (_label, urlPath) => {
    const res = await srv.call('GET', urlPath);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    for (const h of PAGE_HEADERS) expect(res.headers.get(h), h).toBe(reference.page[h]);
  });

  // A script, a style sheet or an image is not a document: the page's policy means nothing on it, and
  // over HTTP/1.1 each one paid ~1.2 KB of headers for it. nosniff and CORP still protect the file.
  it.each([
    ['a hashed script', '/assets/app-abc123.js', true],
    ['a hashed style sheet', '/assets/app-abc123.css', true],
    ['the manifest', '/manifest.webmanifest', false],
    ['a blog image that does not exist', '/uploads/blog/0123456789abcdef0123456789abcdef.png', false],
    ['a missing file', '/assets/gone-abc123.js', false],
  ])('%s carries the short file set: nosniff and CORP, no page policy', async (_label, urlPath, hashed) => {
    const res = await srv.call('GET', urlPath);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    for (const h of PAGE_HEADERS.filter((x) => x !== 'x-content-type-options' && x !== 'cross-origin-resource-policy')) {
      expect(res.headers.get(h), h).toBeNull();
    }
    if (hashed) expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it("the service worker script carries the page's CSP and referrer policy (a worker takes them from its script), not the document-only headers", async () => {
    const res = await srv.call('GET', '/sw.js');
    expect(res.status).toBe(200);
    for (const h of ['content-security-policy', 'referrer-policy', 'x-content-type-options', 'cross-origin-resource-policy']) {
      expect(res.headers.get(h), h).toBe(reference.page[h]);
    }
    for (const h of ['x-frame-options', 'cross-origin-opener-policy', 'origin-agent-cluster', 'x-xss-protection', 'x-download-options']) {
      expect(res.headers.get(h), h).toBeNull();
    }
    expect(res.headers.get('cache-control')).toBe('no-cache');
  });
});
