import type { EmployeeBooking } from '../../../../../shared/schemas/employee';
import { bestDaysText, shortDate, shortId } from '../format';

interface Props {
  booking: EmployeeBooking;
  busy: boolean;
  onAccept: (booking: EmployeeBooking) => void;
}

/** One available booking with every field the spec lists (§2) and the Accept Booking button. */
export function BookingCard({ booking: b, busy, onAccept }: Props) {
  const rows: [string, string | undefined][] = [
    ['Property Type', b.propertyType],
    ['Cleaning Type', b.cleaningType],
    ['Frequency', b.frequency],
    ['Address', b.customer_address],
    ['Postcode', b.postcode],
    ['Bedrooms', b.bedrooms],
    ['Bathrooms', b.bathrooms],
    ['Best Days', bestDaysText(b.bestDays)],
    ['Supplies', b.supplies],
  ];
  return (
    <article className="card emp-booking" aria-labelledby={`booking-${b.id}`}>
      <header className="emp-booking__head">
        <h2 id={`booking-${b.id}`} className="emp-booking__id">
          Booking {shortId(b.id)}
        </h2>
        <span className="muted">Created {shortDate(b.created_at)}</span>
      </header>
      <div className="emp-booking__customer">
        <strong>{b.customer_name}</strong>
        <a href={`mailto:${b.customer_email}`}>{b.customer_email}</a>
        {b.customer_phone ? <a href={`tel:${b.customer_phone}`}>{b.customer_phone}</a> : <span className="muted">No phone given</span>}
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
