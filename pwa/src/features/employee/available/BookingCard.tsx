import type { EmployeeBooking } from '@shared/schemas/employee';
import { formatPostcode } from '@shared/postcode';
import { hoursText } from '@shared/duration';
import { formatWhen } from '@shared/when';
import { STAFF_MSG } from '@shared/messages-staff';
import { CLEANER_VISITS_MSG } from '@shared/messages-cleaner-visits';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import { refOf, shortDate, whenOf, whereOf } from '../format';

interface Props {
  booking: EmployeeBooking;
  busy: boolean;
  onAccept: (booking: EmployeeBooking) => void;
}

/** One available booking: when and where first, then every other field of it, and Accept Booking. */
export function BookingCard({ booking: b, busy, onAccept }: Props) {
  const rows: [string, string | undefined][] = [
    ['Property Type', b.propertyType],
    ['Cleaning Type', b.cleaningType],
    ['Frequency', b.frequency],
    ['Postcode', formatPostcode(b.postcode)],
    ['Bedrooms', b.bedrooms],
    ['Bathrooms', b.bathrooms],
    ['Best Days', whenOf(b)],
    ['Expected duration', b.expected_hours !== undefined ? hoursText(b.expected_hours) : undefined],
    ['Supplies', b.supplies],
  ];
  return (
    <article className="card emp-booking" aria-labelledby={`booking-${b.id}`}>
      <header className="emp-booking__head">
        <h2 id={`booking-${b.id}`} className="emp-booking__id">
          Booking {refOf(b)}
        </h2>
        <span className="muted">Created {shortDate(b.created_at)}</span>
      </header>
      {/* A booking becomes a plan once accepted: how often, and from when (free text: set on accepting). */}
      <p className="emp-plan-line">{CLEANER_VISITS_MSG.planLine(b.frequency, b.scheduledAt ? formatWhen(b.scheduledAt) : null)}</p>
      <p className="emp-booking__when">
        <span className="emp-booking__when-label">When</span> <strong>{whenOf(b)}</strong>
      </p>
      <p className="emp-booking__when">
        <span className="emp-booking__when-label">Where</span> <strong>{whereOf(b)}</strong>
      </p>
      {/* The reader's own pay for the expected hours (none until the office sets their rate). */}
      {b.pay_pence != null && <p className="job-pay">{PAYROLL_MSG.payForJob(b.pay_pence)}</p>}
      <div className="emp-booking__customer">
        <strong>{b.customer_name}</strong>
        {/* The server sends the customer's e-mail and phone only once the job is accepted. */}
        {b.customer_email ? <a href={`mailto:${b.customer_email}`}>{b.customer_email}</a> : <span className="muted">{STAFF_MSG.contactAfterAccept}</span>}
        {b.customer_phone && <a href={`tel:${b.customer_phone}`}>{b.customer_phone}</a>}
      </div>
      <dl className="emp-booking__facts">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <button type="button" className="btn btn--primary btn--block" disabled={busy} onClick={() => onAccept(b)}>
        {busy ? 'Accepting…' : 'Accept Booking'}
      </button>
    </article>
  );
}
