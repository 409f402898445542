// Helpers for the offline browser tests: service-worker readiness, accounts, fixtures via the real API.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { MSG } from '@shared/messages';
import { serviceWorkerMode } from './browser';
import { apiCall, baseUrl, createStaff, otpFrom, uniqueEmail, waitForMail } from './support';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Waits until the page's service worker is 'activated' AND controls the page (toolchain note:
 * `ready` resolves while the worker may still be activating; going offline before that bypasses it).
 */
export async function waitForServiceWorker(page: Page, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  let reloadAt = Date.now() + 20_000;
  for (;;) {
    // page.waitForFunction doesn't await a returned promise, so poll with evaluate.
    const ready = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      return reg?.active?.state === 'activated' && navigator.serviceWorker.controller !== null;
    });
    if (ready) return;
    if (Date.now() > deadline) throw new Error('service worker did not activate and take control');
    // Other work on this machine may rebuild pwa/dist while the worker precaches (its install then
    // fails on a vanished asset): a reload registers the current sw.js again.
    if (Date.now() > reloadAt) {
      reloadAt = Date.now() + 20_000;
      await page.reload();
    }
    await page.waitForTimeout(200);
  }
}

/** The context's pages behave as in a browser without Background Sync: only the page replays. */
export async function withoutBackgroundSync(ctx: BrowserContext) {
  await ctx.addInitScript(() => {
    const proto = (globalThis as { SyncManager?: { prototype: { register: unknown; }; }; }).SyncManager?.prototype;
    if (proto) proto.register = () => Promise.reject(new DOMException('Background Sync is off in this test', 'NotSupportedError'));
  });
}

export interface Customer {
  email: string;
  password: string;
  token: string;
  user: { id: string; email: string; name: string; };
}

/** A verified customer through the real signup flow (send-otp → mail → verify-otp → signup). */
export async function signUpCustomer(prefix = 'offline'): Promise<Customer> {
  const email = uniqueEmail(prefix);
  const password = 'secret123';
  const since = Date.now() - 1000;
  const sent = await apiCall('POST', '/api/send-otp', { json: { email } });
  if (sent.status !== 200) throw new Error(`send-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
  const otp = otpFrom(await waitForMail(email, undefined, since));
  const verified = await apiCall('POST', '/api/verify-otp', { json: { email, otp } });
  if (verified.status !== 200) throw new Error(`verify-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  const res = await apiCall('POST', '/api/auth/user/signup', { json: { name: 'Olive Offline', email, password } });
  if (res.status !== 201) throw new Error(`signup ${res.status}: ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.token, user: res.body.user };
}

export async function customerLogin(email: string, password: string): Promise<string> {
  const res = await apiCall('POST', '/api/auth/user/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  return res.body.token;
}

/** Stores a customer session under the app's localStorage keys, before any script of the page runs. */
export async function storeCustomerSession(page: Page, c: Pick<Customer, 'token' | 'user'>) {
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
    localStorage.setItem('email', user.email);
    localStorage.setItem('name', user.name);
  }, c);
}

export async function employeeAccount(prefix = 'cleaner'): Promise<{ email: string; password: string; token: string; }> {
  const email = uniqueEmail(prefix);
  const password = 'cleanpass1';
  await createStaff(email, 'Cody Cleaner', password);
  const res = await apiCall('POST', '/api/auth/employee/login', { json: { email, password } });
  if (res.status !== 200) throw new Error(`employee login ${res.status}: ${JSON.stringify(res.body)}`);
  return { email, password, token: res.body.token };
}

type BlogRow = { id?: string; _id?: string; image_path?: string; };

/** Publishes a blog post with an image (multipart, like the employee blog screen). */
export async function createBlogPost(token: string, title: string): Promise<{ id: string; image_path: string; }> {
  const fd = new FormData();
  fd.append('title', title);
  fd.append('content', `${title}. Offline reading works after one visit: this text and its picture come from the device.`);
  const png = await readFile(path.join(root, 'public/icons/icon-512.png'));
  fd.append('image', new Blob([png], { type: 'image/png' }), 'cover.png');
  const res = await fetch(`${baseUrl()}/api/employee/blog-posts`, { method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: fd });
  const body = (await res.json()) as { blog_post?: BlogRow; post?: BlogRow; } & BlogRow;
  if (res.status >= 300) throw new Error(`blog create ${res.status}: ${JSON.stringify(body)}`);
  const post = body.blog_post ?? body.post ?? body;
  return { id: String(post.id ?? post._id), image_path: String(post.image_path) };
}

/**
 * Every row of one table of the app's IndexedDB ('sparkleclean'), read beside the app on a connection of
 * its own that is always closed: one left open blocks the app's next schema upgrade (Dexie waits on
 * 'blocked' until the page's garbage collector closes it, ~30 s). A database the app has not made yet is
 * not made here (its first version would be ours): the answer is then none.
 */
export function tableRows<T = unknown>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(
    (name) =>
      new Promise<T[]>((resolve, reject) => {
        const open = indexedDB.open('sparkleclean');
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve([]) : reject(open.error));
        open.onsuccess = () => {
          const idb = open.result;
          if (!idb.objectStoreNames.contains(name)) {
            idb.close();
            return resolve([]);
          }
          const req = idb.transaction(name).objectStore(name).getAll();
          req.onsuccess = () => resolve(req.result as T[]);
          req.onerror = () => reject(req.error);
          req.transaction!.oncomplete = () => idb.close();
          req.transaction!.onabort = () => idb.close();
        };
      }),
    table,
  );
}

/** The outbox rows of the page's IndexedDB (table 'outbox'), oldest first, of `kind` if given. */
export type OutboxRow = { id: string; state: string; attempts: number; kind: string; lastError?: string; };
export async function outboxRows(page: Page, kind?: string): Promise<OutboxRow[]> {
  type Row = OutboxRow & { seq: number; };
  const rows = (await tableRows<Row>(page, 'outbox')).sort((a, b) => a.seq - b.seq).map((r) => ({
    id: r.id,
    state: r.state,
    attempts: r.attempts,
    kind: r.kind,
    lastError: r.lastError,
  }));
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** A page of `ctx` with the customer signed in, and the service worker in control where the file has one. */
export async function signedInPage(ctx: BrowserContext, customer: Pick<Customer, 'token' | 'user'>): Promise<Page> {
  const page = await ctx.newPage();
  await page.goto('/');
  await storeCustomerSession(page, customer);
  await page.reload();
  if (serviceWorkerMode() === 'allow') await waitForServiceWorker(page);
  return page;
}

/** Goes offline and books through the wizard; the booking ends up queued in the outbox. */
export async function bookOffline(ctx: BrowserContext, page: Page, postcode: string, contact?: WizardContact) {
  await ctx.setOffline(true);
  await completeWizard(page, postcode, contact);
  await page.getByRole('dialog').getByText(MSG.bookingQueued).waitFor();
}

/** Drives the 12-step booking wizard from the home page's Get Started, answering every step. */
export interface WizardContact {
  address: string;
  phone: string;
}

export async function completeWizard(page: Page, postcode: string, contact: WizardContact = { address: '1 Offline Road, London', phone: '020 7946 0000' }) {
  await page.goto('/');
  await page.getByLabel('Your postcode').fill(postcode);
  await page.getByRole('button', { name: 'Get Started' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Address').fill(contact.address);
  for (let step = 1; step <= 12; step++) {
    await dialog.getByText(`Step ${step} of 12`).waitFor();
    if (step === 9) {
      const future = new Date(Date.now() + 3 * 24 * 3600_000);
      const local = new Date(future.getTime() - future.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
      await dialog.getByLabel('Preferred date and time').fill(local);
    } else if (step === 12) {
      await dialog.getByLabel('Phone number', { exact: true }).fill(contact.phone);
      // These journeys also carry the phone and address to the profile (through the outbox, before the booking).
      await dialog.getByLabel('Save this address and phone number as my details').check();
      // A first visit within 14 days: the customer asks to start within the cancellation period.
      const startEarly = dialog.getByLabel('Please start within the 14-day cancellation period');
      if (await startEarly.isVisible()) await startEarly.check();
    } else if (step > 1) {
      await dialog.locator('.wizard__option').first().click();
    }
    await dialog.getByRole('button', { name: step === 12 ? 'Complete Booking' : 'Continue' }).click();
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `ok` holds (or throws with the last value after `timeoutMs`). */
export async function until<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: T;
  for (;;) {
    last = await read();
    if (ok(last)) return last;
    if (Date.now() > deadline) throw new Error(`${what} not reached in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await sleep(250);
  }
}
