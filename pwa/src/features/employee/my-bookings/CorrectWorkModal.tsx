// Correct submitted hours after the office queried them (correctWork in ./api):
// the same rules as Submit Work, prefilled with what was sent, and the office's question on top.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Modal } from '@/components/Modal';
import { FormButtons } from '@/components/FormButtons';
import { errorMessage } from '@/lib/api';
import { DELAY } from '@shared/constants';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBooking, WorkSubmissionInput } from '@shared/schemas/employee';
import { employeeKeys } from '../keys';
import { useEmployeeToast } from '../useEmployeeToast';
import { useWorkForm, WorkFields } from './WorkFields';
import { correctWork } from './api';

export function CorrectWorkModal({ booking, onClose }: { booking: EmployeeBooking | null; onClose: () => void; }) {
  return (
    <Modal open={booking !== null} title={STAFF_MSG.correctHoursTitle} onClose={onClose}>
      {booking && <CorrectWorkForm key={booking.id} booking={booking} onClose={onClose} />}
    </Modal>
  );
}

function CorrectWorkForm({ booking, onClose }: { booking: EmployeeBooking; onClose: () => void; }) {
  const [failure, setFailure] = useState('');
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  const save = useMutation({
    mutationFn: (input: WorkSubmissionInput) => correctWork(booking.id, input),
    onSuccess: () => {
      toast.show(STAFF_MSG.submissionUpdated, 'success', DELAY.submitSuccessMs);
      void queryClient.invalidateQueries({ queryKey: employeeKeys.myBookings });
      onClose();
    },
    onError: (err) => setFailure(errorMessage(err, STAFF_MSG.submitWorkFailed)),
  });

  const form = useWorkForm({ hours: String(booking.submitted_work_hours ?? ''), notes: booking.completion_notes ?? '' }, (input) => {
    setFailure('');
    save.mutate(input);
  });

  return (
    <form ref={form.formRef} onSubmit={form.submit} noValidate>
      {booking.office_query && (
        <p className="emp-office-query" role="note">
          {STAFF_MSG.officeAsks} “{booking.office_query.message}”
        </p>
      )}
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <WorkFields form={form} />
      <FormButtons busy={save.isPending} submitLabel="Save corrected hours" busyLabel="Saving…" onCancel={onClose} />
    </form>
  );
}
