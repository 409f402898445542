// Helpers for browser tests: read the mails the product sent, create staff with the real CLI, call the API.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { inject } from 'vitest';
import type { CaughtMail } from '../support/mail-catcher';

export { otpFrom } from '../support/mail-catcher';

/** This worker slot's server (see workers.ts): its URL, database, mail directory and test clock. */
export const server = () => {
  const servers = inject('e2eServers');
  return servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
};
export const baseUrl = () => server().baseUrl;

/** Waits for the newest mail to `to` whose subject matches, sent after `sinceMs`. */
export async function waitForMail(to: string, subject?: RegExp, sinceMs = 0, timeoutMs = 15_000): Promise<CaughtMail> {
  const dir = server().mailDir;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = (await readdir(dir)).filter((f) => Number(f.split('-')[0]) >= sinceMs).sort().reverse();
    for (const f of files) {
      try {
        const m = JSON.parse(await readFile(path.join(dir, f), 'utf8')) as CaughtMail;
        if (m.to === to.toLowerCase() && (!subject || subject.test(m.subject))) return m;
      } catch {
        /* being written */
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
}

let staffDb: Promise<unknown> | undefined;

/**
 * Creates a staff account in the test database with the service `npm run staff -- create` calls (its
 * own CLI is tested in tests/api/staff-cli.test.ts): in this process, not a node + tsx child per call,
 * which cost seconds each on the loaded 2-core machine. Returns the created employee.
 */
export async function createStaff(email: string, name: string, password: string, role = 'employee'): Promise<string> {
  const [{ default: mongoose }, staff] = await Promise.all([import('mongoose'), import('../../api/src/services/accounts/staff')]);
  // A file of the same worker may have pointed mongoose at a database of its own and disconnected.
  if (mongoose.connection.readyState === 0) staffDb = undefined;
  staffDb ??= mongoose.connect(server().mongoUri, { serverSelectionTimeoutMS: 10_000 });
  await staffDb;
  const created = await staff.createStaff({ email, name, password, role: role as 'employee' }, 4);
  return JSON.stringify(created);
}

export async function apiCall<T = any>(method: string, urlPath: string, opts: { json?: unknown; token?: string; } = {}): Promise<{ status: number; body: T; }> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.Authorization = `Bearer ${opts.token}`;
  if (opts.json !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(baseUrl() + urlPath, { method, headers, body: opts.json === undefined ? undefined : JSON.stringify(opts.json) });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as T };
}

/** A unique e-mail per test run, so tests never collide on the shared server. */
export const uniqueEmail = (prefix: string) => `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** The pre-rendered page is live: React has attached itself to its heading (typing before that tests the
 *  pre-hydration path, which tests/e2e/hydration-input.test.ts covers on purpose). */
export async function hydrated(page: import('playwright-core').Page) {
  await page.waitForFunction(() => {
    const h1 = document.querySelector('h1');
    return h1 !== null && Object.keys(h1).some((k) => k.startsWith('__reactFiber'));
  });
}

/** A plan's first visit a minute from now (London date and time): what a cleaner sets when accepting a free-text booking. */
export function firstVisitSoon(): { date: string; time: string; } {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/London',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    }).formatToParts(Date.now() + 120_000).map((x) => [x.type, x.value]),
  );
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}
