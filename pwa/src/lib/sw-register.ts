// Registers the service worker through workbox-window (registerType 'prompt'): a new version waits
// until the person clicks "Update available — reload", then takes over and the page reloads once.
// workbox-window is imported after the first paint, so it never weighs on the first load.

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

export async function registerServiceWorker(url = '/sw.js'): Promise<void> {
  if (!('serviceWorker' in navigator)) return;
  const { Workbox } = await import('workbox-window');
  const wb = new Workbox(url, { scope: '/' });
  let reloading = false;
  wb.addEventListener('waiting', () => {
    applyUpdate = () => {
      // Reload once the new worker controls the page, so the page and the cache are the same version.
      wb.addEventListener('controlling', () => {
        if (reloading) return;
        reloading = true;
        window.location.reload();
      });
      wb.messageSkipWaiting();
    };
    waiting = true;
    listeners.forEach((l) => l());
  });
  try {
    await wb.register();
  } catch {
    /* no worker (e.g. insecure origin): the app still works online */
  }
  // Look for a new version when the person comes back to the tab, at most hourly.
  let last = Date.now();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && Date.now() - last > 60 * 60_000) {
      last = Date.now();
      void wb.update();
    }
  });
}
