// Registers the service worker (registerType 'prompt'): a new version waits until the person clicks
// "Update available — reload", then takes over and the page reloads once. The browser's own
// registration API does all of it in a few lines, so no library is downloaded for it.

type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = false;
let applyUpdate: (() => void) | null = null;

export function onUpdateAvailable(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const isUpdateWaiting = () => waiting;

/** Tells the waiting worker to take over; the page reloads when it controls the page. */
export function reloadToUpdate() {
  applyUpdate?.();
}

/** A new worker is installed and waits while this page's worker still controls it: offer the update. */
function offer(worker: ServiceWorker) {
  applyUpdate = () => {
    // Reload once the new worker controls the page, so the page and the cache are the same version.
    let reloading = false;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      if (reloading) return;
      reloading = true;
      window.location.reload();
    });
    worker.postMessage({ type: 'SKIP_WAITING' });
  };
  waiting = true;
  listeners.forEach((l) => l());
}

export async function registerServiceWorker(url = '/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await navigator.serviceWorker.register(url, { scope: '/' });
  } catch {
    // no worker (e.g. insecure origin): the app still works online
  }
  // (A browser that blocks service workers, as test browsers can, may also answer with nothing.)
  if (!registration) return;
  // The first worker takes control at once (sw.ts); only a worker installed beside an active one waits.
  const hasController = () => Boolean(registration.active);
  if (registration.waiting && hasController()) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && hasController()) offer(worker);
    });
  });
  // Look for a new version when the person comes back to the tab, at most hourly.
  let last = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last > 60 * 60_000) {
      last = Date.now();
      void registration?.update().catch(() => undefined);
    }
  });
}
