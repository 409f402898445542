// The signed-in customer (spec §4 "Customer auth"): checked against the server once at start.
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../../shared/schemas/auth';
import { api, ApiError } from '../../lib/api';
import { customerSession, onSessionChange } from '../../lib/session';

interface AuthState {
  user: PublicUser | null;
  /** True while the stored token is being checked: guarded routes show the Loading spinner. */
  checking: boolean;
  signIn(token: string, user: PublicUser): void;
  signOut(): void;
  updateUser(user: PublicUser): void;
}

const AuthContext = createContext<AuthState | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(() => customerSession.user());
  const [checking, setChecking] = useState<boolean>(() => Boolean(customerSession.token()));

  const queryClient = useQueryClient();
  const shownId = useRef(user?.id ?? null);
  useEffect(
    () =>
      onSessionChange(() => {
        const next = customerSession.user();
        // Another person (or nobody) is now signed in: drop the previous person's cached account data.
        if ((next?.id ?? null) !== shownId.current) queryClient.removeQueries({ queryKey: ['user'] });
        shownId.current = next?.id ?? null;
        setUser(next);
      }),
    [queryClient],
  );

  useEffect(() => {
    if (!customerSession.token()) return;
    let cancelled = false;
    api<{ user: PublicUser }>('/api/user/profile', { auth: 'customer' })
      .then((r) => !cancelled && customerSession.saveUser(r.user))
      .catch((err) => {
        if (cancelled) return;
        // A non-OK answer ends the session; a network failure keeps a stored user signed in,
        // but a token with no stored user cannot be trusted.
        if (err instanceof ApiError || !customerSession.user()) customerSession.clear();
      })
      .finally(() => !cancelled && setChecking(false));
    return () => {
      cancelled = true;
    };
  }, []);

  const signIn = useCallback((token: string, u: PublicUser) => customerSession.save(token, u), []);
  const signOut = useCallback(() => customerSession.clear(), []);
  const updateUser = useCallback((u: PublicUser) => customerSession.saveUser(u), []);
  const value = useMemo(() => ({ user, checking, signIn, signOut, updateUser }), [user, checking, signIn, signOut, updateUser]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used inside AuthProvider');
  return ctx;
}
