import type { Booking } from '@shared/schemas/bookings';
import { cleaningTitle } from '@shared/booking-summary';
import { formatBestDays, formatDate, stateLine, stateOf, stateWord } from './format';
import { formatPostcode } from '@shared/postcode';

/** One booking in the My Bookings grid. */
export function BookingCard({ booking, onOpen }: { booking: Booking; onOpen: () => void; }) {
  return (
    <article className="card booking-card">
      <header className="booking-card__head">
        <h2 className="booking-card__title">
          {cleaningTitle(booking.cleaningType)} · {booking.propertyType}
        </h2>
        <span className={`status plan-state plan-state--${stateOf(booking)}`}>{stateWord(booking)}</span>
      </header>
      <p className="plan-card__state">{stateLine(booking)}</p>
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
