// The employee portal (/employee/*): its own session, its own 401 rule, its own routes.
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyScreen, useStaffUnauthorized } from '@/components/portal';
import { EmployeeSessionProvider, useEmployeeSession } from './auth/EmployeeSession';
import { RequireEmployee } from './auth/RequireEmployee';
import { EmployeeLayout } from './layout/EmployeeLayout';
import { employeeKeys } from './keys';

// Each screen is its own chunk, made once at module level (see lazyScreen).
const welcome = lazyScreen(() => import('./auth/WelcomePage'), '/employee/welcome');
const settings = lazyScreen(() => import('./settings/SettingsPage'), '/employee/settings');
const dashboard = lazyScreen(() => import('./dashboard/DashboardPage'), '/employee/dashboard');
const available = lazyScreen(() => import('./available/AvailablePage'), '/employee/available-bookings');
const myBookings = lazyScreen(() => import('./my-bookings/MyBookingsPage'), '/employee/my-bookings');
const myVisits = lazyScreen(() => import('./visits/MyVisitsPage'), '/employee/my-visits');
const profile = lazyScreen(() => import('./profile/ProfilePage'), '/employee/profile');
const blog = lazyScreen(() => import('./blog/BlogPage'), '/employee/blog');
const timeOff = lazyScreen(() => import('./time-off/TimeOffPage'), '/employee/time-off');
const earnings = lazyScreen(() => import('./earnings/EarningsPage'), '/employee/earnings');
const notices = lazyScreen(() => import('./notices/NoticesPage'), '/employee/notices');

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
  // A 401 drops the portal's cached answers and goes to /employee/login.
  useStaffUnauthorized(employeeKeys.all);
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
        <Route path="my-visits" element={myVisits} />
        <Route path="my-bookings" element={myBookings} />
        <Route path="profile" element={profile} />
        <Route path="blog" element={blog} />
        <Route path="time-off" element={timeOff} />
        <Route path="earnings" element={earnings} />
        <Route path="notices" element={notices} />
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
