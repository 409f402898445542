// The price and the 14-day right on a booking's detail (My Bookings): the agreed or estimated price per
// visit, until when it may be cancelled within 14 days, and the one button that does it (visits done
// are charged, nothing else: POST /api/user/bookings/{id}/cancel-within-14-days).
import { isClosedState } from '@shared/states';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PRICE_MSG } from '@shared/messages-prices';
import type { Booking } from '@shared/schemas/bookings';
import { formatDay, londonWallTime } from '@shared/when';
import { londonDate } from '@shared/visits';
import { api, errorMessage } from '@/lib/api';
import { userKeys, userPaths } from '@/lib/queryKeys';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import './BookingAgreement.css';

const MODEL_FORM_HREF = '/terms#cancellation-form';

export function BookingAgreement({ booking }: { booking: Booking; }) {
  const client = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  if (!booking.cancel_period_ends) return null;
  const price = booking.price_pence ?? null;
  const ends = formatDay(londonWallTime(booking.cancel_period_ends, '12:00') ?? 0);
  const open = !booking.cancelled_within_14_days && !['rejected', 'cancelled', 'withdrawn'].includes(booking.status) &&
    (!booking.state || !isClosedState(booking.state)) && londonDate(Date.now()) <= booking.cancel_period_ends;

  async function cancel() {
    setBusy(true);
    try {
      const r = await api<{ message: string; }>(`${userPaths.bookings}/${booking.id}/cancel-within-14-days`, { method: 'POST', auth: 'customer' });
      setNotice({ kind: 'success', text: r.message });
      await client.invalidateQueries({ queryKey: userKeys.bookings });
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err, PRICE_MSG.cancel14Failed) });
    } finally {
      setBusy(false);
      setAsking(false);
    }
  }

  return (
    <div className="booking-agreement">
      <p>
        <strong>{price === null ? PRICE_MSG.priceToConfirm : booking.price_confirmed ? PRICE_MSG.agreedPrice(price) : PRICE_MSG.estimatedPrice(price)}</strong>
      </p>
      {booking.cancelled_within_14_days ? <p>{PRICE_MSG.cancel14Done(booking.cancel_charge_pence ?? 0)}</p> : (
        open && (
          <p>
            {PRICE_MSG.cancel14Until(ends)}{' '}
            <a href={MODEL_FORM_HREF} target="_blank" rel="noopener">
              {PRICE_MSG.modelFormLink}
            </a>
          </p>
        )
      )}
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {open && !notice && (
        <button type="button" className="btn btn--ghost" onClick={() => setAsking(true)}>
          {PRICE_MSG.cancel14Button}
        </button>
      )}
      <ConfirmDialog
        open={asking}
        title={PRICE_MSG.cancel14Title}
        question={PRICE_MSG.cancel14Ask}
        confirmLabel={PRICE_MSG.cancel14Button}
        danger
        busy={busy}
        onConfirm={() => void cancel()}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
