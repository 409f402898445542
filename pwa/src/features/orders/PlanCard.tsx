// An accepted booking as the plan it became: how often and when, the cleaner, its state, the next
// visits with Skip / Move until each one's cut-off (the shared rule, so it holds offline), the plan's
// Pause / Resume / End / Change regular time, the access notes, and the past visits.
import { useState } from 'react';
import { PLAN_MSG } from '@shared/messages-plans';
import { cleaningTitle } from '@shared/booking-summary';
import { changeCutoff } from '@shared/visits';
import { formatWhen } from '@shared/when';
import { telHref } from '@shared/company';
import type { Booking } from '@shared/schemas/bookings';
import type { VisitDto } from '@shared/schemas/visits';
import { errorMessage, NetworkError } from '@/lib/api';
import { useCompany } from '@/lib/company';
import { discardItem } from '@/lib/outbox/store';
import { Spinner } from '@/components/Spinner';
import { usePlan } from './plans-api';
import type { PlanOutboxItem } from './usePlanOutbox';
import { PlanDialog, type DialogKind } from './PlanDialogs';
import { changeable } from './late-charge';
import { CHARGE_MSG } from '@shared/messages-charges';
import { AccessNotes } from './AccessNotes';
import { PastVisits } from './PastVisits';
import { RateVisit } from './RateVisit';
import { VisitRecord } from './VisitRecord';
import { VisitPhotosRecord } from './VisitPhotosRecord';
import { formatDate, stateLine } from './format';
import { PlanFacts } from './PlanFacts';
import { STATE_WORD } from '@shared/states';
import { BookingCard } from './BookingCard';

const M = PLAN_MSG;

interface Props {
  userId: string;
  booking: Booking;
  /** This person's waiting or refused plan changes (all plans: filtered here). */
  outbox: PlanOutboxItem[];
  onOpen: () => void;
  /** The page already says it shows a saved copy: the card need not say it again. */
  pageSaysOffline?: boolean;
}

export function PlanCard({ userId, booking, outbox, onOpen, pageSaysOffline = false }: Props) {
  const co = useCompany();
  const q = usePlan(userId, booking.id);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const mine = outbox.filter((i) => i.bookingId === booking.id);
  const titleId = `plan-${booking.id}`;
  const title = `${cleaningTitle(booking.cleaningType)} · ${booking.propertyType}`;

  const details = (
    <button type="button" className="btn btn--ghost btn--block" onClick={onOpen}>
      View details
    </button>
  );
  if (q.isPending) {
    return (
      <article className="card plan-card" aria-labelledby={titleId}>
        <h3 id={titleId} className="booking-card__title">{title}</h3>
        <Spinner label={M.loading} />
        {details}
      </article>
    );
  }
  // Accepted, but no plan (never expected after the migration): the booking as before.
  if (q.isSuccess && !q.data.plan) return <BookingCard booking={booking} onOpen={onOpen} />;
  if (q.isError || !q.data.plan) {
    return (
      <article className="card plan-card" aria-labelledby={titleId}>
        <h3 id={titleId} className="booking-card__title">{title}</h3>
        <p className="notice notice--error" role="alert">
          {q.error instanceof NetworkError || !q.error ? M.planNeedsServer : errorMessage(q.error, M.planNeedsServer)}
        </p>
        {details}
      </article>
    );
  }
  const view = q.data;
  const plan = view.plan!;
  const now = Date.now();
  // After its cut-off a visit can still be changed until it begins, at the charge the dialog shows first.
  const open = (v: VisitDto) => changeable(v, view, now);
  const anyClosed = view.visits.some((v) => v.state === 'scheduled' && !open(v));
  const late = (v: VisitDto) => open(v) && now >= changeCutoff(Date.parse(v.start), view.change_cutoff);
  // Ended or cancelled: nothing left to change, so no actions (and no disabled ones).
  const ended = plan.state === 'ended' || plan.state === 'cancelled';
  const state = view.booking.state ?? booking.state ?? plan.state;
  const waitingFor = (v: VisitDto) => mine.find((i) => i.visitId === v.id && i.waiting);

  return (
    <article className="card plan-card" aria-labelledby={titleId}>
      <header className="booking-card__head">
        <h3 id={titleId} className="booking-card__title">{title}</h3>
        <span className={`status plan-state plan-state--${state}`}>{STATE_WORD[state]}</span>
      </header>
      <p className="plan-card__state">{plan.state_text ?? stateLine(view.booking)}</p>
      {booking.reference && <p className="booking-card__ref muted">Ref {booking.reference}</p>}
      <PlanFacts booking={view.booking} plan={plan} />
      {view.savedAt && !pageSaysOffline && <p className="notice notice--info">{M.savedCopy(formatDate(view.savedAt))}</p>}
      {notice && <p className="notice notice--success" role="status">{notice}</p>}
      {mine.map((i) =>
        i.waiting ?
          (
            <p key={i.id} className="notice notice--info plan-pending">
              <strong>{M.waiting}:</strong> {i.label}. {M.waitingHint}
            </p>
          ) :
          (
            <div key={i.id} className="notice notice--error plan-pending" role="alert">
              <p>
                <strong>{M.refused}:</strong> {i.label}. {M.refusedHint} {i.error}
              </p>
              <button type="button" className="btn btn--ghost" onClick={() => void discardItem(i.id)}>
                {M.dismiss}
              </button>
            </div>
          )
      )}

      <h4 className="plan-card__sub">{M.nextVisits}</h4>
      {view.visits.length === 0 ? <p className="muted">{M.noNextVisits}</p> : (
        <ul className="visit-list">
          {view.visits.map((v) => {
            const when = formatWhen(Date.parse(v.start));
            const queued = waitingFor(v);
            return (
              <li key={v.id} className={`visit visit--${v.state}`}>
                <span className="visit__when">{when}</span>
                <span className="visit__state">
                  {v.lockout_at ? CHARGE_MSG.lockedOut : M.visitState[v.state]}
                  {v.late_charge_pence !== undefined && <span className="visit__charge">{CHARGE_MSG.visitCharged(v.late_charge_pence)}</span>}
                  {queued && <span className="status status--queued">{M.waiting}</span>}
                </span>
                <span className="visit__actions">
                  {open(v) && !queued ?
                    (
                      <>
                        {late(v) && <span className="visit__late">{CHARGE_MSG.lateTitle}</span>}
                        <button
                          type="button"
                          className="btn btn--ghost btn--compact"
                          aria-label={`${M.skip} ${when}`}
                          onClick={() => setDialog({ type: 'skip', visit: v })}
                        >
                          {M.skip}
                        </button>
                        <button
                          type="button"
                          className="btn btn--ghost btn--compact"
                          aria-label={`${M.move} ${when}`}
                          onClick={() => setDialog({ type: 'move', visit: v })}
                        >
                          {M.move}
                        </button>
                      </>
                    ) :
                    v.state === 'scheduled' && !queued ?
                    <span className="muted visit__closed">{M.closed}</span> :
                    <RateVisit bookingId={booking.id} visit={v} queued={Boolean(queued)} onDone={setNotice} />}
                </span>
                <VisitRecord visit={v} cutoff={view.change_cutoff} now={now} />
                <VisitPhotosRecord visit={v} />
              </li>
            );
          })}
        </ul>
      )}
      {anyClosed && (
        <p className="muted plan-card__contact">
          {M.contactOfficeAt(view.change_cutoff)} <a href={telHref(co.phone)}>{co.phone}</a> · <a href={`mailto:${co.email}`}>{co.email}</a>
        </p>
      )}

      {!ended && (
        <div className="plan-card__actions">
          {plan.state === 'paused' ?
            <button type="button" className="btn btn--secondary" onClick={() => setDialog({ type: 'resume' })}>{M.resume}</button> :
            <button type="button" className="btn btn--secondary" onClick={() => setDialog({ type: 'pause' })}>{M.pause}</button>}
          {plan.frequency !== 'once' && (
            <button type="button" className="btn btn--secondary" onClick={() => setDialog({ type: 'schedule' })}>{M.changeTime}</button>
          )}
          <button type="button" className="btn btn--ghost" onClick={() => setDialog({ type: 'end' })}>{M.end}</button>
        </div>
      )}

      <AccessNotes bookingId={booking.id} saved={plan.access_notes} waiting={mine.some((i) => i.action === 'access-notes' && i.waiting)} />
      <PastVisits bookingId={booking.id} waiting={(v) => Boolean(waitingFor(v))} onRated={setNotice} />
      {details}
      {dialog && <PlanDialog view={view} dialog={dialog} onClose={() => setDialog(null)} onDone={setNotice} />}
    </article>
  );
}
