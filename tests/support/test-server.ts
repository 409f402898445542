// Starts the real API (Koa + mongoose + embedded engine) in-process on a free port with a temp data dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startServer } from '../../api/src/main';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

export interface TestServer {
  url: string;
  mail: MailCatcher;
  dataDir: string;
  deps: Awaited<ReturnType<typeof startServer>>['deps'];
  /** fetch against the server: path like '/api/health'; JSON body when `json` is given. */
  call(
    method: string,
    urlPath: string,
    opts?: { json?: unknown; token?: string; headers?: Record<string, string>; body?: BodyInit; },
  ): Promise<{ status: number; body: any; headers: Headers; }>;
  close(): Promise<void>;
}

export async function startTestServer(env: Record<string, string> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sc-api-'));
  const mail = await startMailCatcher();
  const running = await startServer({
    ...process.env,
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: mail.url,
    SKIP_PWA_BUILD: '1',
    // bcryptjs at the production cost (10) spends ~0.1 s of a core per sign-up or sign-in; tests check
    // who may sign in, not the hash's strength (a test that needs the cost passes BCRYPT_COST itself).
    BCRYPT_COST: '4',
    // Tests that move the clock by days count the jobs they run: the nightly retention run is planned
    // only where a test asks for it (RETENTION_JOB: 'on').
    RETENTION_JOB: 'off',
    // Likewise the monthly statement e-mails (STATEMENTS_JOB: 'on' where a test counts them).
    STATEMENTS_JOB: 'off',
    // A fresh database has no older release's data to upgrade, and no test here counts on the recurring
    // generation job (the pass at start still runs): tests that need either pass 'on'.
    STARTUP_MIGRATIONS: 'off',
    VISIT_GENERATION_JOB: 'off',
    // The engine on the server's thread: a thread of its own cost 0.44 s of CPU to load per file.
    ENGINE_THREAD: 'off',
    JWT_SECRET: 'test-secret-of-at-least-32-bytes-' + path.basename(dataDir),
    ...env,
  });
  const url = `http://127.0.0.1:${running.port}`;
  return {
    url,
    mail,
    dataDir,
    deps: running.deps,
    async call(method, urlPath, opts = {}) {
      const headers: Record<string, string> = { ...opts.headers };
      if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
      let body = opts.body;
      if (opts.json !== undefined) {
        headers['Content-Type'] = 'application/json';
        body = JSON.stringify(opts.json);
      }
      const res = await fetch(url + urlPath, { method, headers, body });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = text ? JSON.parse(text) : undefined;
      } catch {
        /* not JSON: keep the text */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
    async close() {
      await running.close();
      await mail.close();
      // A mail still being filed into DATA_DIR/outbox as the server stops can land while the folder is
      // being removed (ENOTEMPTY): remove again, as rm's retries are for.
      await rm(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    },
  };
}
