// What a cleaner can do about one visit, in the card's action row. Submit hours once the visit's
// start has come (the server's rule: start ≤ now), before that a button that says from when; "Can't
// make it" while the visit is ahead; "On my way" on the visit's day (OnMyWay.tsx says when).
import type { VisitDto } from '@shared/schemas/visits';
import { formatWhen } from '@shared/when';
import { addDays, londonDate } from '@shared/visits';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';
import { NOTICES_UI_MSG as N } from '@shared/messages-notices-ui';
import { CHARGE_MSG as C } from '@shared/messages-charges';
import { onMyWayDue } from './OnMyWay';

interface Props {
  visit: VisitDto;
  now: number;
  workQueued: boolean;
  releaseQueued: boolean;
  onSubmitHours: (v: VisitDto) => void;
  onCantMakeIt: (v: VisitDto) => void;
  /** Minutes of an On my way waiting in the outbox for this visit. */
  onMyWayQueued?: number;
  onOnMyWay: (v: VisitDto) => void;
  /** "Couldn't get in" waits in the outbox for this visit. */
  lockoutQueued?: boolean;
  onLockout?: (v: VisitDto) => void;
}

/** Hours may go in once the visit is scheduled, has none yet, and nothing waits in the outbox for it. */
export const hoursDue = (v: VisitDto, queued: boolean) => v.state === 'scheduled' && v.work_hours === undefined && !queued;

export function VisitActions(
  { visit: v, now, workQueued, releaseQueued, onSubmitHours, onCantMakeIt, onMyWayQueued, onOnMyWay, lockoutQueued = false, onLockout }: Props,
) {
  const start = Date.parse(v.start);
  const who = v.customer_name || v.reference;
  const when = formatWhen(start, now);
  // Before its start, only a visit of today or tomorrow says from when (weeks of "Hours from …" would be noise).
  const soon = londonDate(start) <= addDays(londonDate(now), 1);
  const showHours = hoursDue(v, workQueued) && !releaseQueued && (start <= now || soon);
  const ahead = v.state === 'scheduled' && start > now && !releaseQueued;
  const showOnMyWay = onMyWayDue(v, now, { work: workQueued, release: releaseQueued, onMyWay: onMyWayQueued }) && !lockoutQueued;
  // Once its time has come and no hours are in: the cleaner may say they couldn't get in.
  const showLockout = onLockout !== undefined && hoursDue(v, workQueued) && !releaseQueued && !lockoutQueued && start <= now;
  if (!showHours && !ahead && !showOnMyWay && !showLockout) return null;
  return (
    <>
      {showOnMyWay && (
        <button type="button" className="btn btn--small btn--secondary" onClick={() => onOnMyWay(v)} aria-label={N.onMyWayFor(who, when)}>
          {N.onMyWay}
        </button>
      )}
      {showHours &&
        !lockoutQueued &&
        (start <= now ?
          (
            <button type="button" className="btn btn--small btn--primary" onClick={() => onSubmitHours(v)} aria-label={M.submitHoursFor(who, when)}>
              {M.submitHours}
            </button>
          ) :
          (
            // aria-disabled (not disabled): it stays focusable, so a keyboard or screen reader user hears from when.
            <button type="button" className="btn btn--small btn--ghost" aria-disabled="true" aria-label={M.hoursFromLabel(when, who)}>
              {M.hoursFrom(when)}
            </button>
          ))}
      {showLockout && (
        <button type="button" className="btn btn--small btn--ghost" onClick={() => onLockout(v)} aria-label={C.lockoutFor(who, when)}>
          {C.lockoutButton}
        </button>
      )}
      {ahead && (
        <button type="button" className="btn btn--small btn--ghost" onClick={() => onCantMakeIt(v)} aria-label={M.cantMakeItFor(who, when)}>
          {M.cantMakeIt}
        </button>
      )}
    </>
  );
}
