// /office/ratings: how customers rated their cleans. Each cleaner's average (from every rating), then
// the ratings per visit with their comments, newest first, paged on the server; one cleaner's only with
// ?employee= (the filter and the page live in the address, so a view can be linked and reloaded).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { TableHead } from '@/components/TableHead';
import { formatWhen } from '@shared/when';
import type { CleanerAverage } from '@shared/schemas/reminders';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';
import { ErrorNotice, Pager } from '../ui';
import { useUrlFilters } from '../useUrlFilters';
import { fetchRatings, ratingKeys, type RatingsPage, type RatingsParams } from './api';
import { Stars } from './Stars';
import '../inbox-work.css';
import './ratings.css';

const OBJECT_ID = /^[a-f0-9]{24}$/i;

function paramsOf(sp: URLSearchParams): RatingsParams {
  const employee = sp.get('employee') ?? '';
  return { employee: OBJECT_ID.test(employee) ? employee : undefined, page: Math.max(1, Math.floor(Number(sp.get('page'))) || 1) };
}

function Averages({ cleaners, onPick }: { cleaners: CleanerAverage[]; onPick: (id: string) => void; }) {
  if (!cleaners.length) return null;
  return (
    <>
      <h2 className="ofc-subhead">{N.ratingsPerCleaner}</h2>
      <table className="ofc-table">
        <TableHead columns={['Cleaner', 'Average', 'Ratings']} />
        <tbody>
          {cleaners.map((c) => (
            <tr key={c.employee_id}>
              <td data-label="Cleaner">
                <button
                  type="button"
                  className="ofc-linkbtn"
                  onClick={() => onPick(c.employee_id)}
                  aria-label={N.ratingsShowOnly(c.name || N.ratingsUnknownCleaner)}
                >
                  {c.name || N.ratingsUnknownCleaner}
                </button>
              </td>
              <td data-label="Average">
                <Stars value={c.average} />
              </td>
              <td data-label="Ratings">{c.count}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function RatingsTable({ page }: { page: RatingsPage; }) {
  return (
    <table className="ofc-table">
      <TableHead columns={['Visit', 'Cleaner', 'Stars', 'Comment', 'Rated']} />
      <tbody>
        {page.ratings.map((r) => (
          <tr key={r.id}>
            <td data-label="Visit">
              <div>
                {r.visit_start ? formatWhen(r.visit_start) : '—'}
                {r.reference && <div className="ofc-muted">{r.reference}</div>}
              </div>
            </td>
            <td data-label="Cleaner">{r.cleaner_name || N.ratingsUnknownCleaner}</td>
            <td data-label="Stars">
              <Stars value={r.stars} />
            </td>
            <td data-label="Comment" className="ofc-pre">
              {r.comment ? `“${r.comment}”` : <span className="ofc-muted">{N.ratingsNoComment}</span>}
            </td>
            <td data-label="Rated">{formatWhen(r.created_at)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function RatingsPage() {
  usePageTitle('Ratings · Office');
  const [sp, set] = useUrlFilters();
  const params = paramsOf(sp);
  const list = useQuery({ queryKey: ratingKeys.list(params), queryFn: () => fetchRatings(params), placeholderData: keepPreviousData });
  // Every cleaner's average, whichever one the list shows: the table and the filter's choices.
  const all = useQuery({ queryKey: ratingKeys.averages, queryFn: () => fetchRatings({ page: 1 }, 1) });
  const cleaners = all.data?.cleaners ?? [];
  const picked = params.employee;

  return (
    <section>
      <div className="ofc-head">
        <h1>{N.ratingsTitle}</h1>
      </div>
      <p className="ofc-ratings-intro">{N.ratingsIntro}</p>
      {all.isError ? <ErrorNotice error={all.error} fallback={N.ratingsLoadFailed} /> : <Averages cleaners={cleaners} onPick={(id) => set({ employee: id })} />}
      <h2 className="ofc-subhead">{N.ratingsList}</h2>
      <div className="ofc-filters">
        <label>
          {N.ratingsCleaner}
          <select value={picked ?? ''} onChange={(e) => set({ employee: e.target.value || undefined })}>
            <option value="">{N.ratingsEveryCleaner}</option>
            {/* A cleaner named in the address but without ratings still shows as chosen. */}
            {picked && !cleaners.some((c) => c.employee_id === picked) && <option value={picked}>{list.data?.cleaners[0]?.name || N.ratingsCleaner}</option>}
            {cleaners.map((c) => (
              <option key={c.employee_id} value={c.employee_id}>
                {c.name || N.ratingsUnknownCleaner}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list.isPending ?
        <Spinner /> :
        list.isError ?
        <ErrorNotice error={list.error} fallback={N.ratingsLoadFailed} /> :
        list.data.ratings.length === 0 ?
        <p className="card">{picked ? N.ratingsEmptyCleaner : N.ratingsEmpty}</p> :
        (
          <>
            <RatingsTable page={list.data} />
            <Pager paged={list.data} onPage={(p) => set({ page: String(p) })} />
          </>
        )}
    </section>
  );
}
