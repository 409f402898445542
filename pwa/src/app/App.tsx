import { useEffect } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../lib/queryClient';
import { ToastProvider } from '../components/Toast';
import { OfflineBanner } from '../components/OfflineBanner';
import { UpdatePrompt } from '../components/UpdatePrompt';
import { AuthProvider } from '../features/auth/AuthProvider';
import { AppRoutes } from './router';

/** The outbox replayer (and Dexie with it) loads after the first paint, off the critical path. */
function useOutboxSender() {
  useEffect(() => {
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../features/outbox/sender').then((m) => {
      if (!cancelled) stop = m.startOutboxSender(queryClient);
    });
    return () => {
      cancelled = true;
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
