// The details modal of My Bookings: customer, property, booking and work-submission sections.
import type { ReactNode } from 'react';
import { Modal } from '@/components/Modal';
import type { EmployeeBooking } from '@shared/schemas/employee';
import { refOf, shortDate, stateLine, stateOf, stateWord, whenOf } from '../format';
import { formatPostcode } from '@shared/postcode';

type Rows = [string, ReactNode][];

function Section({ title, rows }: { title: string; rows: Rows; }) {
  return (
    <section className="emp-details__section">
      <h3>{title}</h3>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value === undefined || value === null || value === '' ? '—' : value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export function BookingDetailsModal({ booking: b, onClose }: { booking: EmployeeBooking | null; onClose: () => void; }) {
  return (
    <Modal open={b !== null} title={b ? `Booking ${refOf(b)}` : 'Booking'} onClose={onClose} className="modal--wide">
      {b && (
        <div className="emp-details">
          <Section
            title="Customer"
            rows={[
              ['Name', b.customer_name],
              ['Email', b.customer_email],
              ['Phone', b.customer_phone],
              ['Address', b.customer_address],
            ]}
          />
          <Section
            title="Property"
            rows={[
              ['Property Type', b.propertyType],
              ['Postcode', formatPostcode(b.postcode)],
              ['Bedrooms', b.bedrooms],
              ['Bathrooms', b.bathrooms],
              ['Receptions', b.receptions],
            ]}
          />
          <Section
            title="Booking"
            rows={[
              [
                'Status',
                <span className="cell-stack">
                  <span className={`status plan-state plan-state--${stateOf(b)}`}>{stateWord(b)}</span>
                  <span>{stateLine(b)}</span>
                </span>,
              ],
              ['Cleaning Type', b.cleaningType],
              ['Frequency', b.frequency],
              ['Best Days', whenOf(b)],
              ['Supplies', b.supplies],
              ['Created', shortDate(b.created_at)],
              ['Accepted', b.accepted_at ? shortDate(b.accepted_at) : undefined],
            ]}
          />
          <Section
            title="Work Submission"
            rows={b.work_submitted
              ? [
                ['Hours', b.submitted_work_hours],
                ['Notes', b.completion_notes],
                ['Submitted', b.submitted_at ? shortDate(b.submitted_at) : undefined],
              ]
              : [['Submitted', 'Not yet']]}
          />
        </div>
      )}
    </Modal>
  );
}
