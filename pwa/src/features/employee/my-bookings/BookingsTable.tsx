import type { EmployeeBooking } from '../../../../../shared/schemas/employee';
import { shortId } from '../format';
import { CustomerCell } from '../components/CustomerCell';

interface Props {
  bookings: EmployeeBooking[];
  /** Bookings whose work waits in the outbox (offline): no second Submit Work. */
  queued: ReadonlySet<string>;
  onView: (b: EmployeeBooking) => void;
  onSubmitWork: (b: EmployeeBooking) => void;
}

/** Spec §4: work can be submitted only while a booking is accepted and has no submission. */
export const canSubmitWork = (b: EmployeeBooking) => b.status === 'accepted' && !b.work_submitted;

function WorkCell({ booking: b, queued }: { booking: EmployeeBooking; queued: boolean }) {
  if (b.work_submitted) {
    return (
      <span className="cell-stack">
        <strong>{b.submitted_work_hours} h</strong>
        {b.completion_notes && <span className="muted emp-notes">{b.completion_notes}</span>}
      </span>
    );
  }
  return <span className="muted">{queued ? 'Waiting to send' : 'Not submitted'}</span>;
}

export function BookingsTable({ bookings, queued, onView, onSubmitWork }: Props) {
  return (
    <table className="emp-table">
      <thead>
        <tr>
          <th scope="col">ID</th>
          <th scope="col">Customer</th>
          <th scope="col">Property</th>
          <th scope="col">Location</th>
          <th scope="col">Status</th>
          <th scope="col">Work Submitted</th>
          <th scope="col">Actions</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => (
          <tr key={b.id}>
            <td data-label="ID" className="nowrap">{shortId(b.id)}</td>
            <CustomerCell name={b.customer_name} email={b.customer_email} />
            <td data-label="Property">
              <span className="cell-stack">
                <span>{b.propertyType}</span>
                <span className="muted">{b.cleaningType}</span>
              </span>
            </td>
            <td data-label="Location" className="nowrap">{b.postcode}</td>
            <td data-label="Status">
              <span className={`status status--${b.status}`}>{b.status}</span>
            </td>
            <td data-label="Work Submitted">
              <WorkCell booking={b} queued={queued.has(b.id)} />
            </td>
            <td data-label="Actions">
              <span className="actions">
                <button type="button" className="btn btn--small btn--ghost" onClick={() => onView(b)} aria-label={`View booking ${shortId(b.id)}`}>
                  View
                </button>
                {canSubmitWork(b) && !queued.has(b.id) && (
                  <button type="button" className="btn btn--small btn--primary" onClick={() => onSubmitWork(b)} aria-label={`Submit work for booking ${shortId(b.id)}`}>
                    Submit Work
                  </button>
                )}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
