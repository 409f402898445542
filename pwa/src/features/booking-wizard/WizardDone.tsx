// After Complete Booking: the reference, what was asked, and what happens next in the Terms' words
// (a booking is confirmed once a cleaner accepts it). The spec's heading stays.
import { MSG } from '@shared/messages';
import type { Booking, WizardInput } from '@shared/schemas/bookings';
import { bestDaysMoment } from '@shared/when';
import { bookingSummary } from '@shared/booking-summary';
import { useCompany } from '@/lib/company';

export interface Outcome {
  status: 'confirmed' | 'queued';
  /** What was sent (null when a booking kept from before sign-in was sent: its answers are gone). */
  input: WizardInput | null;
  /** The server's booking, with its reference, when it was sent. */
  booking: Booking | null;
}

export function WizardDone({ outcome, onClose, onOrders }: { outcome: Outcome; onClose: () => void; onOrders: () => void; }) {
  const co = useCompany();
  const sent = outcome.status === 'confirmed';
  // The server's booking where it has a field, the answers sent for the rest.
  const source = outcome.booking || outcome.input ? ({ ...outcome.input, ...outcome.booking } as Booking | WizardInput) : null;
  const moment = source ? bestDaysMoment(source.bestDays) : null;
  const rows = source ? bookingSummary({ ...source, scheduledAt: outcome.booking?.scheduledAt ?? (moment === null ? null : new Date(moment)) }) : [];
  return (
    <div className="wizard__done" role="status">
      <div className="wizard__done-icon" aria-hidden="true">
        {sent ? '✓' : '⏳'}
      </div>
      <h3>{sent ? MSG.bookingConfirmed : MSG.bookingQueued}</h3>
      <p className="wizard__request">{MSG.bookingIsRequest}</p>
      {outcome.booking?.reference && (
        <p className="wizard__ref">
          Your reference: <strong data-testid="booking-reference">{outcome.booking.reference}</strong>
        </p>
      )}
      {rows.length > 0 && (
        <dl className="wizard__summary" aria-label="Your booking">
          {rows.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <h4 className="wizard__next-title">What happens next</h4>
      <ol className="wizard__next">
        {sent ?
          (
            <>
              <li>We have e-mailed you these details{outcome.booking?.reference ? ' and your reference' : ''}.</li>
              <li>{MSG.bookingRequestNext(co.response)} Your booking is confirmed then.</li>
              <li>Until then you can change or cancel it in My Bookings.</li>
            </>
          ) :
          (
            <>
              <li>Your booking is saved on this device and is sent automatically when you are back online.</li>
              <li>You then get a reference by e-mail. It is confirmed once one of our cleaners accepts it.</li>
            </>
          )}
      </ol>
      <div className="actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Close
        </button>
        <button type="button" className="btn btn--primary" onClick={onOrders}>
          View My Booking
        </button>
      </div>
    </div>
  );
}
