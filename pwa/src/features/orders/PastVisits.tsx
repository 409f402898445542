// A plan's past visits with their state, newest first, four weeks at a time (Load more goes further
// back). Asked for only when the person opens the list; they need the server. A finished one can be rated.
import { useId, useState } from 'react';
import { PLAN_MSG } from '@shared/messages-plans';
import { formatDay, formatWhen } from '@shared/when';
import { MSG } from '@shared/messages';
import { errorMessage, NetworkError } from '@/lib/api';
import type { VisitDto } from '@shared/schemas/visits';
import { usePastVisits } from './plans-api';
import { RateVisit } from './RateVisit';
import { VisitRecord } from './VisitRecord';
import { VisitPhotosRecord } from './VisitPhotosRecord';

const M = PLAN_MSG;

interface Props {
  bookingId: string;
  /** A change to this visit (its rating) waits in the outbox. */
  waiting: (v: VisitDto) => boolean;
  onRated: (text: string | null) => void;
}

export function PastVisits({ bookingId, waiting, onRated }: Props) {
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
                <span className="visit__state">
                  {M.visitState[v.state]}
                  {waiting(v) && <span className="status status--queued">{M.waiting}</span>}
                </span>
                <span className="visit__actions">
                  <RateVisit bookingId={bookingId} visit={v} queued={waiting(v)} onDone={onRated} />
                </span>
                <VisitRecord visit={v} />
                <VisitPhotosRecord visit={v} />
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
