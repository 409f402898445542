// My bookings: filter with counts, the table, View details and Submit Work.
import { usePageTitle } from '@/components/usePageTitle';
import { useState } from 'react';
import { Spinner } from '@/components/Spinner';
import { LoadMore } from '@/components/LoadMore';
import { errorMessage, NetworkError } from '@/lib/api';
import { EMPLOYEE_MY_BOOKINGS_FILTERS } from '@shared/constants';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBooking } from '@shared/schemas/employee';
import { BookingDetailsModal } from './BookingDetailsModal';
import { BookingsTable } from './BookingsTable';
import { SubmitWorkModal } from './SubmitWorkModal';
import { CorrectWorkModal } from './CorrectWorkModal';
import { useMyBookings, useSubmitWork } from './hooks';
import { useQueuedWork } from './queuedWork';
import './table.css';
import './my-bookings.css';
import { EmptyList, LoadFailed } from '../components/ListStates';
import { useSavedCopyAge } from '../layout/offlineNotice';

type Filter = (typeof EMPLOYEE_MY_BOOKINGS_FILTERS)[number];

export default function MyBookingsPage() {
  usePageTitle('My Bookings (staff)');
  const [filter, setFilter] = useState<Filter>('all');
  const list = useMyBookings(filter);
  const [viewing, setViewing] = useState<EmployeeBooking | null>(null);
  const [submitting, setSubmitting] = useState<EmployeeBooking | null>(null);
  const [correcting, setCorrecting] = useState<EmployeeBooking | null>(null);
  const queued = useQueuedWork();
  const submit = useSubmitWork();

  const pages = list.data?.pages ?? [];
  // The server filters and counts; the rows of an optimistic tab switch are the previous filter's.
  const shown = list.isPlaceholderData ? [] : pages.flatMap((p) => p.items);
  const counts = pages[0]?.counts;
  const count = (f: Filter) => counts?.[f] ?? 0;
  const total = pages.at(-1)?.total ?? 0;
  const savedAts = pages.map((p) => p.savedAt).filter((t): t is number => t !== undefined);
  const savedAt = savedAts.length ? Math.min(...savedAts) : null;
  // Offline, the rows are the saved copy: the layout's one offline notice says from when.
  useSavedCopyAge(savedAt);

  return (
    <section>
      <div className="emp-page-head">
        <h1>My Bookings</h1>
        <div className="emp-tabs" role="group" aria-label="Filter bookings">
          {EMPLOYEE_MY_BOOKINGS_FILTERS.map((f) => (
            <button
              key={f}
              type="button"
              className={`emp-tab${filter === f ? ' emp-tab--active' : ''}`}
              aria-pressed={filter === f}
              onClick={() => setFilter(f)}
            >
              <span>{f}</span> <span className="badge">{count(f)}</span>
            </button>
          ))}
        </div>
      </div>
      {list.isPending || list.isPlaceholderData ? <Spinner /> : list.isError && list.error instanceof NetworkError ?
        (
          // Offline with nothing saved on this device yet: not an error to retry (it reloads by itself
          // once back online); the screen's one offline notice says the rest.
          <EmptyList title="Nothing saved on this device yet" hint="Your bookings show here once they have been loaded with a connection." />
        ) :
        list.isError ?
        <LoadFailed message={errorMessage(list.error, MSG.fetchBookingsFailed)} onRetry={() => void list.refetch()} /> :
        shown.length === 0 ?
        <EmptyList title={STAFF_MSG.noBookingsFound} hint="Bookings you accept appear here." /> :
        (
          <>
            <BookingsTable bookings={shown} queued={queued} onView={setViewing} onSubmitWork={setSubmitting} onCorrect={setCorrecting} />
            <LoadMore
              shown={shown.length}
              total={total}
              hasMore={list.hasNextPage}
              loading={list.isFetchingNextPage}
              onMore={() => void list.fetchNextPage()}
              noun="bookings"
            />
          </>
        )}
      <BookingDetailsModal booking={viewing} onClose={() => setViewing(null)} />
      <CorrectWorkModal booking={correcting} onClose={() => setCorrecting(null)} />
      <SubmitWorkModal
        booking={submitting}
        busy={submit.isPending}
        onClose={() => setSubmitting(null)}
        onSubmit={(booking, input) => submit.mutate({ booking, input }, { onSuccess: () => setSubmitting(null) })}
      />
    </section>
  );
}
