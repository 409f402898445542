// My bookings (spec §2): filter with counts, the table, View details and Submit Work.
import { useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api';
import { EMPLOYEE_MY_BOOKINGS_FILTERS } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { EmployeeBooking } from '../../../../../shared/schemas/employee';
import { BookingDetailsModal } from './BookingDetailsModal';
import { BookingsTable } from './BookingsTable';
import { SubmitWorkModal } from './SubmitWorkModal';
import { useMyBookings, useSubmitWork } from './hooks';
import { useQueuedWork } from './queuedWork';
import './table.css';
import './my-bookings.css';
import { EmptyList, LoadFailed } from '../components/ListStates';

type Filter = (typeof EMPLOYEE_MY_BOOKINGS_FILTERS)[number];

export default function MyBookingsPage() {
  const list = useMyBookings();
  const [filter, setFilter] = useState<Filter>('all');
  const [viewing, setViewing] = useState<EmployeeBooking | null>(null);
  const [submitting, setSubmitting] = useState<EmployeeBooking | null>(null);
  const queued = useQueuedWork();
  const submit = useSubmitWork();

  const bookings = list.data?.bookings ?? [];
  const count = (f: Filter) => (f === 'all' ? bookings.length : bookings.filter((b) => b.status === f).length);
  const shown = filter === 'all' ? bookings : bookings.filter((b) => b.status === filter);

  return (
    <section>
      <div className="emp-page-head">
        <h1>My Bookings</h1>
        <div className="emp-tabs" role="group" aria-label="Filter bookings">
          {EMPLOYEE_MY_BOOKINGS_FILTERS.map((f) => (
            <button key={f} type="button" className={`emp-tab${filter === f ? ' emp-tab--active' : ''}`} aria-pressed={filter === f} onClick={() => setFilter(f)}>
              <span>{f}</span> <span className="badge">{count(f)}</span>
            </button>
          ))}
        </div>
      </div>
      {list.data?.savedAt && (
        <p className="notice notice--info" role="status">
          {MSG.offlineBanner} ({new Date(list.data.savedAt).toLocaleString('en-GB')})
        </p>
      )}
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadFailed message={errorMessage(list.error, MSG.fetchBookingsFailed)} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyList title={MSG.noBookingsFound} hint="Bookings you accept appear here." />
      ) : (
        <BookingsTable bookings={shown} queued={queued} onView={setViewing} onSubmitWork={setSubmitting} />
      )}
      <BookingDetailsModal booking={viewing} onClose={() => setViewing(null)} />
      <SubmitWorkModal
        booking={submitting}
        busy={submit.isPending}
        onClose={() => setSubmitting(null)}
        onSubmit={(booking, input) => submit.mutate({ booking, input }, { onSuccess: () => setSubmitting(null) })}
      />
    </section>
  );
}
