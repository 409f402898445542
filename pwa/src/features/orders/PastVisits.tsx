// A plan's past visits with their state, newest first, four weeks at a time (Load more goes further
// back). Asked for only when the person opens the list; they need the server.
import { useId, useState } from 'react';
import { PLAN_MSG } from '@shared/messages-plans';
import { formatDay, formatWhen } from '@shared/when';
import { MSG } from '@shared/messages';
import { errorMessage, NetworkError } from '@/lib/api';
import { usePastVisits } from './plans-api';

const M = PLAN_MSG;

export function PastVisits({ bookingId }: { bookingId: string }) {
  const [open, setOpen] = useState(false);
  const q = usePastVisits(bookingId, open);
  const listId = useId();
  const pages = q.data?.pages ?? [];
  const visits = pages.flatMap((p) => p.items);
  const since = pages.at(-1)?.from;

  return (
    <section className="plan-past">
      <button type="button" className="btn btn--ghost btn--block" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {open ? M.pastVisits : M.showPast}
      </button>
      <div id={listId} hidden={!open}>
        {open && q.isPending && <p className="muted">{M.loading}</p>}
        {open && q.isError && (
          <p className="notice notice--error" role="alert">
            {q.error instanceof NetworkError ? MSG.needsServer : errorMessage(q.error, M.planNeedsServer)}
          </p>
        )}
        {open && q.isSuccess && visits.length === 0 && <p className="muted">{M.noPastVisits}</p>}
        {visits.length > 0 && (
          <ul className="visit-list">
            {visits.map((v) => (
              <li key={v.id} className={`visit visit--${v.state}`}>
                <span className="visit__when">{formatWhen(Date.parse(v.start))}</span>
                <span className="visit__state">{M.visitState[v.state]}</span>
              </li>
            ))}
          </ul>
        )}
        {open && since && <p className="muted" aria-live="polite">{M.pastSince(formatDay(Date.parse(`${since}T12:00:00Z`)))}</p>}
        {open && q.hasNextPage && (
          <button type="button" className="btn btn--ghost" disabled={q.isFetchingNextPage} onClick={() => void q.fetchNextPage()}>
            {q.isFetchingNextPage ? M.loading : M.loadMorePast}
          </button>
        )}
      </div>
    </section>
  );
}
