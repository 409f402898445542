// Dashboard: Total Accepted and This Month with trends, the cleaner's own rating, and the first 5 of my bookings.
import { usePageTitle } from '@/components/usePageTitle';
import { Link } from 'react-router-dom';
import { Spinner } from '@/components/Spinner';
import { errorMessage, NetworkError } from '@/lib/api';
import { DASHBOARD_RECENT } from '@shared/constants';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { formatWhen } from '@shared/when';
import { useEmployeeStats } from '../layout/stats';
import { useSavedCopyAge } from '../layout/offlineNotice';
import { useRecentBookings } from '../my-bookings/hooks';
import '../my-bookings/table.css';
import './dashboard.css';
import { MyRating } from './MyRating';
import { CustomerCell } from '../components/CustomerCell';
import { stateLine, stateOf, stateWord, whenOf, whereOf } from '../format';
import { TableHead } from '@/components/TableHead';

/** A figure and its trend; a figure that cannot be had shows '—' and no trend (never an invented one). */
function StatCard({ label, value, trend, caption }: { label: string; value: number | null; trend: string | null; caption: string; }) {
  const down = trend?.startsWith('-');
  return (
    <div className="card emp-stat">
      <p className="emp-stat__label">{label}</p>
      <p className="emp-stat__value">{value ?? '—'}</p>
      {trend !== null && (
        <p className={`emp-stat__trend${down ? ' emp-stat__trend--down' : ''}`}>
          <span>{trend}</span> <span className="muted">{caption}</span>
        </p>
      )}
    </div>
  );
}

export default function DashboardPage() {
  usePageTitle('Dashboard');
  const { employee } = useEmployeeSession();
  const { display, savedAt: statsSavedAt } = useEmployeeStats();
  const bookings = useRecentBookings();
  const recent = (bookings.data?.items ?? []).slice(0, DASHBOARD_RECENT);
  // Offline, the recent list is the saved copy: the layout's notice says from when.
  useSavedCopyAge(bookings.data?.savedAt ?? null);
  const firstName = employee?.name.split(' ')[0];
  // Day one (nothing ever accepted, nothing in the list): say what to do instead of 0 / 0 %.
  const dayOne = display?.totalAccepted === 0 && bookings.isSuccess && recent.length === 0;

  return (
    <section>
      <div className="emp-page-head">
        <div>
          <h1>Dashboard</h1>
          <p className="muted">{firstName ? `Welcome back, ${firstName}.` : 'Welcome back.'}</p>
        </div>
        <Link to="/employee/available-bookings" className="btn btn--primary">
          Find bookings
        </Link>
      </div>

      {dayOne ?
        (
          <>
            <div className="card emp-day-one">
              <p className="emp-day-one__title">{STAFF_MSG.dayOneTitle}</p>
              <p>{STAFF_MSG.dayOneText}</p>
              <Link to="/employee/available-bookings" className="btn btn--primary">
                {STAFF_MSG.dayOneLink}
              </Link>
            </div>
            <MyRating />
          </>
        ) :
        (
          <>
            <div className="grid grid--2 emp-stats">
              <StatCard label="Total Accepted" value={display?.totalAccepted ?? null} trend={display?.totalTrend ?? null} caption="this month" />
              <StatCard label="This Month" value={display?.thisMonth ?? null} trend={display?.monthTrend ?? null} caption="vs last month" />
            </div>
            {statsSavedAt !== null && <p className="muted emp-stats__age">Figures as of {formatWhen(statsSavedAt)}</p>}
            <MyRating />

            <h2 className="emp-section-title">Recent Bookings</h2>
            {bookings.isPending ? <Spinner /> : bookings.isError && bookings.error instanceof NetworkError ?
              (
                // Offline with nothing saved on this device: say so, not "Network error" (the screen's one
                // offline notice is the layout's).
                <p className="card muted">Your recent bookings show here once they have been loaded with a connection.</p>
              ) :
              bookings.isError ?
              (
                <p className="notice notice--error" role="alert">
                  {errorMessage(bookings.error, MSG.fetchBookingsFailed)}
                </p>
              ) :
              recent.length === 0 ?
              <p className="card muted">{STAFF_MSG.noRecentBookings}</p> :
              (
                <table className="emp-table">
                  <TableHead columns={['When', 'Where', 'Customer', 'Property Type', 'Status']} />
                  <tbody>
                    {recent.map((b) => (
                      <tr key={b.id}>
                        <td data-label="When" className="nowrap">
                          <strong>{whenOf(b)}</strong>
                        </td>
                        <td data-label="Where">{whereOf(b)}</td>
                        <CustomerCell name={b.customer_name} email={b.customer_email} />
                        <td data-label="Property Type">{b.propertyType}</td>
                        <td data-label="Status">
                          <span className="cell-stack">
                            <span className={`status plan-state plan-state--${stateOf(b)}`}>{stateWord(b)}</span>
                            <span className="muted">{stateLine(b)}</span>
                          </span>
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
          </>
        )}
    </section>
  );
}
