// The office inbox: contact messages, enquiries and job applications, new first. Filters live in the
// address (?kind=&status=&q=&page=), so the home figures link straight to a filtered list.
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { INBOX_KINDS, type InboxKind } from '@shared/schemas/inbox';
import { OFFICE_MSG } from '@shared/messages-office';
import { fetchInbox, inboxKeys, INBOX_PAGE_SIZE, type InboxParams } from './api';
import { formatWhen } from '@shared/when';
import { KIND_LABEL } from './labels';
import { Pager } from '../ui';
import { useUrlFilters } from '../useUrlFilters';

function paramsOf(sp: URLSearchParams): InboxParams {
  const kind = sp.get('kind');
  const status = sp.get('status');
  return {
    kind: (INBOX_KINDS as readonly string[]).includes(kind ?? '') ? (kind as InboxKind) : undefined,
    status: status === 'new' || status === 'handled' ? status : undefined,
    q: sp.get('q')?.trim() || undefined,
    page: Math.max(1, Number(sp.get('page')) || 1),
  };
}

export default function InboxPage() {
  usePageTitle('Inbox · Office');
  const [sp, set] = useUrlFilters();
  const params = paramsOf(sp);
  const [search, setSearch] = useState(params.q ?? '');
  const list = useQuery({ queryKey: inboxKeys.list(params), queryFn: () => fetchInbox(params), placeholderData: keepPreviousData });

  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    set({ q: search.trim() || undefined });
  };

  const total = list.data?.total ?? 0;
  return (
    <section>
      <div className="ofc-head">
        <h1>Inbox</h1>
        {list.data && <span className="ofc-muted">{OFFICE_MSG.inboxNewCount.replace('{n}', String(list.data.counts.total))}</span>}
      </div>
      <form className="ofc-filters" role="search" onSubmit={onSearch}>
        <label>
          Kind
          <select value={params.kind ?? ''} onChange={(e) => set({ kind: e.target.value || undefined })}>
            <option value="">All</option>
            {INBOX_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABEL[k]}
                {list.data ? ` (${list.data.counts[k]} new)` : ''}
              </option>
            ))}
          </select>
        </label>
        <label>
          Status
          <select value={params.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })}>
            <option value="">New first, then handled</option>
            <option value="new">New</option>
            <option value="handled">Handled</option>
          </select>
        </label>
        <label>
          Search
          <input type="search" value={search} maxLength={100} placeholder="Name, e-mail or text" onChange={(e) => setSearch(e.target.value)} />
        </label>
        <button type="submit" className="btn btn--secondary">
          Search
        </button>
      </form>

      {list.isPending ? <Spinner /> : list.isError ?
        (
          <p className="notice notice--error" role="alert">
            {errorMessage(list.error, OFFICE_MSG.inboxLoadFailed)}{' '}
            <button type="button" className="btn btn--small btn--ghost" onClick={() => void list.refetch()}>
              Try again
            </button>
          </p>
        ) :
        list.data.items.length === 0 ?
        <p className="card">{OFFICE_MSG.inboxEmpty}</p> :
        (
          <ul className="ofc-inbox" aria-label="Messages">
            {list.data.items.map((i) => (
              <li key={`${i.kind}-${i.id}`} className={`ofc-inbox__item card${i.status === 'new' ? ' ofc-inbox__item--new' : ''}`}>
                <Link className="ofc-inbox__link" to={`/office/inbox/${i.kind}/${i.id}`}>
                  <span className="ofc-inbox__top">
                    <span className={`ofc-pill ofc-pill--${i.status}`}>{i.status === 'new' ? 'New' : 'Handled'}</span>
                    <span className="ofc-pill ofc-pill--kind">{KIND_LABEL[i.kind]}</span>
                    <time className="ofc-muted" dateTime={i.created_at}>
                      {formatWhen(i.created_at)}
                    </time>
                  </span>
                  <strong className="ofc-inbox__name">{i.name}</strong>
                  <span className="ofc-inbox__subject">
                    {i.subject}
                    {i.has_cv ? ' · CV attached' : ''}
                  </span>
                  {i.preview && <span className="ofc-muted ofc-inbox__preview">{i.preview}</span>}
                </Link>
              </li>
            ))}
          </ul>
        )}
      {total > INBOX_PAGE_SIZE && (
        <Pager
          paged={{ page: params.page, limit: INBOX_PAGE_SIZE, total }}
          onPage={(p) => set({ page: String(p) })}
          showTotal={false}
        />
      )}
    </section>
  );
}
