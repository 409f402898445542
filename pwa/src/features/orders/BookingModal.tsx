// Booking Details: what the booking is now and, once it became a plan, what the plan is (how often, the
// home, the cleaner, the price per visit, the next visits); only the actions that apply now: Edit and
// Delete while it is a request, nothing disabled left over.
import { useEffect, useRef, useState } from 'react';
import { DELAY } from '@shared/constants';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import type { Booking, BookingUpdateInput } from '@shared/schemas/bookings';
import { errorMessage } from '@/lib/api';
import { Modal } from '@/components/Modal';
import { useUpdateBooking } from './api';
import { EditBookingForm } from './EditBookingForm';
import { BookingAgreement } from './BookingAgreement';
import { DETAIL_FIELDS, hasPlan, isEditable, stateLine, stateOf, stateWord } from './format';
import { PLAN_MSG } from '@shared/messages-plans';
import { formatWhen } from '@shared/when';
import { useAuth } from '@/lib/auth/AuthProvider';
import { usePlan } from './plans-api';
import { PlanFacts } from './PlanFacts';
import { useCompany } from '@/lib/company';
import { telHref } from '@shared/company';

interface Props {
  booking: Booking;
  onClose: () => void;
  onDelete: (b: Booking) => void;
}

export function BookingModal({ booking, onClose, onDelete }: Props) {
  const co = useCompany();
  const [editing, setEditing] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const update = useUpdateBooking();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const editable = isEditable(booking);
  const { user } = useAuth();
  const planned = hasPlan(booking);
  const planView = usePlan(user?.id ?? '', booking.id, planned);
  const plan = planView.data?.plan ?? null;
  // The plan's own facts replace the request's answers they would contradict.
  const planShown = new Set(['State', 'When', 'Your cleaner', 'Address', 'Postcode', 'How often']);

  function save(changes: BookingUpdateInput) {
    setNotice(null);
    update.mutate(
      { id: booking.id, changes },
      {
        onSuccess: () => {
          setNotice({ kind: 'success', text: CUSTOMER_MSG.bookingUpdated });
          setEditing(false);
          // The notice is shown, then the modal closes after 1.5 s.
          timer.current = setTimeout(onClose, DELAY.bookingUpdateNoticeMs);
        },
        onError: (err) => setNotice({ kind: 'error', text: errorMessage(err, CUSTOMER_MSG.updateBookingFailed) }),
      },
    );
  }

  return (
    <Modal open title={editing ? 'Edit Booking' : 'Booking Details'} onClose={onClose} className="modal--wide">
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {editing ? <EditBookingForm booking={booking} busy={update.isPending} onSave={save} onCancel={() => setEditing(false)} /> : (
        <>
          <p className="booking-details__state">
            <span className={`status plan-state plan-state--${stateOf(booking)}`}>{stateWord(booking)}</span>{' '}
            <span>{plan?.state_text ?? stateLine(booking)}</span>
          </p>
          {plan && planView.data && (
            <>
              <PlanFacts booking={planView.data.booking} plan={plan} />
              <h3 className="plan-card__sub">{PLAN_MSG.nextVisits}</h3>
              {planView.data.visits.length === 0 ? <p className="muted">{PLAN_MSG.noNextVisits}</p> : (
                <ul className="visit-list visit-list--plain">
                  {planView.data.visits.slice(0, 4).map((v) => (
                    <li key={v.id} className={`visit visit--${v.state}`}>
                      <span className="visit__when">{formatWhen(Date.parse(v.start))}</span>{' '}
                      <span className="visit__state">{PLAN_MSG.visitState[v.state]}</span>
                    </li>
                  ))}
                </ul>
              )}
              <p className="muted">{CUSTOMER_MSG.planActionsOnCard}</p>
            </>
          )}
          <dl className="booking-details">
            {DETAIL_FIELDS.map(([label, get]) => {
              if (label === 'State' || (plan && planShown.has(label))) return null;
              const value = get(booking);
              if (value === null) return null;
              return (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{value || '—'}</dd>
                </div>
              );
            })}
          </dl>
          <BookingAgreement booking={booking} />
          {editable ?
            (
              <div className="actions">
                <button type="button" className="btn btn--danger" onClick={() => onDelete(booking)}>
                  Delete Booking
                </button>
                <button type="button" className="btn btn--primary" onClick={() => setEditing(true)}>
                  Edit
                </button>
              </div>
            ) :
            (
              !planned && (
                <p className="muted booking-contact">
                  {CUSTOMER_MSG.questionsContact} <a href={telHref(co.phone)}>{co.phone}</a> · <a href={`mailto:${co.email}`}>{co.email}</a>
                </p>
              )
            )}
        </>
      )}
    </Modal>
  );
}
