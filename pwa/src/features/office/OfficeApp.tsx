// The office (/office/*): admins' and super-admins' side of the staff portal. Lazy-loaded on its own,
// so customers and cleaners never download it. It shares the employee sign-in (token) but not its screens.
import { lazy, Suspense, useEffect, useSyncExternalStore, type ComponentType } from 'react';
import { Link, Navigate, Route, Routes, useNavigate } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { onUnauthorized } from '@/lib/api';
import { employeeSession, onSessionChange } from '@/lib/session';
import { Spinner } from '@/components/Spinner';
import { OFFICE_ROLES } from '@shared/schemas/office';
import { OFFICE_MSG } from '@shared/messages-office';
import { OfficeLayout } from './OfficeLayout';
import { fetchMe, officeKeys } from './api';
import './office.css';

const screen = (load: () => Promise<{ default: ComponentType }>) => {
  const Screen = lazy(load);
  return (
    <Suspense fallback={<Spinner />}>
      <Screen />
    </Suspense>
  );
};

// Made once at module level so each screen's lazy component stays stable across renders.
const home = screen(() => import('./home/HomePage'));
const inbox = screen(() => import('./inbox/InboxPage'));
const inboxItem = screen(() => import('./inbox/InboxItemPage'));
const timesheets = screen(() => import('./timesheets/TimesheetsPage'));
const bookings = screen(() => import('./bookings/BookingsPage'));
const booking = screen(() => import('./bookings/BookingDetailPage'));
const customers = screen(() => import('./customers/CustomersPage'));
const customer = screen(() => import('./customers/CustomerDetailPage'));
const audit = screen(() => import('./audit/AuditPage'));
const TeamPage = lazy(() => import('./team/TeamPage'));

function useOfficeUnauthorized() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onUnauthorized((auth) => {
        if (auth !== 'employee') return;
        queryClient.removeQueries({ queryKey: officeKeys.all });
        navigate('/employee/login', { replace: true });
      }),
    [navigate, queryClient],
  );
}

export default function OfficeApp() {
  useOfficeUnauthorized();
  const token = useSyncExternalStore(onSessionChange, employeeSession.token, () => null);
  const me = useQuery({ queryKey: officeKeys.me, queryFn: fetchMe, enabled: Boolean(token), retry: false, staleTime: 60_000 });
  if (!token) return <Navigate to="/employee/login" replace />;
  if (me.isPending) return <Spinner />;
  if (!me.data) {
    return (
      <main className="container section">
        <p className="notice notice--error" role="alert">
          {me.error instanceof Error ? me.error.message : OFFICE_MSG.officeOnly}
        </p>
        <Link to="/employee/login">Sign in</Link>
      </main>
    );
  }
  if (!(OFFICE_ROLES as readonly string[]).includes(me.data.role)) {
    return (
      <main className="container section">
        <h1>Office</h1>
        <p className="notice notice--error" role="alert">
          {OFFICE_MSG.officeOnly}
        </p>
        <Link className="btn btn--primary" to="/employee/dashboard">
          Back to the employee portal
        </Link>
      </main>
    );
  }
  return (
    <Routes>
      <Route element={<OfficeLayout me={me.data} />}>
        <Route index element={home} />
        <Route path="inbox" element={inbox} />
        <Route path="inbox/:kind/:id" element={inboxItem} />
        <Route path="timesheets" element={timesheets} />
        <Route path="bookings" element={bookings} />
        <Route path="bookings/:id" element={booking} />
        <Route
          path="team"
          element={
            <Suspense fallback={<Spinner />}>
              <TeamPage me={me.data} />
            </Suspense>
          }
        />
        <Route path="customers" element={customers} />
        <Route path="customers/:id" element={customer} />
        <Route path="audit" element={audit} />
        <Route path="*" element={<Navigate to="/office" replace />} />
      </Route>
    </Routes>
  );
}
