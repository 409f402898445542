// The employee portal (/employee/*): its own session, its own 401 rule, its own routes (spec §2).
import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '@/lib/api';
import { Spinner } from '@/components/Spinner';
import { EmployeeSessionProvider, useEmployeeSession } from './auth/EmployeeSession';
import { RequireEmployee } from './auth/RequireEmployee';
import { EmployeeLayout } from './layout/EmployeeLayout';
import { employeeKeys } from './keys';

// Each screen is its own chunk: opening the portal on a phone loads only the screen in use.
const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
};

// Created once at module level: a lazy() made during render would remount the screen every render.
const welcome = screen(() => import('./auth/WelcomePage'));
const settings = screen(() => import('./settings/SettingsPage'));
const dashboard = screen(() => import('./dashboard/DashboardPage'));
const available = screen(() => import('./available/AvailablePage'));
const myBookings = screen(() => import('./my-bookings/MyBookingsPage'));
const profile = screen(() => import('./profile/ProfilePage'));
const blog = screen(() => import('./blog/BlogPage'));

/**
 * Spec §4: any 401 on an employee call clears the employee token (lib/api does that everywhere)
 * and, inside the portal, goes to /employee/login.
 */
function useEmployeeUnauthorized() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized((auth) => {
        if (auth !== 'employee') return;
        queryClient.removeQueries({ queryKey: employeeKeys.all });
        navigate('/employee/login', { replace: true });
      }),
    [navigate, queryClient],
  );
}

/** Settings work signed in (inside the portal frame) or not (preferences are per device). */
function SettingsRoute() {
  const { token } = useEmployeeSession();
  if (!token) return <div className="container section">{settings}</div>;
  return (
    <RequireEmployee>
      <EmployeeLayout>{settings}</EmployeeLayout>
    </RequireEmployee>
  );
}

function PortalRoutes() {
  useEmployeeUnauthorized();
  const { token } = useEmployeeSession();
  return (
    <Routes>
      <Route path="welcome" element={welcome} />
      <Route path="settings" element={<SettingsRoute />} />
      <Route
        element={
          <RequireEmployee>
            <EmployeeLayout />
          </RequireEmployee>
        }
      >
        <Route path="dashboard" element={dashboard} />
        <Route path="available-bookings" element={available} />
        <Route path="my-bookings" element={myBookings} />
        <Route path="profile" element={profile} />
        <Route path="blog" element={blog} />
      </Route>
      {/* The portal root and unknown paths: dashboard when signed in, else login. */}
      <Route path="*" element={<Navigate to={token ? '/employee/dashboard' : '/employee/login'} replace />} />
    </Routes>
  );
}

export default function EmployeeApp() {
  return (
    <EmployeeSessionProvider>
      <PortalRoutes />
    </EmployeeSessionProvider>
  );
}
