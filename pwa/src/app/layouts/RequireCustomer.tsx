import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { SHELL_MSG } from '@shared/messages-shell';
import { useAuth } from '@/lib/auth/AuthProvider';

/**
 * Guarded customer routes: /login without a user. A user kept on this device opens the screen at once
 * while the session is checked (a repeat visit paints without waiting for the network; a session the
 * server refuses is cleared, and then this redirects); only a token without a kept user waits for it.
 */
export function RequireCustomer({ children }: { children: ReactNode; }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking && !user) return <Spinner label="Loading" />;
  // Say why the sign-in page appears, instead of a silent redirect.
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname, notice: SHELL_MSG.signInFor(location.pathname) }} />;
  return <>{children}</>;
}
