// Available bookings (spec §2): cards, the type filter with a count, Accept Booking.
import { useState } from 'react';
import { Spinner } from '../../../components/Spinner';
import { MSG } from '../../../../../shared/messages';
import { BookingCard } from './BookingCard';
import { useAcceptBooking, useAvailableBookings } from './hooks';
import { matchesType, TYPE_FILTER_OPTIONS, type TypeFilter } from './typeFilter';
import './available.css';
import { EmptyList, LoadFailed } from '../components/ListStates';

export default function AvailablePage() {
  const [filter, setFilter] = useState<TypeFilter>('all');
  const list = useAvailableBookings();
  const accept = useAcceptBooking();
  const shown = (list.data ?? []).filter((b) => matchesType(filter, b.cleaningType));

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
          <span className="badge" aria-live="polite" aria-label={`${shown.length} bookings shown`}>
            {shown.length}
          </span>
        </div>
      </div>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadFailed message={MSG.fetchAvailableFailed} onRetry={() => void list.refetch()} />
      ) : shown.length === 0 ? (
        <EmptyList title={MSG.noAvailableBookings} hint="New booking requests appear here as customers make them." />
      ) : (
        <div className="emp-bookings-grid">
          {shown.map((b) => (
            <BookingCard key={b.id} booking={b} busy={accept.isPending && accept.variables?.id === b.id} onAccept={(bk) => accept.mutate(bk)} />
          ))}
        </div>
      )}
    </section>
  );
}
