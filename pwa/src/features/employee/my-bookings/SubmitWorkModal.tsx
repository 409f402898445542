// Submit Work (spec §2, §5): work hours required, min 0.5, step 0.5; notes optional. Validated with
// the same schema the API uses, then sent through the outbox so it also works offline.
import { formatPostcode } from '@shared/postcode';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/Modal';
import { Field, TextArea } from '@/components/Field';
import { WORK_HOURS_MIN, WORK_HOURS_STEP } from '@shared/constants';
import { workSubmissionSchema, type EmployeeBooking, type WorkSubmissionInput } from '@shared/schemas/employee';
import { fieldErrors } from '@shared/schemas/common';
import { focusFirstError } from '../focusFirstError';

interface Props {
  booking: EmployeeBooking | null;
  busy: boolean;
  onSubmit: (booking: EmployeeBooking, input: WorkSubmissionInput) => void;
  onClose: () => void;
}

/** The form's raw text → what the schema checks ('' stays missing, so "required" is reported). */
export function parseWorkForm(hours: string, notes: string) {
  const trimmed = hours.trim();
  return workSubmissionSchema.safeParse({
    work_hours: trimmed === '' ? undefined : Number(trimmed),
    completion_notes: notes.trim() === '' ? undefined : notes,
  });
}

export function SubmitWorkModal({ booking, busy, onSubmit, onClose }: Props) {
  return (
    <Modal open={booking !== null} title="Submit Work" onClose={onClose}>
      {/* Keyed by booking so each opening starts with an empty form. */}
      {booking && <SubmitWorkForm key={booking.id} booking={booking} busy={busy} onSubmit={onSubmit} onClose={onClose} />}
    </Modal>
  );
}

function SubmitWorkForm({ booking, busy, onSubmit, onClose }: Props & { booking: EmployeeBooking }) {
  const [hours, setHours] = useState('');
  const [notes, setNotes] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = parseWorkForm(hours, notes);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstError(e.currentTarget);
      return;
    }
    setErrors({});
    onSubmit(booking, parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      <p className="muted">
        {booking.customer_name} · {booking.propertyType} · {formatPostcode(booking.postcode)}
      </p>
      <Field
        label="Work hours"
        type="number"
        inputMode="decimal"
        min={WORK_HOURS_MIN}
        step={WORK_HOURS_STEP}
        required
        value={hours}
        error={errors.work_hours}
        hint={`In steps of ${WORK_HOURS_STEP} hours, at least ${WORK_HOURS_MIN}.`}
        onChange={(e) => setHours(e.target.value)}
      />
      <TextArea label="Completion notes (optional)" value={notes} error={errors.completion_notes} onChange={(e) => setNotes(e.target.value)} />
      <div className="actions">
        <button type="button" className="btn btn--ghost" onClick={onClose}>
          Cancel
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Submitting…' : 'Submit Work'}
        </button>
      </div>
    </form>
  );
}
