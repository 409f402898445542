import { useEffect, type ReactNode } from 'react';
import { ToastProvider } from '../components/Toast';
import { OfflineBanner } from '../components/OfflineBanner';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { AuthProvider } from '@/lib/auth/AuthProvider';
import { CompanyProvider } from '@/lib/company';
import { onOutboxHint, outboxMaybeNonEmpty } from '../lib/outbox/hint';
import { clearCopiesWhenSessionsEnd } from '../lib/offline-data';
import { askPersistentStorageOnInstall } from '../lib/outbox/storage';
import { AppRoutes } from './router';

/**
 * The outbox replayer (and Dexie with it) loads only when this device may hold unsent items —
 * at start, or as soon as something is queued — never on the first paint of a plain visit.
 */
function useOutboxSender() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    let started = false;
    const start = () => {
      if (started || !outboxMaybeNonEmpty()) return;
      started = true;
      void Promise.all([import('../lib/outbox/sender'), import('../lib/queryClient')]).then(
        ([m, { queryClient }]) => {
          if (!cancelled) stop = m.startOutboxSender(queryClient);
        },
        () => {
          // Queued while offline before the service worker had cached this chunk: try again once
          // the network is back, or the item would wait for the next visit.
          started = false;
          window.addEventListener('online', start, { once: true });
        },
      );
    };
    const offHint = onOutboxHint(start);
    start();
    return () => {
      cancelled = true;
      offHint();
      window.removeEventListener('online', start);
      stop?.();
    };
  }, []);
}

/**
 * The whole app. `router` is the routes inside the browser's router; the build's pre-render of `/`
 * (prerender.tsx) passes them inside a StaticRouter instead, so it renders exactly this tree.
 * TanStack Query's provider is not here: each screen that uses it brings it (lib/withQueries.ts).
 */
/** Privacy on shared devices and durable storage: both hooks are light (no Dexie until needed). */
function useDeviceData() {
  useEffect(() => {
    const offSessions = clearCopiesWhenSessionsEnd();
    const offInstall = askPersistentStorageOnInstall();
    return () => {
      offSessions();
      offInstall();
    };
  }, []);
}

export function App({ router = <AppRoutes /> }: { router?: ReactNode; }) {
  useOutboxSender();
  useDeviceData();
  return (
    <CompanyProvider>
      <AuthProvider>
        <ToastProvider>
          <OfflineBanner />
          {router}
          <UpdatePrompt />
        </ToastProvider>
      </AuthProvider>
    </CompanyProvider>
  );
}
