// Cover jobs on Available: single visits another cleaner released, told apart from new plans by their
// own heading, a "One-off cover" badge and a dashed edge. Taking one adds only that visit to My Visits.
import { useRef } from 'react';
import { Spinner } from '@/components/Spinner';
import { formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import type { VisitDto } from '@shared/schemas/visits';
import { LoadFailed } from '../components/ListStates';
import { useCoverVisits, useTakeCover } from '../visits/hooks';
import { VisitFacts } from '../visits/VisitFacts';
import '../visits/visits.css';

function CoverCard({ visit: v, busy, onTake }: { visit: VisitDto; busy: boolean; onTake: (v: VisitDto) => void; }) {
  const when = formatWhen(v.start);
  const who = v.customer_name || v.reference;
  return (
    <article className="card visit-card visit-card--cover" aria-labelledby={`cover-${v.id}`}>
      <header className="visit-card__head">
        <h3 id={`cover-${v.id}`} className="visit-card__title">
          <time dateTime={v.start}>{when}</time>
        </h3>
        <span className="cover-badge">{M.coverBadge}</span>
      </header>
      <p className="visit-card__where">{[who, v.postcode && formatPostcode(v.postcode)].filter(Boolean).join(' · ')}</p>
      {v.pay_pence != null && <p className="job-pay">{PAYROLL_MSG.payForJob(v.pay_pence)}</p>}
      <VisitFacts visit={v} planLabel="Plan" />
      <div className="visit-card__actions">
        <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => onTake(v)} aria-label={M.takeCoverFor(who, when)}>
          {busy ? M.takingCover : M.takeCover}
        </button>
      </div>
    </article>
  );
}

export function CoverJobs() {
  const cover = useCoverVisits();
  const take = useTakeCover();
  // One take per visit at a time: a double tap gives one answer.
  const inFlight = useRef(new Set<string>());
  const onTake = (v: VisitDto) => {
    if (inFlight.current.has(v.id)) return;
    inFlight.current.add(v.id);
    take.mutate(v, { onSettled: () => inFlight.current.delete(v.id) });
  };
  const visits = cover.data?.items ?? [];
  // None to take (or offline before any answer): the section stays out of the way of the plans.
  if ((cover.isSuccess && visits.length === 0) || (cover.isPending && cover.fetchStatus === 'paused')) return null;
  return (
    <section className="visits-section" aria-labelledby="cover-heading">
      <h2 id="cover-heading">{M.coverHeading}</h2>
      <p className="muted">{M.coverHint}</p>
      {cover.isPending ?
        <Spinner /> :
        cover.isError ?
        <LoadFailed message={M.coverFailed} onRetry={() => void cover.refetch()} /> :
        (
          <ul className="visits-list">
            {visits.map((v) => (
              <li key={v.id}>
                <CoverCard visit={v} busy={take.isPending && take.variables?.id === v.id} onTake={onTake} />
              </li>
            ))}
          </ul>
        )}
    </section>
  );
}
