import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/queryClient';
import { ToastProvider } from '../components/Toast';
import { OfflineBanner } from '../components/OfflineBanner';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { AuthProvider } from '../features/auth/AuthProvider';
import { letMutationsRunOffline } from '../features/outbox/mutations';
import { onOutboxHint, outboxMaybeNonEmpty } from '../features/outbox/hint';
import { AppRoutes } from './router';

letMutationsRunOffline(queryClient);

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
      void import('../features/outbox/sender').then(
        (m) => {
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

export function App() {
  useOutboxSender();
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <ToastProvider>
          <OfflineBanner />
          <AppRoutes />
          <UpdatePrompt />
        </ToastProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
