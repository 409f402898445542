// One visit as the cleaner plans a day by: the London wall time, the customer, the address as the
// customer wrote it and the postcode as postcodes are written (N1 7GU), the plan's frequency, the
// expected duration and the state in words. `actions` is the card's one place for what the cleaner can do about this visit.
import type { ReactNode } from 'react';
import type { VisitDto } from '@shared/schemas/visits';
import { londonDateAndTime } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import { CHARGE_MSG } from '@shared/messages-charges';
import { VisitFacts } from './VisitFacts';
import { OnMyWayLine } from './OnMyWay';
import { VisitPhotos } from './VisitPhotos';
import { ReportProblem } from './ReportProblem';
import { VisitDoorstep } from './VisitDoorstep';
import { VisitChecklist } from './VisitChecklist';

interface Props {
  visit: VisitDto;
  /** Hours for this visit wait in the outbox. */
  workQueued: boolean;
  releaseQueued: boolean;
  /** Minutes of an On my way waiting in the outbox. */
  onMyWayQueued?: number;
  /** The visit's buttons (VisitActions, and later ones such as "On my way"): a row of their own at the card's foot. */
  actions: ReactNode;
}

export const timeOf = (v: VisitDto) => londonDateAndTime(v.start)?.time ?? '';

function WorkLine({ visit: v, queued }: { visit: VisitDto; queued: boolean; }) {
  if (v.work_hours !== undefined) {
    const review = v.timesheet_status ? ` · ${M.timesheet[v.timesheet_status]}` : '';
    return <p className="visit-card__work">{M.hoursSubmitted(v.work_hours) + review}</p>;
  }
  return queued ? <p className="visit-card__work visit-card__work--waiting">{M.hoursWaiting}</p> : null;
}

export function VisitCard({ visit: v, workQueued, releaseQueued, onMyWayQueued, actions }: Props) {
  const headingId = `visit-${v.id}`;
  const time = timeOf(v);
  return (
    <article className={`card visit-card visit-card--${v.state}`} aria-labelledby={headingId}>
      <header className="visit-card__head">
        <h4 id={headingId} className="visit-card__title">
          <time dateTime={v.start} className="visit-card__time">
            {time}
          </time>{' '}
          <span>{v.customer_name || v.reference}</span>
        </h4>
        <span className={`visit-state visit-state--${v.state}`}>{v.lockout_at ? CHARGE_MSG.lockedOut : M.stateLabel[v.state]}</span>
      </header>
      <p className="visit-card__where">
        {[v.address, v.postcode && formatPostcode(v.postcode)].filter(Boolean).join(', ') || '—'}
      </p>
      <VisitFacts visit={v} planLabel="Frequency" />
      <VisitDoorstep visit={v} />
      {v.cancel_reason && <p className="muted">{v.cancel_reason}</p>}
      {v.lockout_at && <p className="muted">{CHARGE_MSG.lockoutReported}</p>}
      <OnMyWayLine visit={v} queuedMinutes={onMyWayQueued} />
      <VisitChecklist visit={v} />
      <WorkLine visit={v} queued={workQueued} />
      {releaseQueued && <p className="visit-card__work visit-card__work--waiting">{M.releaseWaiting}</p>}
      <VisitPhotos visit={v} />
      <ReportProblem visit={v} />
      {/* Hidden by CSS (:empty) when no action applies. */}
      <div className="visit-card__actions">{actions}</div>
    </article>
  );
}
