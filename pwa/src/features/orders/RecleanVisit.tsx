// The free re-clean a low rating offers: "Book your free re-clean" beside the rated visit while the offer
// stands (until 48 h after the rating), opening a sheet with the times left; the rating's answer opens it
// at once. Booked online (Idempotency-Key: a retry books once); the office can book it from its inbox too.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CHANGES_MSG as M } from '@shared/messages-changes';
import { Modal } from '@/components/Modal';
import { RecleanSlots } from '@/components/RecleanSlots';
import { londonDate } from '@shared/visits';
import { api } from '@/lib/api';
import { userKeys } from '@/lib/queryKeys';

interface Props {
  visitId: string;
  /** The rated visit's start (ISO): its day is not offered. */
  start: string;
  /** When the offer runs out (ISO). */
  until: string;
  /** The sheet is open from the start (the rating's answer offered it). */
  openNow?: boolean;
  onDone?: (text: string) => void;
}

export function RecleanVisit({ visitId, start: rated, until, openNow = false, onDone }: Props) {
  const qc = useQueryClient();
  const [open, setOpen] = useState(openNow);
  const [key] = useState(() => crypto.randomUUID());
  const [booked, setBooked] = useState(false);
  if (booked || Date.parse(until) <= Date.now()) return null;

  const book = async (start: string) => {
    const res = await api<{ message: string; }>(`/api/user/visits/${visitId}/reclean`, {
      method: 'POST',
      auth: 'customer',
      json: { start },
      idempotencyKey: key,
    });
    setBooked(true);
    setOpen(false);
    onDone?.(res.message);
    void qc.invalidateQueries({ queryKey: userKeys.all });
  };

  return (
    <>
      <button type="button" className="btn btn--primary btn--compact" onClick={() => setOpen(true)}>
        {M.recleanOpen}
      </button>
      {open && (
        <Modal open title={M.recleanSheetTitle} onClose={() => setOpen(false)}>
          <RecleanSlots until={until} avoidDay={londonDate(Date.parse(rated))} onBook={book}>
            <button type="button" className="btn btn--ghost" onClick={() => setOpen(false)}>
              {M.recleanLater}
            </button>
          </RecleanSlots>
        </Modal>
      )}
    </>
  );
}
