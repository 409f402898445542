// The office home says once that the data has outgrown the embedded database: a server of its own here
// (the browser-test slots run on MONGODB_URI, where health never warns), on the embedded database with
// SIZE_WARNING_CUSTOMERS=0, so one customer passes the line. At 1280 px an admin sees the notice, follows
// it to the guide's "Choosing the database", dismisses it, and it stays gone after a reload; at 375 px
// (another device) it shows and fits. Screenshots: /tmp/size-notice-1280.png, /tmp/size-notice-375.png.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_MSG } from '@shared/messages-database';
import { startEngine } from '../../api/engine/index';
import { createStaff } from '../../api/src/services/accounts/staff';
import { audit } from './axe';
import { closeBrowser, newPage, screenshots, staffSignInThroughUi } from './browser';

const root = path.resolve(import.meta.dirname, '../..');
const ADMIN = { email: 'size-admin@example.com', name: 'Size Admin', password: 'sizepass123' };
let work = '';
let child: ChildProcess | undefined;
let base = '';

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

beforeAll(async () => {
  work = await mkdtemp(path.join(tmpdir(), 'sc-size-'));
  // The data first, straight into the data directory, then the server on it (as after an upgrade).
  const engine = await startEngine({ dataDir: path.join(work, 'db'), port: 0 });
  // Browser files share a worker's modules: an earlier file may have mongoose connected to the slot's server.
  if (mongoose.connection.readyState !== 0) await mongoose.disconnect();
  await mongoose.connect(`${engine.uri}sparkleclean?directConnection=true`);
  await createStaff({ email: ADMIN.email, name: ADMIN.name, password: ADMIN.password, role: 'admin' }, 4);
  await mongoose.connection.db!.collection('users').insertOne({ email: 'one@example.com', name: 'One Customer', role: 'user', tokenVersion: 0 });
  await mongoose.disconnect();
  await engine.close();
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: work,
    JWT_SECRET: 'size-notice-secret-of-at-least-32-bytes',
    SKIP_PWA_BUILD: '1',
    LOG_LEVEL: 'warn',
    SIZE_WARNING_CUSTOMERS: '0',
  };
  delete env.MONGODB_URI;
  delete env.SMTP_URL;
  child = spawn(process.execPath, ['--import', 'tsx', 'api/src/main.ts'], { cwd: root, env, stdio: 'ignore' });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode})`);
    if ((await fetch(`${base}/api/health/live`).catch(() => undefined))?.ok) break;
    await new Promise((r) => setTimeout(r, 250));
  }
}, 180_000);

afterAll(async () => {
  await closeBrowser();
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((r) => child!.once('exit', r));
  }
  if (work) await rm(work, { recursive: true, force: true });
});

const notice = (page: Page) => page.getByRole('heading', { name: DATABASE_MSG.noticeTitle });
const noSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth === document.documentElement.clientWidth);

describe('the office home and a database past its size', () => {
  it('shows the notice once, leads to the guide, and stays dismissed on this device', async () => {
    const page = await newPage(base, 1280);
    await staffSignInThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/office');
    await expect.poll(() => notice(page).isVisible(), { timeout: 30_000 }).toBe(true);
    await expect(page.getByText(/past what the embedded database is measured to serve \(0 customers/).isVisible()).resolves.toBe(true);
    expect(await audit(page, 'office home with the size notice (1280)')).toEqual([]);
    await screenshots(page, 'size-notice-1280');

    await page.getByRole('link', { name: DATABASE_MSG.noticeLink }).click();
    await page.waitForURL(/\/office\/database$/);
    await expect.poll(() => page.getByRole('heading', { level: 1, name: DATABASE_MSG.pageTitle }).isVisible()).toBe(true);
    const guide = await page.locator('.ofc-guide').innerText();
    expect(guide).toContain('10 000 customers and 100 000 bookings');
    expect(guide).toMatch(/npm run backup -- --out move[\s\S]*mongorestore[\s\S]*MONGODB_URI/);
    await page.goBack();

    await page.getByRole('button', { name: DATABASE_MSG.dismissLabel }).click();
    await expect.poll(() => notice(page).count()).toBe(0);
    // After a reload the health answer comes again, with its warning, and the notice stays away.
    const health = page.waitForResponse((r) => r.url().endsWith('/api/health'));
    await page.reload();
    expect(((await (await health).json()) as { size_warning?: string; }).size_warning).toBeTruthy();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Office' }).isVisible()).toBe(true);
    expect(await notice(page).count()).toBe(0);
  }, 120_000);

  it('shows on a phone (another device) and fits its width', async () => {
    const page = await newPage(base, 375);
    await staffSignInThroughUi(page, ADMIN.email, ADMIN.password);
    await page.goto('/office');
    await expect.poll(() => notice(page).isVisible(), { timeout: 30_000 }).toBe(true);
    expect(await noSideways(page)).toBe(true);
    expect(await audit(page, 'office home with the size notice (375)')).toEqual([]);
    await screenshots(page, 'size-notice-375');
    await page.getByRole('link', { name: DATABASE_MSG.noticeLink }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1, name: DATABASE_MSG.pageTitle }).isVisible()).toBe(true);
    expect(await noSideways(page)).toBe(true);
    await screenshots(page, 'size-guide-375');
  }, 120_000);
});
