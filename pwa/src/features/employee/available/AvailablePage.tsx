// Available bookings: cards, the type filter with a count, Accept Booking. The server
// filters, counts and pages; Load more asks for the next page.
import { usePageTitle } from '@/components/usePageTitle';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import type { EmployeeBooking } from '@shared/schemas/employee';
import { formatDay } from '@shared/when';
import { Spinner } from '@/components/Spinner';
import { Field } from '@/components/Field';
import { MSG } from '@shared/messages';
import { STAFF_MSG } from '@shared/messages-staff';
import { BookingCard } from './BookingCard';
import { useAcceptBooking, useAvailableBookings } from './hooks';
import { TYPE_FILTER_OPTIONS, type TypeFilter } from './typeFilter';
import { LoadMore } from '@/components/LoadMore';
import { useOnline } from '@/lib/useOnline';
import './available.css';
import { EmptyList, LoadFailed } from '../components/ListStates';
import { CLEANER_VISITS_MSG } from '@shared/messages-cleaner-visits';
import { londonDate } from '@shared/visits';
import { CoverJobs } from './CoverJobs';

export default function AvailablePage() {
  usePageTitle('Available Bookings');
  const [filter, setFilter] = useState<TypeFilter>('all');
  const list = useAvailableBookings(filter);
  const accept = useAcceptBooking();
  const online = useOnline();
  const pages = list.isPlaceholderData ? [] : (list.data?.pages ?? []);
  const shown = pages.flatMap((p) => p.items);
  const total = pages.at(-1)?.total ?? 0;
  const [asking, setAsking] = useState<EmployeeBooking | null>(null);
  // A free-text time ("Mondays after 10") names no first visit: the cleaner sets it (README "Plans and visits").
  const [first, setFirst] = useState({ date: '', time: '' });
  const needsFirst = asking !== null && !asking.scheduledAt;
  // One accept per booking at a time: a double tap on Accept (or on the question's button) must give
  // one answer, not a success and an "already yours" error together.
  const inFlight = useRef(new Set<string>());
  const confirmAccept = () => {
    const b = asking;
    setAsking(null);
    if (!b || inFlight.current.has(b.id) || (needsFirst && !(first.date && first.time))) return;
    inFlight.current.add(b.id);
    accept.mutate(needsFirst ? { ...b, first_visit: first } : b, { onSettled: () => inFlight.current.delete(b.id) });
  };

  return (
    <section>
      <div className="emp-page-head">
        <h1>Available Bookings</h1>
        <div className="emp-filter">
          <label htmlFor="type-filter">Type</label>
          <select id="type-filter" value={filter} onChange={(e) => setFilter(e.target.value as TypeFilter)}>
            {TYPE_FILTER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          <span className="badge" aria-live="polite" aria-label={`${total} bookings`}>
            {list.isPlaceholderData ? '…' : total}
          </span>
        </div>
      </div>
      {/* Cover jobs first: single visits, soon, that someone must take. */}
      <CoverJobs />
      <h2 className="visits-section__title">{CLEANER_VISITS_MSG.plansHeading}</h2>
      <p className="muted">{CLEANER_VISITS_MSG.plansHint}</p>
      {list.isPending && list.fetchStatus === 'paused' ?
        (
          // Offline with nothing loaded yet: the list lives on the server, so say so instead of spinning.
          <p className="notice notice--info" role="status">
            {MSG.needsServer}
          </p>
        ) :
        list.isPending || list.isPlaceholderData ?
        <Spinner /> :
        list.isError ?
        <LoadFailed message={STAFF_MSG.fetchAvailableFailed} onRetry={() => void list.refetch()} /> :
        shown.length === 0 ?
        <EmptyList title={STAFF_MSG.noAvailableBookings} hint="New booking requests appear here as customers make them." /> :
        (
          <div className="emp-bookings-grid">
            {shown.map((b) => (
              <BookingCard
                key={b.id}
                booking={b}
                busy={accept.isPending && accept.variables?.id === b.id}
                onAccept={(bk) => !inFlight.current.has(bk.id) && setAsking(bk)}
              />
            ))}
          </div>
        )}
      {!list.isPending && !list.isError && !list.isPlaceholderData && (
        <LoadMore
          shown={shown.length}
          total={total}
          hasMore={list.hasNextPage}
          loading={list.isFetchingNextPage}
          offline={!online}
          onMore={() => void list.fetchNextPage()}
          noun="bookings"
        />
      )}
      <ConfirmDialog
        open={asking !== null}
        title="Accept booking"
        question={asking ? `Accept this booking for ${asking.scheduledAt ? formatDay(asking.scheduledAt) : asking.bestDays}?` : ''}
        detail="The customer is told at once that you will be their cleaner."
        confirmLabel="Accept"
        busy={needsFirst && !(first.date && first.time)}
        onConfirm={confirmAccept}
        onCancel={() => setAsking(null)}
      >
        {needsFirst && (
          <div className="emp-first-visit">
            <p>{CLEANER_VISITS_MSG.firstVisitAsk}</p>
            <Field
              label="First visit date"
              type="date"
              required
              min={londonDate(Date.now())}
              value={first.date}
              onChange={(e) => setFirst({ ...first, date: e.target.value })}
            />
            <Field label="First visit time" type="time" required value={first.time} onChange={(e) => setFirst({ ...first, time: e.target.value })} />
          </div>
        )}
      </ConfirmDialog>
    </section>
  );
}
