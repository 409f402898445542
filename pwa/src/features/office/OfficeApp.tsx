// The office (/office/*): admins' and super-admins' side of the staff portal. Lazy-loaded on its own,
// so customers and cleaners never download it. It shares the employee sign-in (token) but not its screens.
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { employeeSession, onSessionChange, tokenRole } from '@/lib/session';
import { Spinner } from '@/components/Spinner';
import { lazyScreen, useStaffUnauthorized } from '@/components/portal';
import { isOfficeRole } from '@shared/constants';
import { OFFICE_MSG } from '@shared/messages-office';
import { OfficeLayout } from './OfficeLayout';
import { fetchStaffProfile } from '@/lib/staff/api';
import { officeKeys } from './api';
import './office.css';

// Made once at module level so each screen's lazy component stays stable across renders.
const home = lazyScreen(() => import('./home/HomePage'), '/office');
const inbox = lazyScreen(() => import('./inbox/InboxPage'), '/office/inbox');
const inboxItem = lazyScreen(() => import('./inbox/InboxItemPage'), '/office/inbox/:kind/:id');
const timesheets = lazyScreen(() => import('./timesheets/TimesheetsPage'), '/office/timesheets');
const bookings = lazyScreen(() => import('./bookings/BookingsPage'), '/office/bookings');
const booking = lazyScreen(() => import('./bookings/BookingDetailPage'), '/office/bookings/:id');
const customers = lazyScreen(() => import('./customers/CustomersPage'), '/office/customers');
const customer = lazyScreen(() => import('./customers/CustomerDetailPage'), '/office/customers/:id');
const audit = lazyScreen(() => import('./audit/AuditPage'), '/office/audit');
const schedule = lazyScreen(() => import('./schedule/SchedulePage'), '/office/schedule');
const dataRequests = lazyScreen(() => import('./data-requests/DataRequestsPage'), '/office/data-requests');
const ratings = lazyScreen(() => import('./ratings/RatingsPage'), '/office/ratings');
const problems = lazyScreen(() => import('./problems/ProblemsPage'), '/office/problems');
const statements = lazyScreen(() => import('./statements/StatementsPage'), '/office/statements');
const pay = lazyScreen(() => import('./pay/PayPage'), '/office/pay');
const payments = lazyScreen(() => import('./payments/PaymentsPage'), '/office/payments');
const bankImport = lazyScreen(() => import('./bank-import/BankImportPage'), '/office/payments/import');
const database = lazyScreen(() => import('./database/DatabasePage'), '/office/database');
const TeamPage = lazy(() => import('./team/TeamPage'));
const SettingsPage = lazy(() => import('./settings/SettingsPage'));
const PricesPage = lazy(() => import('./prices/PricesPage'));
const ChecklistsPage = lazy(() => import('./checklists/ChecklistsPage'));

export default function OfficeApp() {
  useStaffUnauthorized(officeKeys.all);
  const token = useSyncExternalStore(onSessionChange, employeeSession.token, () => null);
  const here = useLocation();
  const me = useQuery({ queryKey: officeKeys.me, queryFn: fetchStaffProfile, enabled: Boolean(token), retry: false, staleTime: 60_000 });
  // Signed out: the staff sign-in (it is the office's too), which comes back here afterwards.
  if (!token) return <Navigate to="/employee/login" replace state={{ from: here.pathname + here.search }} />;
  // A token issued to an office role opens the office while the profile is checked: the screen's chunk and
  // answers load beside that round trip instead of after it (every answer is still the server's to give).
  // A refused profile replaces it with the notice below.
  const officeToken = isOfficeRole(tokenRole(token));
  if (me.isPending && !officeToken) return <Spinner />;
  if (!me.data && !me.isPending) {
    return (
      <main className="container section">
        <p className="notice notice--error" role="alert">
          {me.error instanceof Error ? me.error.message : OFFICE_MSG.officeOnly}
        </p>
        <Link to="/employee/login">Sign in</Link>
      </main>
    );
  }
  if (me.data && !isOfficeRole(me.data.role)) {
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
        <Route path="pay" element={pay} />
        <Route path="bookings" element={bookings} />
        <Route path="bookings/:id" element={booking} />
        <Route
          path="team"
          element={
            <Suspense fallback={<Spinner />}>
              {me.data ? <TeamPage me={me.data} /> : <Spinner />}
            </Suspense>
          }
        />
        <Route path="customers" element={customers} />
        <Route path="customers/:id" element={customer} />
        <Route path="audit" element={audit} />
        <Route path="schedule" element={schedule} />
        <Route
          path="prices"
          element={
            <Suspense fallback={<Spinner />}>
              {me.data ? <PricesPage me={me.data} /> : <Spinner />}
            </Suspense>
          }
        />
        <Route
          path="checklists"
          element={
            <Suspense fallback={<Spinner />}>
              <ChecklistsPage />
            </Suspense>
          }
        />
        <Route path="data-requests" element={dataRequests} />
        <Route path="ratings" element={ratings} />
        <Route path="problems" element={problems} />
        <Route path="statements" element={statements} />
        <Route path="payments" element={payments} />
        <Route path="payments/import" element={bankImport} />
        <Route path="database" element={database} />
        <Route
          path="settings"
          element={
            <Suspense fallback={<Spinner />}>
              {me.data ? <SettingsPage me={me.data} /> : <Spinner />}
            </Suspense>
          }
        />
        <Route path="*" element={<Navigate to="/office" replace />} />
      </Route>
    </Routes>
  );
}
