import type { Booking } from '@shared/schemas/bookings';
import { cleaningTitle } from '@shared/booking-summary';
import { formatBestDays, formatDate, statusClass, statusText } from './format';
import { formatPostcode } from '@shared/postcode';

/** One booking in the My Bookings grid. */
export function BookingCard({ booking, onOpen }: { booking: Booking; onOpen: () => void }) {
  return (
    <article className="card booking-card">
      <header className="booking-card__head">
        <h2 className="booking-card__title">
          {cleaningTitle(booking.cleaningType)} · {booking.propertyType}
        </h2>
        <span className={`status status--${statusClass(booking)}`}>{statusText(booking)}</span>
      </header>
      {booking.reference && <p className="booking-card__ref muted">Ref {booking.reference}</p>}
      <dl className="booking-card__facts">
        <div>
          <dt>When</dt>
          <dd>{formatBestDays(booking.bestDays, booking.scheduledAt)}</dd>
        </div>
        <div>
          <dt>Postcode</dt>
          <dd>{formatPostcode(booking.postcode)}</dd>
        </div>
        <div>
          <dt>How often</dt>
          <dd>{booking.frequency}</dd>
        </div>
        {booking.cleaner_first_name && (
          <div>
            <dt>Your cleaner</dt>
            <dd>{booking.cleaner_first_name}</dd>
          </div>
        )}
        {booking.status === 'rejected' && booking.cancel_reason && (
          <div className="booking-card__reason">
            <dt>Why it was cancelled</dt>
            <dd>{booking.cancel_reason}</dd>
          </div>
        )}
        <div>
          <dt>Created</dt>
          <dd>{formatDate(booking.created_at)}</dd>
        </div>
      </dl>
      <button type="button" className="btn btn--secondary btn--block" onClick={onOpen}>
        View details
      </button>
    </article>
  );
}
