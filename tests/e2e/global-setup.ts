// Browser tests run against the real product: the embedded engine, the real server (`api/src/main.ts`
// as `npm start` runs it, child process, built PWA) and a real SMTP catcher that files each mail as JSON.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEngine } from '../../api/engine/index';
import { buildPwa, pwaBuildIsStale } from '../../api/src/build/pwa-build';
import { startMailCatcher } from '../support/mail-catcher';
import { startStripeServer } from '../support/stripe-server';
import { CHROMIUM_PATH } from './browser';
import { TEST_WORKERS } from './workers';

/** One worker slot's product: what a test file reaches through support.ts's `server()`. */
export interface E2EServer {
  baseUrl: string;
  mongoUri: string;
  mailDir: string;
  /** The server's TEST_CLOCK_FILE: a test writes milliseconds there to move the server's "now". */
  clockFile: string;
  /** This slot's Stripe-compatible test server (tests/support/stripe-server.ts), on the same clock. */
  stripeUrl: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One per worker slot (VITEST_POOL_ID 1..TEST_WORKERS). */
    e2eServers: E2EServer[];
  }
}

const root = path.resolve(import.meta.dirname, '../..');

/** The address the server prints once it listens ("… is running at http://127.0.0.1:PORT …"). */
async function announcedUrl(child: ChildProcess, log: () => string, timeoutMs = 150_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = /running at (http:\/\/\S+)/.exec(log());
    if (found) return found[1].replace('localhost', '127.0.0.1');
    if (child.exitCode !== null) throw new Error(`server exited early (code ${child.exitCode}):\n${log()}`);
    if (Date.now() > deadline) throw new Error(`server did not start in ${timeoutMs} ms:\n${log()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitForHealth(url: string, child: ChildProcess, log: () => string, timeoutMs = 150_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited early (code ${child.exitCode}):\n${log()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy in ${timeoutMs} ms:\n${log()}`);
}

/** Starts one slot's engine, mail catcher (filing each mail as JSON) and server, in its own directory. */
async function startSlot(slot: number): Promise<{ server: E2EServer; stop: () => Promise<void>; }> {
  const work = await mkdtemp(path.join(tmpdir(), `sc-e2e-${slot}-`));
  const mailDir = path.join(work, 'mail');
  await mkdir(mailDir, { recursive: true });
  const engine = await startEngine({ dataDir: path.join(work, 'db'), port: 0 });
  const mongoUri = `${engine.uri}sparkleclean-e2e?directConnection=true`;
  const mail = await startMailCatcher();
  let filed = 0;
  const filer = setInterval(() => {
    for (; filed < mail.mails.length; filed++) {
      void writeFile(path.join(mailDir, `${Date.now()}-${filed}.json`), JSON.stringify(mail.mails[filed]));
    }
  }, 50);

  const clockFile = path.join(work, 'clock');
  // Card payments against our Stripe test server, signing its webhooks on the server's test clock.
  const offset = () => (existsSync(clockFile) ? Number(readFileSync(clockFile, 'utf8').trim()) || 0 : 0);
  const stripe = await startStripeServer({ webhookSecret: 'whsec_e2e', now: () => Date.now() + offset() });
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // Port 0: the server takes a free port and says which (a port picked here and freed for it could be
      // taken by another slot's engine or catcher meanwhile).
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: path.join(work, 'data'),
      MONGODB_URI: mongoUri,
      SMTP_URL: mail.url,
      JWT_SECRET: 'e2e-secret-of-at-least-32-bytes-' + path.basename(work),
      BCRYPT_COST: '4',
      LOG_LEVEL: 'warn',
      TEST_CLOCK_FILE: clockFile,
      // global-setup built it once: three servers building into the same pwa/dist at once broke each
      // other's build (workbox found a half-written sw.js) and cost two builds more on two cores.
      SKIP_PWA_BUILD: '1',
      // blog-first-page checks the posts inside /blog's HTML; on a loaded CI machine the list can take
      // longer than the 100 ms the page waits for it in production (that fallback has its own API test).
      BLOG_FIRST_PAGE_WAIT_MS: '5000',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e',
      STRIPE_API_BASE: stripe.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const baseUrl = await announcedUrl(child, () => output);
  stripe.webhookUrl = `${baseUrl}/api/payments/stripe/webhook`;
  await waitForHealth(baseUrl, child, () => output);
  return {
    server: { baseUrl, mongoUri, mailDir, clockFile, stripeUrl: stripe.url },
    stop: async () => {
      clearInterval(filer);
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      await mail.close();
      await stripe.close();
      await engine.close();
      await rm(work, { recursive: true, force: true });
    },
  };
}

export default async function setup(project: TestProject) {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Browser tests need Chromium at ${CHROMIUM_PATH}. Install it with: apt-get update && apt-get install -y chromium`);
  }
  if (pwaBuildIsStale(root, path.join(root, 'pwa/dist'))) buildPwa(root);
  const slots = await Promise.all(Array.from({ length: TEST_WORKERS }, (_, i) => startSlot(i + 1)));
  project.provide('e2eServers', slots.map((s) => s.server));
  return async () => {
    await Promise.all(slots.map((s) => s.stop()));
  };
}
