// How many bytes of response headers a first visit costs: loads / in headless Chromium (fresh profile)
// against the real server, waits until the network is idle and the service worker has precached,
// and sums the header block of every answer as the server wrote it (status line, headers, blank
// line: what goes on the wire over HTTP/1.1), split into the page's own loads and the rest.
// Needs a PWA build (npm run build). Run: npx tsx tests/bench/header-bytes.ts
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

interface Answer {
  url: string;
  type: string;
  bytes: number;
}
const answers: Answer[] = [];

// Every server made from here on reports each answer's header block once it is sent.
const createServer = http.createServer;
(http as { createServer: typeof http.createServer; }).createServer = ((...args: Parameters<typeof http.createServer>) => {
  const server = createServer(...args);
  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    res.on('finish', () => {
      const header = (res as unknown as { _header?: string; })._header ?? '';
      answers.push({ url: req.url ?? '', type: String(res.getHeader('content-type') ?? ''), bytes: Buffer.byteLength(header) });
    });
  });
  return server;
}) as typeof http.createServer;

const { startServer } = await import('../../api/src/main');
const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-headers-'));
const running = await startServer({
  ...process.env,
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SKIP_PWA_BUILD: '1',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'header-bytes-bench-secret-of-at-least-32-bytes',
});
const base = `http://127.0.0.1:${running.port}`;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: FLAGS, headless: true });
try {
  const context = await browser.newContext();
  const page = await context.newPage();
  const pageUrls = new Set<string>();
  page.on('request', (r) => pageUrls.add(new URL(r.url()).pathname + new URL(r.url()).search));
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.evaluate(() => navigator.serviceWorker?.ready);
  // The service worker precaches in the background: wait until no answer has come for a second.
  for (let seen = -1; seen !== answers.length;) {
    seen = answers.length;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const sum = (list: Answer[]) => list.reduce((n, a) => n + a.bytes, 0);
  const own = answers.filter((a) => pageUrls.has(a.url));
  const rest = answers.filter((a) => !pageUrls.has(a.url));
  const doc = answers.filter((a) => a.type.startsWith('text/html'));
  const js = answers.filter((a) => a.type.startsWith('text/javascript'));
  console.log(`page's own loads: ${own.length} answers, ${sum(own)} header bytes`);
  console.log(`service worker (precache etc.): ${rest.length} answers, ${sum(rest)} header bytes`);
  console.log(`whole first visit: ${answers.length} answers, ${sum(answers)} header bytes`);
  if (doc.length) {
    console.log(`per HTML answer: ${Math.round(sum(doc) / doc.length)} bytes; per script: ${js.length ? Math.round(sum(js) / js.length) : 0} bytes`);
  }
  await context.close();
} finally {
  await browser.close();
  await running.close();
  await rm(dataDir, { recursive: true, force: true });
}
