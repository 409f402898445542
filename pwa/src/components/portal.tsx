// What the two staff portals (the employee portal and the office) are built from alike: screens that
// load on their own, and one answer to a staff 401. Each portal passes its own screens and query key.
import { Suspense, useEffect, type ComponentType } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { onUnauthorized } from '@/lib/api';
import { FrameFallback } from './ScreenFrame';
import { eagerLazy, openedAt } from '@/lib/eagerLazy';

/**
 * A screen as its own chunk, with its frame or a spinner while it loads: opening a portal on a phone loads only
 * the screen in use. `path`, the screen's address: a portal opened there starts loading the screen
 * with itself (lib/eagerLazy.ts). Call it once at module level: a lazy() made during render would
 * remount the screen on every render.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType; }>, path?: string) {
  const Screen = eagerLazy(load, path !== undefined && openedAt(path));
  return (
    <Suspense fallback={<FrameFallback part="main" />}>
      <Screen />
    </Suspense>
  );
}

/**
 * Any 401 on a staff call clears the employee token (lib/api does that everywhere); inside a portal it
 * also drops that portal's cached answers (every query under `queryKey`) and goes to /employee/login.
 * `queryKey` must be stable (a module-level constant).
 */
export function useStaffUnauthorized(queryKey: QueryKey) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized((auth) => {
        if (auth !== 'employee') return;
        queryClient.removeQueries({ queryKey });
        navigate('/employee/login', { replace: true });
      }),
    [navigate, queryClient, queryKey],
  );
}
