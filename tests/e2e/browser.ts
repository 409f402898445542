// One Chromium per worker slot, launched in the worker by playwright-core (the system's browser; never
// downloaded) on the slot's first browser file and kept for the next ones (the e2e project runs without
// per-file isolation, so this module lives as long as the worker): each test opens a fresh context, an
// isolated profile of its own, and `closeBrowser()` at a file's end closes that file's contexts, not the
// browser. A launch cost 0.8-1.4 s per file. Not a browser connected to remotely: a remote connection has
// no download.path() (office-work's and data-rights' downloads failed on it). A file that needs a browser
// no other file used (the service-worker update) calls `ownBrowserForThisFile()` first.
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
// Chromium reads only the last --disable-features it is given, so this one repeats playwright-core's own
// list (its chromium switches) before ours.
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];
// Every page of headless Chromium is a browser window whose address bar loads its suggestion popup as a
// web page of its own (chrome://omnibox-popup.top-chrome) in a renderer process of its own: half the
// CPU of opening a page (0.31 → 0.15 s per context and page). No test uses the address bar.
const OMNIBOX_POPUP_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup', 'WebUIOmniboxFullPopup'];

export const FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUP_FEATURES].join(',')}`,
];

const launch = () => chromium.launch({ executablePath: CHROMIUM_PATH, args: FLAGS, headless: true });

let shared: Promise<Browser> | undefined;
let own: Promise<Browser> | undefined;
let wantsOwn = false;
let serviceWorkers: 'allow' | 'block' = 'block';

/** This file's browser: the slot's shared one, or its own after `ownBrowserForThisFile()`. */
export async function getBrowser(): Promise<Browser> {
  if (wantsOwn) return (own ??= launch());
  // A browser that crashed or was closed is replaced, so one file's fault does not fail the slot's next files.
  if (shared && !(await shared.then((b) => b.isConnected(), () => false))) shared = undefined;
  return (shared ??= launch());
}

/**
 * Until this file's `closeBrowser()`, pages and contexts come from a browser launched for this file alone
 * (the service-worker update test: on the slot's shared browser its new worker did not take over).
 */
export function ownBrowserForThisFile(): void {
  wantsOwn = true;
}

/**
 * Until this file's `closeBrowser()`, its contexts register the app's service worker (offline pages,
 * Background Sync, push, updates). Without it they do not: a fresh profile's worker downloads and stores
 * the whole precache (275 files), about 1.3 s of Chromium's and the server's CPU per context, which the
 * files about screens and flows online do not need. Call it in the file's first `beforeAll`.
 */
export function withServiceWorkers(): void {
  serviceWorkers = 'allow';
}

/** What this file's contexts do with the app's service worker (see withServiceWorkers). */
export const serviceWorkerMode = () => serviceWorkers;

/**
 * The end of a test file: closes every context it opened (its pages, cookies, service workers) and its
 * own browser if it had one; the slot's shared browser stays for the next file. A worker's browser
 * goes with the worker's process at the end of the run.
 */
export async function closeBrowser() {
  if (own) {
    const b = own;
    own = undefined;
    await (await b).close();
  }
  wantsOwn = false;
  serviceWorkers = 'block';
  const b = await shared?.catch(() => undefined);
  if (b?.isConnected()) await Promise.all(b.contexts().map((c) => c.close().catch(() => undefined)));
}

/** A fresh, isolated browser profile (own storage, own service worker) at a phone or desktop width. */
/** `worker`: this context's service worker, when it differs from the file's (see withServiceWorkers). */
export async function newContext(baseURL: string, width: 375 | 1280 = 375, worker = serviceWorkers): Promise<BrowserContext> {
  const b = await getBrowser();
  return b.newContext({ baseURL, viewport: { width, height: width === 375 ? 812 : 900 }, serviceWorkers: worker });
}

export async function newPage(baseURL: string, width: 375 | 1280 = 375, worker = serviceWorkers): Promise<Page> {
  const ctx = await newContext(baseURL, width, worker);
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
