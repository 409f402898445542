// The service worker (built by vite-plugin-pwa, strategy injectManifest). What generateSW would write
// for our config, plus one thing it cannot: a Background Sync handler that sends the outbox with
// every tab closed (lib/outbox/background-replay.ts).
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { ExpirationPlugin } from 'workbox-expiration';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { OUTBOX_SYNC_TAG } from './lib/outbox/background-sync';
import { replayInBackground } from './lib/outbox/background-replay';
import { noticeOf, sameOriginUrl } from './lib/push-sw';

// tsconfig has the DOM library, not WebWorker (they conflict): the few worker types used here.
interface SyncEvent extends Event {
  readonly tag: string;
  waitUntil(work: Promise<unknown>): void;
}
interface PushEvent extends Event {
  readonly data: { text(): string; } | null;
  waitUntil(work: Promise<unknown>): void;
}
interface NotificationEvent extends Event {
  readonly notification: Notification;
  waitUntil(work: Promise<unknown>): void;
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
interface WorkerScope {
  skipWaiting(): Promise<void>;
  registration: ServiceWorkerRegistration;
  location: Location;
  clients: { matchAll(o: { type: 'window'; includeUncontrolled: boolean; }): Promise<WindowClientLike[]>; openWindow(url: string): Promise<unknown>; };
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'push', listener: (event: PushEvent) => void): void;
  addEventListener(type: 'notificationclick', listener: (event: NotificationEvent) => void): void;
}
const worker = self as unknown as WorkerScope;
const DAY = 24 * 60 * 60;

// The shell and every route chunk: after one visit every marketing page works offline.
precacheAndRoute((self as unknown as { __WB_MANIFEST: (PrecacheEntry | string)[]; }).__WB_MANIFEST);
cleanupOutdatedCaches();
// Each pre-rendered route is its own precached page: workbox's cleanURLs answers `/about` with about.html
// and `/` with index.html (directoryIndex), so offline every public page paints its own markup, and
// each daily screen its frame (/orders is orders.html). Any other route gets the plain shell.
registerRoute(new NavigationRoute(createHandlerBoundToURL('shell.html'), { denylist: [/^\/api\//, /^\/uploads\//] }));

// Only public GET answers are runtime-cached. Authenticated API answers never enter the shared cache
// (the customer's own bookings live in their IndexedDB, cleared on sign-out).
registerRoute(
  // The list's pages (one entry per URL, query included) and the single posts with their text, by id
  // (the list's modal) and by address (/api/blog-posts/slug/{slug}, the post's own page, whose
  // navigation the shell above answers): a post read once can be read again offline.
  ({ url, request }) => request.method === 'GET' && (url.pathname === '/api/blog-posts' || url.pathname.startsWith('/api/blog-posts/')),
  new NetworkFirst({
    cacheName: 'blog-api',
    networkTimeoutSeconds: 4,
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 7 * DAY }), new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/uploads/blog/'),
  new CacheFirst({
    cacheName: 'blog-images',
    plugins: [new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 30 * DAY, purgeOnQuotaError: true }), new CacheableResponsePlugin({ statuses: [0, 200] })],
  }),
);

// The first install takes control at once, so one visit is enough to work offline. Updates wait for
// the person (no automatic skipWaiting): UpdatePrompt sends SKIP_WAITING (lib/sw-register.ts).
clientsClaim();
worker.addEventListener('message', (event) => {
  if ((event.data as { type?: string; } | null)?.type === 'SKIP_WAITING') void worker.skipWaiting();
});

worker.addEventListener('sync', (event) => {
  if (event.tag !== OUTBOX_SYNC_TAG) return;
  event.waitUntil(
    replayInBackground().then((outcome) => {
      // Rejecting asks the browser to fire the sync again later, with its own backoff.
      if (outcome === 'retry-later') throw new Error('outbox: some items are still waiting for the network');
    }),
  );
});

// Web Push (notify/push.ts): show it; a tap focuses a tab of ours on its URL, or opens one. Only URLs
// of this origin are opened: a payload can never send the person elsewhere.
worker.addEventListener('push', (event) => {
  const notice = noticeOf(event.data?.text());
  event.waitUntil(
    worker.registration.showNotification(notice.title, { body: notice.body, tag: notice.tag, data: { url: notice.url }, icon: '/icons/icon-192.png' }),
  );
});

worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = sameOriginUrl(String((event.notification.data as { url?: string; } | null)?.url ?? '/'), worker.location.origin);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((t) => new URL(t.url).origin === worker.location.origin);
      if (!tab) return worker.clients.openWindow(url);
      await tab.navigate(url).catch(() => undefined);
      // focus() needs the tap's user activation; without it (a synthetic event) the tab still moved.
      return tab.focus().catch(() => undefined);
    }),
  );
});
