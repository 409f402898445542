import type { EmployeeBooking } from '@shared/schemas/employee';
import { STAFF_MSG } from '@shared/messages-staff';
import { refOf, stateLine, stateOf, stateWord, whenOf, whereOf, workOpensLater } from '../format';
import { CustomerCell } from '../components/CustomerCell';
import { TableHead } from '@/components/TableHead';

interface Props {
  bookings: EmployeeBooking[];
  /** Bookings whose work waits in the outbox (offline): no second Submit Work. */
  queued: ReadonlySet<string>;
  onView: (b: EmployeeBooking) => void;
  onSubmitWork: (b: EmployeeBooking) => void;
  /** Answer the office's question about submitted hours by correcting them. */
  onCorrect: (b: EmployeeBooking) => void;
}

/** Work can be submitted only while a booking is accepted and has no submission (shared/README.md). */
export const canSubmitWork = (b: EmployeeBooking) => b.status === 'accepted' && !b.work_submitted;

function WorkCell({ booking: b, queued }: { booking: EmployeeBooking; queued: boolean; }) {
  if (b.work_submitted) {
    return (
      <span className="cell-stack">
        <strong>{b.submitted_work_hours} h</strong>
        {b.completion_notes && <span className="muted emp-notes">{b.completion_notes}</span>}
        {b.timesheet_status === 'queried' && b.office_query && (
          <span className="emp-office-query" role="note">
            {STAFF_MSG.officeAsks} “{b.office_query.message}”
          </span>
        )}
      </span>
    );
  }
  return <span className="muted">{queued ? 'Waiting to send' : 'Not submitted'}</span>;
}

/** Submit Work, or (before the booked time) a disabled button saying from when. */
function SubmitWorkButton({ booking: b, onSubmitWork }: { booking: EmployeeBooking; onSubmitWork: (b: EmployeeBooking) => void; }) {
  const later = workOpensLater(b);
  if (later) {
    return (
      <button type="button" className="btn btn--small btn--ghost" disabled aria-label={`${STAFF_MSG.workOpensFrom(later)}: booking ${refOf(b)}`}>
        {STAFF_MSG.workOpensFrom(later)}
      </button>
    );
  }
  return (
    <button type="button" className="btn btn--small btn--primary" onClick={() => onSubmitWork(b)} aria-label={`Submit work for booking ${refOf(b)}`}>
      Submit Work
    </button>
  );
}

export function BookingsTable({ bookings, queued, onView, onSubmitWork, onCorrect }: Props) {
  return (
    <table className="emp-table">
      <TableHead columns={['Ref', 'When', 'Where', 'Customer', 'Property', 'Status', 'Work Submitted', 'Actions']} />
      <tbody>
        {bookings.map((b) => (
          <tr key={b.id}>
            <td data-label="Ref" className="nowrap">{refOf(b)}</td>
            <td data-label="When" className="when">
              <strong>{whenOf(b)}</strong>
            </td>
            <td data-label="Where">{whereOf(b)}</td>
            <CustomerCell name={b.customer_name} email={b.customer_email} />
            <td data-label="Property">
              <span className="cell-stack">
                <span>{b.propertyType}</span>
                <span className="muted">{b.cleaningType}</span>
              </span>
            </td>
            <td data-label="Status">
              <span className="cell-stack">
                <span className={`status plan-state plan-state--${stateOf(b)}`}>{stateWord(b)}</span>
                <span className="muted">{stateLine(b)}</span>
              </span>
            </td>
            <td data-label="Work Submitted">
              <WorkCell booking={b} queued={queued.has(b.id)} />
            </td>
            <td data-label="Actions">
              <span className="actions">
                <button type="button" className="btn btn--small btn--ghost" onClick={() => onView(b)} aria-label={`View booking ${refOf(b)}`}>
                  View
                </button>
                {canSubmitWork(b) && !queued.has(b.id) && <SubmitWorkButton booking={b} onSubmitWork={onSubmitWork} />}
                {b.timesheet_status === 'queried' && (
                  <button
                    type="button"
                    className="btn btn--small btn--primary"
                    onClick={() => onCorrect(b)}
                    aria-label={`Correct hours for booking ${refOf(b)}`}
                  >
                    Correct hours
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
