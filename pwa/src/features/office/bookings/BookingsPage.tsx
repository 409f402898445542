// /office/bookings: the bookings board. Filters and paging run on the server and live in the address
// (?status=&on=&from=&to=&q=&sort=&page=), so each figure on the office home links to the very list
// it counted; requests waiting more than a day with no cleaner stand out.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { BOOKING_STATUSES } from '@shared/constants';
import { OFFICE_LISTS_MSG } from '@shared/messages-office-lists';
import { STATE_WORD } from '@shared/states';
import { BOARD_DATES, type BoardBooking, type BoardDate, type Paged } from '@shared/schemas/office';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeKeys, qs } from '../api';
import { addressText, bookedWhen, Email, ErrorNotice, Pager, statusText, when } from '../ui';
import { useUrlFilters } from '../useUrlFilters';
import { TableHead } from '@/components/TableHead';

const DATE_LABEL: Record<BoardDate, string> = {
  created: 'Requested',
  accepted: 'Accepted',
  completed: 'Work submitted',
  cancelled: 'Cancelled',
  ended: 'Plan ended',
};
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function paramsOf(sp: URLSearchParams) {
  const status = sp.get('status') ?? '';
  const on = sp.get('on') ?? '';
  return {
    status: status === 'waiting' || (BOOKING_STATUSES as readonly string[]).includes(status) ? status : '',
    on: ((BOARD_DATES as readonly string[]).includes(on) ? on : 'created') as BoardDate,
    from: DAY.test(sp.get('from') ?? '') ? sp.get('from')! : '',
    to: DAY.test(sp.get('to') ?? '') ? sp.get('to')! : '',
    q: sp.get('q')?.trim() ?? '',
    sort: sp.get('sort') === 'oldest' ? 'oldest' : 'newest',
    page: Math.max(1, Number(sp.get('page')) || 1),
  };
}

/** The date the list is filtered and ordered by, for one booking. */
function dateOf(b: BoardBooking, on: BoardDate): string | undefined {
  return { created: b.created_at, accepted: b.accepted_at, completed: b.submitted_at, cancelled: b.cancelled_at, ended: b.plan_ended_at }[on];
}

export default function BookingsPage() {
  usePageTitle('Office · Bookings');
  const [sp, set] = useUrlFilters();
  const params = paramsOf(sp);
  const [search, setSearch] = useState(params.q);
  const query = { ...params, on: params.on === 'created' ? '' : params.on, limit: 20 };
  const list = useQuery({
    queryKey: officeKeys.bookings(query),
    queryFn: () => officeGet<Paged & { bookings: BoardBooking[]; }>(`/bookings${qs(query)}`),
    placeholderData: keepPreviousData,
  });
  const pick = (k: string) => (e: { target: { value: string; }; }) => set({ [k]: e.target.value || undefined });
  // The list follows the search as it is typed; each keystroke replaces the address, not adds to it.
  const onSearch = (text: string) => {
    setSearch(text);
    set({ q: text.trim() || undefined }, true);
  };
  const dateLabel = DATE_LABEL[params.on];
  return (
    <section>
      <div className="ofc-head">
        <h1>Bookings</h1>
        {list.data && <span className="ofc-muted">{OFFICE_LISTS_MSG.inAll(list.data)}</span>}
      </div>
      <form className="ofc-filters" role="search" aria-label="Bookings" onSubmit={(e: FormEvent) => e.preventDefault()}>
        <label>
          Status
          <select value={params.status} onChange={pick('status')}>
            <option value="">All</option>
            <option value="waiting">{statusText('waiting')}</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusText(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Dates are when
          <select value={params.on} onChange={(e) => set({ on: e.target.value === 'created' ? undefined : e.target.value })}>
            {BOARD_DATES.map((d) => (
              <option key={d} value={d}>
                {DATE_LABEL[d].toLowerCase()}
              </option>
            ))}
          </select>
        </label>
        <label>
          From
          <input type="date" value={params.from} onChange={pick('from')} />
        </label>
        <label>
          To
          <input type="date" value={params.to} onChange={pick('to')} />
        </label>
        <label>
          Sort
          <select value={params.sort} onChange={(e) => set({ sort: e.target.value === 'oldest' ? 'oldest' : undefined })}>
            <option value="newest">Newest first</option>
            <option value="oldest">Oldest first</option>
          </select>
        </label>
        <label>
          Search
          <input type="search" placeholder="Customer, e-mail or postcode" value={search} onChange={(e) => onSearch(e.target.value)} />
        </label>
      </form>
      {list.isPending ?
        <Spinner /> :
        list.isError ?
        <ErrorNotice error={list.error} fallback="Could not load the bookings." /> :
        list.data.bookings.length === 0 ?
        <p className="card ofc-section">No bookings match these filters.</p> :
        (
          <>
            <table className="ofc-table">
              <caption className="visually-hidden">Bookings</caption>
              <TableHead columns={['Booking', 'Booked for', dateLabel, 'Customer', 'Address', 'State', 'Cleaner']} />
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
                    <td data-label="Booked for">{bookedWhen(b)}</td>
                    <td data-label={dateLabel}>{when(dateOf(b, params.on))}</td>
                    <td data-label="Customer">
                      {b.customer.name}
                      <br />
                      <span className="ofc-muted">
                        <Email value={b.customer.email} />
                      </span>
                    </td>
                    <td data-label="Address">{addressText(b)}</td>
                    <td data-label="State">
                      <span className={`status plan-state plan-state--${b.state}`}>{STATE_WORD[b.state]}</span>{' '}
                      <span className="ofc-muted">{b.state_text}</span>
                    </td>
                    <td data-label="Cleaner">{b.employee?.name ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager paged={list.data} onPage={(p) => set({ page: p > 1 ? String(p) : undefined })} />
          </>
        )}
    </section>
  );
}
