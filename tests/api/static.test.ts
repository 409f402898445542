// The built PWA as the server hands it out: compression, cache headers, SPA fallback, no escapes.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { startTestServer, type TestServer } from '../support/test-server';

let s: TestServer;
const js = `export const greeting = ${JSON.stringify('hello '.repeat(2000))};\n`;

/** Raw GET (Node's fetch would undo the compression we want to see). */
function rawGet(url: string, headers: Record<string, string> = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; }>((resolve, reject) => {
    const req = http.request(url, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'sc-dist-'));
  await mkdir(path.join(dist, 'assets'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"><h1>Pre-rendered home</h1></div>');
  await writeFile(path.join(dist, 'shell.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'about.html'), '<!doctype html><div id="root"><h1>Pre-rendered about</h1></div>');
  await mkdir(path.join(dist, 'employee'));
  await writeFile(path.join(dist, 'employee', 'login.html'), '<!doctype html><div id="root"><h1>Pre-rendered staff sign-in</h1></div>');
  await writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  await writeFile(path.join(dist, 'assets', 'app-abc123.js'), js);
  await writeFile(path.join(dist, 'assets', 'logo-abc123.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  await writeFile(path.join(dist, 'assets', 'big-abc123.png'), Buffer.alloc(8 * 1024 * 1024, 7));
  s = await startTestServer({ PWA_DIST_DIR: dist });
});
afterAll(() => s.close());

describe('serving the built PWA', () => {
  it('compresses text with brotli or gzip as the browser accepts, and keeps hashed assets for a year', async () => {
    const br = await rawGet(`${s.url}/assets/app-abc123.js`, { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(js);
    expect(br.body.length).toBeLessThan(js.length / 10);

    const gz = await rawGet(`${s.url}/assets/app-abc123.js`, { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(js);

    const plain = await rawGet(`${s.url}/assets/app-abc123.js`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });

  it('sends images as they are, and HEAD with the right length and no body', async () => {
    const png = await rawGet(`${s.url}/assets/logo-abc123.png`, { 'Accept-Encoding': 'br' });
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers['content-type']).toBe('image/png');
    const head = await rawGet(`${s.url}/assets/app-abc123.js`, {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBe(Buffer.byteLength(js));
    expect(head.body.length).toBe(0);
  });

  it('never caches the shell or the service worker, and answers client routes with the shell', async () => {
    for (const p of ['/', '/orders', '/employee/dashboard', '/sw.js']) {
      const res = await rawGet(`${s.url}${p}`, { Accept: 'text/html' });
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
    expect((await rawGet(`${s.url}/orders`)).body.toString()).toContain('<div id="root">');
  });

  it('gives / the pre-rendered index.html and every other client route the plain shell (no home markup)', async () => {
    expect((await rawGet(`${s.url}/`)).body.toString()).toContain('Pre-rendered home');
    for (const p of ['/blog', '/orders', '/employee/dashboard', '/no/such/page']) {
      const body = (await rawGet(`${s.url}${p}`, { Accept: 'text/html' })).body.toString();
      expect(body, p).toBe('<!doctype html><div id="root"></div>');
    }
    expect((await rawGet(`${s.url}/shell.html`)).headers['cache-control']).toBe('no-cache');
  });

  it('gives each pre-rendered route its own page, never cached, and nothing else a page it did not ask for', async () => {
    const about = await rawGet(`${s.url}/about`, { Accept: 'text/html' });
    expect(about.status).toBe(200);
    expect(about.headers['content-type']).toMatch(/^text\/html/);
    expect(about.headers['cache-control']).toBe('no-cache');
    expect(about.body.toString()).toContain('Pre-rendered about');
    expect((await rawGet(`${s.url}/employee/login`)).body.toString()).toContain('Pre-rendered staff sign-in');
    // Only the route itself: a trailing slash or a longer path is not that page.
    for (const p of ['/about/', '/about/team', '/employee', '/employee/login/x']) {
      expect((await rawGet(`${s.url}${p}`, { Accept: 'text/html' })).body.toString(), p).not.toContain('Pre-rendered');
    }
  });

  it('answers an unknown address with HTTP 404 and the app (its not-found page), and every app route with 200', async () => {
    // A blog post page whose slug no post has is missing too (tests/api/blog-slug.test.ts: an existing one is 200).
    for (const p of ['/no/such/page', '/servicez', '/about/team', '/blog/a/b', '/blog/some-post']) {
      const res = await rawGet(`${s.url}${p}`, { Accept: 'text/html' });
      expect(res.status, p).toBe(404);
      expect(res.headers['content-type'], p).toMatch(/^text\/html/);
      expect(res.body.toString(), p).toContain('<div id="root">');
    }
    for (const p of ['/', '/services', '/blog', '/orders', '/profile', '/outbox', '/employee/anything', '/office/team']) {
      expect((await rawGet(`${s.url}${p}`, { Accept: 'text/html' })).status, p).toBe(200);
    }
  });

  it('answers 404 for a missing file and never serves files outside the build', async () => {
    expect((await rawGet(`${s.url}/assets/missing.js`)).status).toBe(404);
    for (const p of ['/../package.json', '/%2e%2e/package.json', '/assets/..%2f..%2fpackage.json']) {
      const res = await rawGet(`${s.url}${p}`);
      expect(res.body.toString()).not.toContain('"dependencies"');
    }
  });

  it('a client that hangs up mid-download is not reported as a server failure, and the server carries on', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await new Promise<void>((resolve, reject) => {
        const req = http.get(`${s.url}/assets/big-abc123.png`, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? resolve() : reject(e)));
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(consoleError).not.toHaveBeenCalled();
      expect((await rawGet(`${s.url}/api/health`)).status).toBe(200);
    } finally {
      consoleError.mockRestore();
    }
  });
});
