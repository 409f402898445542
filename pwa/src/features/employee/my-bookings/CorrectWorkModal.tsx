// Correct submitted hours after the office queried them (correctWork in ./api):
// the same rules as Submit Work, prefilled with what was sent, and the office's question on top.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from '@/components/Modal';
import { Field, TextArea } from '@/components/Field';
import { errorMessage } from '@/lib/api';
import { DELAY, WORK_HOURS_MIN, WORK_HOURS_STEP } from '@shared/constants';
import { MSG } from '@shared/messages';
import { fieldErrors } from '@shared/schemas/common';
import type { EmployeeBooking, WorkSubmissionInput } from '@shared/schemas/employee';
import { employeeKeys } from '../keys';
import { focusFirstError } from '../focusFirstError';
import { useEmployeeToast } from '../useEmployeeToast';
import { parseWorkForm } from './SubmitWorkModal';
import { correctWork } from './api';

export function CorrectWorkModal({ booking, onClose }: { booking: EmployeeBooking | null; onClose: () => void }) {
  return (
    <Modal open={booking !== null} title={MSG.correctHoursTitle} onClose={onClose}>
      {booking && <CorrectWorkForm key={booking.id} booking={booking} onClose={onClose} />}
    </Modal>
  );
}

function CorrectWorkForm({ booking, onClose }: { booking: EmployeeBooking; onClose: () => void }) {
  const [hours, setHours] = useState(String(booking.submitted_work_hours ?? ''));
  const [notes, setNotes] = useState(booking.completion_notes ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState('');
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  const save = useMutation({
    mutationFn: (input: WorkSubmissionInput) => correctWork(booking.id, input),
    onSuccess: () => {
      toast.show(MSG.submissionUpdated, 'success', DELAY.submitSuccessMs);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      onClose();
    },
    onError: (err) => setFailure(errorMessage(err, MSG.submitWorkFailed)),
  });

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const parsed = parseWorkForm(hours, notes);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstError(e.currentTarget);
      return;
    }
    setErrors({});
    setFailure('');
    save.mutate(parsed.data);
  };

  return (
    <form onSubmit={submit} noValidate>
      {booking.office_query && (
        <p className="emp-office-query" role="note">
          {MSG.officeAsks} “{booking.office_query.message}”
        </p>
      )}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
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
        <button type="submit" className="btn btn--primary" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save corrected hours'}
        </button>
      </div>
    </form>
  );
}
