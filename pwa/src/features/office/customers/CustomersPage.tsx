// /office/customers: search and page through customers.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CustomerSummary, Paged } from '@shared/schemas/office';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeKeys, qs } from '../api';
import { Email, ErrorNotice, Pager, when } from '../ui';
import { TableHead } from '@/components/TableHead';

export default function CustomersPage() {
  usePageTitle('Office · Customers');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: officeKeys.customers({ q, page }),
    queryFn: () => officeGet<Paged & { customers: CustomerSummary[]; }>(`/customers${qs({ q, page, limit: 25 })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="ofc-head">
        <h1>Customers</h1>
      </div>
      <form className="ofc-filters" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          Search
          <input type="search" placeholder="Name, e-mail or phone" value={q} onChange={(e) => (setQ(e.target.value), setPage(1))} />
        </label>
      </form>
      {list.isPending ? <Spinner /> : list.isError ? <ErrorNotice error={list.error} fallback="Could not load the customers." /> : (
        <>
          <table className="ofc-table">
            <caption className="visually-hidden">Customers</caption>
            <TableHead columns={['Name', 'Email', 'Phone', 'Bookings', 'Since', 'Account']} />
            <tbody>
              {list.data.customers.map((c) => (
                <tr key={c.id}>
                  <td data-label="Name">
                    <Link to={`/office/customers/${c.id}`}>{c.name}</Link>
                  </td>
                  <td data-label="Email" className="ofc-break">
                    <Email value={c.email} />
                  </td>
                  <td data-label="Phone">{c.phone ?? '—'}</td>
                  <td data-label="Bookings">{c.bookings}</td>
                  <td data-label="Since">{when(c.created_at)}</td>
                  <td data-label="Account">{c.blocked ? <span className="ofc-flag">Blocked</span> : 'Active'}</td>
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
