// The real product for browser benchmarks, started exactly as the browser tests start it
// (tests/e2e/global-setup.ts: embedded engine, SMTP catcher filing mails, server child process).
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import setup from '../e2e/global-setup';
import { otpFrom, type CaughtMail } from '../support/mail-catcher';

export interface BenchServer {
  baseUrl: string;
  mongoUri: string;
  mailDir: string;
  stop(): Promise<void>;
}

export async function startBenchServer(): Promise<BenchServer> {
  const provided: Record<string, string> = {};
  const project = { provide: (key: string, value: string) => (provided[key] = value) };
  const teardown = await setup(project as never);
  return { baseUrl: provided.baseUrl, mongoUri: provided.mongoUri, mailDir: provided.mailDir, stop: teardown };
}

async function post(base: string, urlPath: string, json: unknown): Promise<{ status: number; body: Record<string, unknown>; }> {
  const res = await fetch(base + urlPath, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) });
  return { status: res.status, body: (await res.json().catch(() => ({}))) as Record<string, unknown> };
}

async function otpMail(mailDir: string, to: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const f of (await readdir(mailDir)).sort().reverse()) {
      const m = JSON.parse(await readFile(path.join(mailDir, f), 'utf8').catch(() => '{}')) as CaughtMail;
      if (m.to === to) return m;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail to ${to}`);
}

/** A verified customer through the real signup flow. */
export async function benchCustomer(srv: BenchServer, prefix: string) {
  const email = `${prefix}.${Date.now()}@example.com`;
  if ((await post(srv.baseUrl, '/api/send-otp', { email })).status !== 200) throw new Error('send-otp failed');
  const otp = otpFrom(await otpMail(srv.mailDir, email));
  if ((await post(srv.baseUrl, '/api/verify-otp', { email, otp })).status !== 200) throw new Error('verify-otp failed');
  const res = await post(srv.baseUrl, '/api/auth/user/signup', { name: 'Bench Customer', email, password: 'secret123' });
  if (res.status !== 201) throw new Error(`signup ${res.status}`);
  return { email, token: res.body.token as string, user: res.body.user as { id: string; email: string; name: string; } };
}
