import type { Booking } from '@shared/schemas/bookings';
import { formatBestDays, formatDate, statusOf } from './format';
import { formatPostcode } from '@shared/postcode';

/** One booking in the My Bookings grid. */
export function BookingCard({ booking, onOpen }: { booking: Booking; onOpen: () => void }) {
  const status = statusOf(booking);
  return (
    <article className="card booking-card">
      <header className="booking-card__head">
        <h2 className="booking-card__title">
          {booking.cleaningType} clean · {booking.propertyType}
        </h2>
        <span className={`status status--${status}`}>{status}</span>
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
          <dt>Frequency</dt>
          <dd>{booking.frequency}</dd>
        </div>
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
