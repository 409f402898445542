// A finished visit's rating in My Bookings: "Rate this clean" opens the same form as the
// rating request's signed link; it goes through the plan outbox (sent at once, or when back online),
// once per visit. A rated visit says "You rated this clean: 4/5" (the server's my_rating, or the
// answer just received).
import { useState } from 'react';
import { RATING_MSG as M } from '@shared/messages-ratings';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { formatWhen } from '@shared/when';
import type { VisitDto } from '@shared/schemas/visits';
import { Modal } from '@/components/Modal';
import { RatingForm, type RatingValue } from '@/components/RatingForm';
import { sendPlanChange } from './plans-api';
import { RecleanVisit } from './RecleanVisit';

interface Props {
  bookingId: string;
  visit: VisitDto;
  /** A rating of this visit is waiting in the outbox (the card shows it as waiting to send). */
  queued: boolean;
  /** The rating was sent or saved to send: the card says so. */
  onDone?: (text: string | null) => void;
}

export function RateVisit({ bookingId, visit, queued, onDone }: Props) {
  const [open, setOpen] = useState(false);
  const [given, setGiven] = useState<number | null>(null);
  // A low rating's answer offers a free re-clean: its sheet opens at once.
  const [offered, setOffered] = useState<string | null>(null);
  if (visit.state !== 'completed') return null;
  const stars = visit.my_rating ?? given;
  const until = offered ?? visit.reclean_until;
  if (stars) {
    return (
      <>
        <span className="visit__rated">{M.rated(stars)}</span>
        {until && <RecleanVisit visitId={visit.id} start={visit.start} until={until} openNow={Boolean(offered)} onDone={(text) => onDone?.(text)} />}
      </>
    );
  }
  if (queued) return null;
  const when = formatWhen(Date.parse(visit.start));

  const send = async ({ stars, comment }: RatingValue) => {
    const out = await sendPlanChange({ action: 'rate', bookingId, visit, when, stars, ...(comment ? { comment } : {}) });
    if (out.status === 'sent') setGiven(stars);
    if (out.status === 'sent' && out.body.reclean_until) setOffered(out.body.reclean_until);
    onDone?.(out.status === 'sent' ? (out.body.message ?? REMINDER_MSG.rated) : null);
    setOpen(false);
  };

  return (
    <>
      <button type="button" className="btn btn--ghost btn--compact" aria-label={M.rateLabel(when)} onClick={() => setOpen(true)}>
        {M.rateThisClean}
      </button>
      {open && (
        <Modal open title={M.rateDialogTitle} onClose={() => setOpen(false)}>
          <RatingForm facts={<p>{REMINDER_MSG.linkVisit(when, visit.cleaner_first_name, '')}</p>} onSubmit={send}>
            <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
              {M.rateCancel}
            </button>
          </RatingForm>
        </Modal>
      )}
    </>
  );
}
