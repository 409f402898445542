// Submit Work: work hours required, min 0.5, step 0.5; notes optional. Validated with
// the same schema the API uses, then sent through the outbox so it also works offline.
import { formatPostcode } from '@shared/postcode';
import { RecordModal } from '@/components/RecordModal';
import { FormButtons } from '@/components/FormButtons';
import type { EmployeeBooking, WorkSubmissionInput } from '@shared/schemas/employee';
import { useWorkForm, WorkFields } from './WorkFields';

interface Props {
  booking: EmployeeBooking | null;
  busy: boolean;
  onSubmit: (booking: EmployeeBooking, input: WorkSubmissionInput) => void;
  onClose: () => void;
}

export function SubmitWorkModal({ booking, busy, onSubmit, onClose }: Props) {
  return (
    <RecordModal record={booking} title="Submit Work" onClose={onClose}>
      {(b) => <SubmitWorkForm booking={b} busy={busy} onSubmit={onSubmit} onClose={onClose} />}
    </RecordModal>
  );
}

function SubmitWorkForm({ booking, busy, onSubmit, onClose }: Props & { booking: EmployeeBooking; }) {
  const form = useWorkForm({ hours: '', notes: '' }, (input) => onSubmit(booking, input));

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      <p className="muted">
        {booking.customer_name} · {booking.propertyType} · {formatPostcode(booking.postcode)}
      </p>
      <WorkFields form={form} />
      <FormButtons busy={busy} submitLabel="Submit Work" busyLabel="Submitting…" onCancel={onClose} />
    </form>
  );
}
