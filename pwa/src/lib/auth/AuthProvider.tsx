// The signed-in customer: checked against the server once at start.
// Kept light for the entry: no TanStack Query (lib/queryClient drops a previous person's cached account
// data itself), and lib/api is imported only when there is a stored session to check.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicUser } from '@shared/schemas/auth';
import { customerSession, onSessionChange } from '@/lib/session';
import { userPaths } from '@/lib/queryKeys';

interface AuthState {
  user: PublicUser | null;
  /** True while the stored token is being checked: guarded routes show the Loading spinner. */
  checking: boolean;
  signIn(token: string, user: PublicUser): void;
  signOut(): void;
  updateUser(user: PublicUser): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode; }) {
  const [user, setUser] = useState<PublicUser | null>(() => customerSession.user());
  const [checking, setChecking] = useState<boolean>(() => Boolean(customerSession.token()));

  // Both updates are transitions: the session check often answers while the pre-rendered page is still
  // hydrating (a slow phone, or offline), and an urgent context change would make React throw the page's
  // server markup away and draw it again — with whatever the visitor had typed into it. A transition
  // waits for the hydration instead.
  useEffect(() => onSessionChange(() => startTransition(() => setUser(customerSession.user()))), []);

  useEffect(() => {
    if (!customerSession.token()) return;
    let cancelled = false;
    import('@/lib/api')
      .then(({ api, ApiError }) =>
        api<{ user: PublicUser; }>(userPaths.profile, { auth: 'customer' }).then(
          (r) => !cancelled && customerSession.saveUser(r.user),
          (err) => {
            if (cancelled) return;
            // A non-OK answer ends the session; a network failure keeps a stored user signed in,
            // but a token with no stored user cannot be trusted.
            if (err instanceof ApiError || !customerSession.user()) customerSession.clear();
          },
        )
      )
      // The client could not even load (offline before the service worker cached it): as a network failure.
      .catch(() => !cancelled && !customerSession.user() && customerSession.clear())
      .finally(() => !cancelled && startTransition(() => setChecking(false)));
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback((token: string, u: PublicUser) => customerSession.save(token, u), []);
  const signOut = useCallback(() => {
    const token = customerSession.token();
    customerSession.clear();
    if (token) void import('@/lib/api').then(({ endServerSession }) => endServerSession('customer', token));
  }, []);
  const updateUser = useCallback((u: PublicUser) => customerSession.saveUser(u), []);
  const value = useMemo(() => ({ user, checking, signIn, signOut, updateUser }), [user, checking, signIn, signOut, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
