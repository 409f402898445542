import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { SHELL_MSG } from '@shared/messages-shell';
import { useAuth } from '@/lib/auth/AuthProvider';

/** Guarded customer routes: Loading while the session is checked, /login without a user. */
export function RequireCustomer({ children }: { children: ReactNode; }) {
  const { user, checking } = useAuth();
  const location = useLocation();
  if (checking) return <Spinner label="Loading" />;
  // Say why the sign-in page appears, instead of a silent redirect.
  if (!user) return <Navigate to="/login" replace state={{ from: location.pathname, notice: SHELL_MSG.signInFor(location.pathname) }} />;
  return <>{children}</>;
}
