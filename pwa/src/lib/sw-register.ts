// Registers the service worker with workbox-window (registerType 'prompt'). The library is imported
// only once the page is interactive (after load, when the browser is idle), so the first visit's JS
// stays within its budget. A new version waits until the person clicks "A new version is ready —
// Reload"; then it takes over and the page reloads once. Never while a form on the page holds input
// not yet sent: the prompt says to send or finish it first (the outbox keeps what was sent offline).

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = false;
/** The person asked to reload while a form held unsent input. */
let heldByForm = false;
let applyUpdate: (() => void) | null = null;
const notify = () => listeners.forEach((l) => l());

export function onUpdateAvailable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateWaiting = () => waiting;
export const isHeldByForm = () => heldByForm;

// Forms the person typed into since they were shown or last submitted. React writes each value back
// to the input's default, so "changed from its default" cannot be read off the DOM: typing is watched.
const typedIn = new Set<HTMLFormElement>();
function watchForms() {
  document.addEventListener('input', (e) => {
    const form = (e.target as HTMLInputElement | null)?.form;
    if (form) typedIn.add(form);
  }, true);
  document.addEventListener('submit', (e) => typedIn.delete(e.target as HTMLFormElement), true);
  document.addEventListener('reset', (e) => typedIn.delete(e.target as HTMLFormElement), true);
}

/** A form still on the page holds input the person typed and has not sent. */
export function hasUnsentInput(): boolean {
  for (const form of typedIn) if (!form.isConnected) typedIn.delete(form);
  return typedIn.size > 0;
}

/** Tells the waiting worker to take over (the page reloads when it controls); not over unsent input. */
export function reloadToUpdate() {
  if (hasUnsentInput()) {
    heldByForm = true;
    notify();
    return;
  }
  heldByForm = false;
  applyUpdate?.();
}

/** After load, once the browser is idle (or 3 s at most): nothing of this competes with the first paint. */
function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 3000 }) : setTimeout(resolve, 200));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

/** A worker installed beside the one in control: the click sends it SKIP_WAITING. */
function offer(skipWaiting: () => void, onControlling: (reload: () => void) => void) {
  let reloading = false;
  const reload = () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  };
  applyUpdate = () => {
    onControlling(reload);
    skipWaiting();
  };
  waiting = true;
  notify();
}

export async function registerServiceWorker(url = '/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  watchForms();
  await whenIdle();
  const sw = navigator.serviceWorker;
  // First visit: no worker controls the page, so no update can be waiting. The browser's own call
  // registers the worker, and workbox-window is loaded only once a worker controls the page — from
  // its precache then, not the network: the first visit's JS budget never pays for it.
  if (!sw.controller) {
    try {
      if (!(await sw.register(url, { scope: '/' }))) return;
    } catch {
      return; // no worker (e.g. insecure origin): the app still works online
    }
    await new Promise<void>((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
  }
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(url, { scope: '/' });
  const skip = () => wb.messageSkipWaiting();
  const whenControlling = (reload: () => void) => wb.addEventListener('controlling', reload);
  // A new worker waiting beside the one in control (this page's own update, or one another tab
  // registered): offer it. The page reloads once the worker controls it, so page and cache agree.
  wb.addEventListener('waiting', () => offer(skip, whenControlling));
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await wb.register();
  } catch {
    // no worker: the app still works online
  }
  // (A browser that blocks service workers, as test browsers can, may also answer with nothing.)
  if (!registration) return;
  // A worker that was already installing or waiting before workbox-window listened (another tab's).
  const pending = registration.installing;
  if (registration.waiting && !waiting) offer(skip, whenControlling);
  else {pending?.addEventListener('statechange', () => {
      if (pending.state === 'installed' && !waiting) offer(skip, whenControlling);
    });}
  // Look for a new version when the person comes back to the tab, at most hourly.
  let last = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last > 60 * 60_000) {
      last = Date.now();
      void wb.update().catch(() => undefined);
    }
  });
}
