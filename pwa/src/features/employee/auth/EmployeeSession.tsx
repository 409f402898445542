// Who is signed in to the portal. The token lives in employeeSession (apart from the customer's);
// the profile is a query, so screens read the same answer the session check fetched.
import { createContext, useCallback, useContext, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { NetworkError, endServerSession } from '@/lib/api';
import { employeeSession, onSessionChange, tokenSubject } from '@/lib/session';
import type { Employee } from '@shared/schemas/employee';
import { employeeKeys } from '../keys';
import { fetchProfile } from './api';
import { clearOfflineBookings } from '../offlineBookings';
import { signInEmployee } from './signIn';

export interface EmployeeSessionValue {
  token: string | null;
  employee: Employee | null;
  /** The signed-in employee's id (from the profile, or the token while offline). */
  employeeId: string | null;
  checking: boolean;
  /** The session check could not reach the server: the portal works from saved data. */
  offline: boolean;
  signIn(token: string, employee: Employee): void;
  signOut(): void;
}

/** How often the portal re-checks the server while it runs offline. */
export const PROFILE_RECHECK_MS = 5_000;

const Ctx = createContext<EmployeeSessionValue | null>(null);

export function EmployeeSessionProvider({ children }: { children: ReactNode; }) {
  const queryClient = useQueryClient();
  const token = useSyncExternalStore(onSessionChange, employeeSession.token, () => null);
  const profile = useQuery({
    queryKey: employeeKeys.profile,
    queryFn: () => fetchProfile(queryClient.getQueryData(employeeKeys.profile) !== undefined),
    enabled: Boolean(token),
    retry: false,
    staleTime: 5 * 60_000,
    // Run even when the browser says offline: the NetworkError is what switches the portal to offline
    // mode ('online' mode would pause the check and leave a spinner forever).
    networkMode: 'always',
    // While the server is out of reach, ask again every few seconds and at once when the browser
    // says it is back or the page regains focus: the portal leaves offline mode by itself (a fresh
    // answer within staleTime would otherwise keep the old error until a reload).
    refetchInterval: (query) => (query.state.error instanceof NetworkError ? PROFILE_RECHECK_MS : false),
    refetchOnReconnect: (query) => (query.state.error ? 'always' : true),
    refetchOnWindowFocus: (query) => (query.state.error ? 'always' : true),
  });

  const signIn = useCallback((newToken: string, employee: Employee) => signInEmployee(queryClient, newToken, employee), [queryClient]);

  const signOut = useCallback(() => {
    const token = employeeSession.token();
    const owner = tokenSubject(token);
    employeeSession.clear();
    if (token) void endServerSession('employee', token);
    queryClient.removeQueries({ queryKey: employeeKeys.all });
    // An explicit logout also forgets the offline copy: the device may be shared.
    if (owner) void clearOfflineBookings(owner);
  }, [queryClient]);

  const value = useMemo<EmployeeSessionValue>(() => {
    const employee = token ? (profile.data ?? null) : null;
    const offline = Boolean(token) && profile.error instanceof NetworkError;
    return {
      token,
      employee,
      employeeId: employee?.id ?? tokenSubject(token),
      checking: Boolean(token) && profile.isPending && !offline,
      offline,
      signIn,
      signOut,
    };
  }, [token, profile.data, profile.error, profile.isPending, signIn, signOut]);

  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useEmployeeSession(): EmployeeSessionValue {
  const value = useContext(Ctx);
  if (!value) throw new Error('useEmployeeSession outside EmployeeSessionProvider');
  return value;
}
