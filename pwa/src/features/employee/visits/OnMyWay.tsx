// "On my way" on My Visits: when a visit offers it (today's, scheduled, no hours yet, not sent or
// waiting already), the card's line saying where it stands, and the dialog asking about how long.
// It goes through the outbox, so a tap without a connection is sent once when the connection returns.
import { useState, type FormEvent } from 'react';
import { RecordModal } from '@/components/RecordModal';
import { FormButtons } from '@/components/FormButtons';
import { formatWhen, londonDateAndTime } from '@shared/when';
import { londonDate } from '@shared/visits';
import { ON_MY_WAY_MINUTES, type OnMyWayMinutes } from '@shared/schemas/reminders';
import type { VisitDto } from '@shared/schemas/visits';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';

/** What the outbox holds for this visit. */
export interface VisitQueue {
  work: boolean;
  release: boolean;
  /** Minutes of an On my way waiting to send, if any. */
  onMyWay: number | undefined;
}

/** On my way is offered on the visit's own London day, until its hours are in (or given up), once. */
export function onMyWayDue(v: VisitDto, now: number, q: VisitQueue): boolean {
  if (v.state !== 'scheduled' || v.work_hours !== undefined || q.work || q.release) return false;
  if (v.on_my_way_at || q.onMyWay !== undefined) return false;
  return londonDate(Date.parse(v.start)) === londonDate(now);
}

/** The card's line: waiting to send, or told (with when and the minutes given). Nothing once hours are in. */
export function OnMyWayLine({ visit: v, queuedMinutes }: { visit: VisitDto; queuedMinutes: number | undefined; }) {
  if (v.work_hours !== undefined) return null;
  if (v.on_my_way_at) {
    const time = londonDateAndTime(Date.parse(v.on_my_way_at))?.time ?? '';
    return <p className="visit-card__work visit-card__work--told">{time ? N.onMyWayDoneAt(time, v.on_my_way_minutes) : N.onMyWayDone}</p>;
  }
  if (queuedMinutes === undefined) return null;
  return <p className="visit-card__work visit-card__work--waiting">{N.onMyWayWaiting(queuedMinutes)}</p>;
}

interface DialogProps {
  visit: VisitDto | null;
  busy: boolean;
  onSend: (visit: VisitDto, minutes: OnMyWayMinutes) => void;
  onClose: () => void;
}

export function OnMyWayDialog({ visit, busy, onSend, onClose }: DialogProps) {
  return (
    <RecordModal record={visit} title={N.onMyWayTitle} onClose={onClose}>
      {(v) => <MinutesForm visit={v} busy={busy} onSend={onSend} onClose={onClose} />}
    </RecordModal>
  );
}

function MinutesForm({ visit, busy, onSend, onClose }: DialogProps & { visit: VisitDto; }) {
  const [minutes, setMinutes] = useState<OnMyWayMinutes | null>(null);
  const [error, setError] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (minutes === null) return setError(true);
    onSend(visit, minutes);
  };
  const errorId = `omw-error-${visit.id}`;
  return (
    <form onSubmit={submit} noValidate>
      <p className="muted">
        {visit.customer_name || visit.reference} · {formatWhen(visit.start)}
      </p>
      <fieldset className="omw-options" aria-describedby={error ? errorId : undefined}>
        <legend>{N.onMyWayAsk}</legend>
        {ON_MY_WAY_MINUTES.map((m) => (
          <label key={m} className={`omw-option${minutes === m ? ' is-on' : ''}`}>
            <input
              type="radio"
              name="minutes"
              value={m}
              checked={minutes === m}
              onChange={() => {
                setMinutes(m);
                setError(false);
              }}
            />
            <span>{N.onMyWayMinutes(m)}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id={errorId} className="field__error" role="alert">
          {N.onMyWayChoose}
        </p>
      )}
      <p className="muted omw-hint">{N.onMyWayHint}</p>
      <FormButtons busy={busy} submitLabel={N.onMyWaySend} busyLabel={N.onMyWaySending} onCancel={onClose} />
    </form>
  );
}
