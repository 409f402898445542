// A "Not happy — re-clean" case's own part: whether the free re-clean is booked or still offered (until
// when), and booking it for the customer at one of the times left (they are told); closing the case is
// the page's Mark handled.
import { RecleanSlots } from '@/components/RecleanSlots';
import { OFFICE_MSG } from '@shared/messages-office';
import type { InboxDetail } from '@shared/schemas/inbox';
import { formatWhen } from '@shared/when';
import { officeSend } from '../api';

interface Props {
  reclean: NonNullable<InboxDetail['reclean']>;
  /** The re-clean was booked: the page reloads the case and says so. */
  onBooked: (message: string) => void;
}

export function RecleanCase({ reclean, onBooked }: Props) {
  const book = async (start: string) => {
    const res = await officeSend<{ message: string; }>('POST', `/visits/${reclean.visit_id}/reclean`, { start });
    onBooked(res.message);
  };
  const open = reclean.until !== null && Date.parse(reclean.until) > Date.now();
  return (
    <div className="card ofc-section">
      <h2>{OFFICE_MSG.inboxRecleanKind}</h2>
      {reclean.booked_start ?
        <p>{OFFICE_MSG.inboxRecleanBooked(formatWhen(reclean.booked_start))}</p> :
        open ?
        (
          <>
            <p>{OFFICE_MSG.inboxRecleanUntil(formatWhen(reclean.until!))}</p>
            <RecleanSlots until={reclean.until!} avoidDay={reclean.visit_day} onBook={book} />
          </>
        ) :
        <p>{OFFICE_MSG.inboxRecleanExpired}</p>}
    </div>
  );
}
