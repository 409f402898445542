// Detail modal of one booking: View mode with every field of the booking, Edit mode, and the Delete button.
import { useEffect, useRef, useState } from 'react';
import { DELAY } from '@shared/constants';
import { CUSTOMER_MSG } from '@shared/messages-customer';
import type { Booking, BookingUpdateInput } from '@shared/schemas/bookings';
import { errorMessage } from '@/lib/api';
import { Modal } from '@/components/Modal';
import { useUpdateBooking } from './api';
import { EditBookingForm } from './EditBookingForm';
import { BookingAgreement } from './BookingAgreement';
import { DETAIL_FIELDS, isEditable, statusClass } from './format';
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
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);
  const update = useUpdateBooking();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const editable = isEditable(booking);

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
      {editing ? (
        <EditBookingForm booking={booking} busy={update.isPending} onSave={save} onCancel={() => setEditing(false)} />
      ) : (
        <>
          <dl className="booking-details">
            {DETAIL_FIELDS.map(([label, get]) => {
              const value = get(booking);
              if (value === null) return null;
              return (
                <div key={label}>
                  <dt>{label}</dt>
                  <dd>{label === 'Status' ? <span className={`status status--${statusClass(booking)}`}>{value}</span> : value || '—'}</dd>
                </div>
              );
            })}
          </dl>
          <BookingAgreement booking={booking} />
          {!editable && (
            <p className="muted booking-contact">
              {CUSTOMER_MSG.notEditableContact} <a href={telHref(co.phone)}>{co.phone}</a> ·{' '}
              <a href={`mailto:${co.email}`}>{co.email}</a>
            </p>
          )}
          <div className="actions">
            <button type="button" className="btn btn--danger" disabled={!editable} onClick={() => onDelete(booking)}>
              Delete Booking
            </button>
            <button type="button" className="btn btn--primary" disabled={!editable} onClick={() => setEditing(true)}>
              Edit
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
