// One Chromium per test file, driven by playwright-core (the system's browser; never downloaded). Not one
// per worker slot connected to remotely: a remote connection has no download.path() (office-work's and
// data-rights' downloads failed on it).
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser | undefined;

export async function getBrowser(): Promise<Browser> {
  browser ??= await chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });
  return browser;
}

export async function closeBrowser() {
  await browser?.close();
  browser = undefined;
}

/** A fresh, isolated browser profile (own storage, own service worker) at a phone or desktop width. */
export async function newContext(baseURL: string, width: 375 | 1280 = 375): Promise<BrowserContext> {
  const b = await getBrowser();
  return b.newContext({ baseURL, viewport: { width, height: width === 375 ? 812 : 900 }, serviceWorkers: 'allow' });
}

export async function newPage(baseURL: string, width: 375 | 1280 = 375): Promise<Page> {
  const ctx = await newContext(baseURL, width);
  return ctx.newPage();
}

/**
 * /tmp/<name>.png of the whole page at its own width; with `landscape`, also /tmp/<name>-812x375.png
 * (a phone turned sideways), then the page's size is put back.
 */
export async function screenshots(page: Page, name: string, opts: { landscape?: boolean; } = {}): Promise<void> {
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
  if (!opts.landscape) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 812, height: 375 });
  await page.screenshot({ path: `/tmp/${name}-812x375.png`, fullPage: true });
  if (size) await page.setViewportSize(size);
}

/** Signs a staff member in on the staff sign-in page and waits for their portal. */
export async function staffSignInThroughUi(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/employee/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(/\/(employee\/dashboard|office)/);
}
