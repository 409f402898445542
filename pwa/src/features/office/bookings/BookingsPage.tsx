// /office/bookings: the bookings board. Filters and paging run on the server; requests waiting more
// than a day with no cleaner stand out.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BOOKING_STATUSES } from '@shared/constants';
import type { BoardBooking, Paged } from '@shared/schemas/office';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeKeys, qs } from '../api';
import { ErrorNotice, Pager, when } from '../ui';

export default function BookingsPage() {
  usePageTitle('Office · Bookings');
  const [filters, setFilters] = useState({ status: '', q: '', from: '', to: '', sort: 'newest' });
  const [page, setPage] = useState(1);
  const params = { ...filters, page, limit: 20 };
  const list = useQuery({
    queryKey: officeKeys.bookings(params),
    queryFn: () => officeGet<Paged & { bookings: BoardBooking[] }>(`/bookings${qs(params)}`),
    placeholderData: keepPreviousData,
  });
  const set = (k: keyof typeof filters) => (e: { target: { value: string } }) => {
    setFilters((f) => ({ ...f, [k]: e.target.value }));
    setPage(1);
  };
  return (
    <section>
      <div className="ofc-head">
        <h1>Bookings</h1>
      </div>
      <form className="ofc-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={filters.status} onChange={set('status')}>
            <option value="">All</option>
            <option value="waiting">Waiting over 24 h</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          Search
          <input type="search" placeholder="Customer, e-mail or postcode" value={filters.q} onChange={set('q')} />
        </label>
        <label>
          From
          <input type="date" value={filters.from} onChange={set('from')} />
        </label>
        <label>
          To
          <input type="date" value={filters.to} onChange={set('to')} />
        </label>
        <label>
          Sort
          <select value={filters.sort} onChange={set('sort')}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
      </form>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <ErrorNotice error={list.error} fallback="Could not load the bookings." />
      ) : list.data.bookings.length === 0 ? (
        <p className="card ofc-section">No bookings match these filters.</p>
      ) : (
        <>
          <table className="ofc-table">
            <caption className="visually-hidden">Bookings</caption>
            <thead>
              <tr>
                <th scope="col">Booking</th>
                <th scope="col">Requested</th>
                <th scope="col">Customer</th>
                <th scope="col">Postcode</th>
                <th scope="col">Status</th>
                <th scope="col">Cleaner</th>
              </tr>
            </thead>
            <tbody>
              {list.data.bookings.map((b) => (
                <tr key={b.id} className={b.waiting ? 'ofc-row--waiting' : undefined}>
                  <td data-label="Booking">
                    <Link to={`/office/bookings/${b.id}`}>{b.reference || `#${b.id.slice(-6)}`}</Link>
                    {b.waiting && (
                      <>
                        {' '}
                        <span className="ofc-flag">Waiting over 24 h</span>
                      </>
                    )}
                  </td>
                  <td data-label="Requested">{when(b.created_at)}</td>
                  <td data-label="Customer">
                    {b.customer.name}
                    <br />
                    <span className="ofc-muted">{b.customer.email}</span>
                  </td>
                  <td data-label="Postcode">{b.postcode}</td>
                  <td data-label="Status">{b.status}</td>
                  <td data-label="Cleaner">{b.employee?.name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager paged={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}
