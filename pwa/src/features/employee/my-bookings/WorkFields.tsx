// The work-hours form shared by Submit Work and Correct hours: the same fields, checked with the
// schema the API uses ('' stays missing, so "required" is reported).
import { Field, TextArea } from '@/components/Field';
import { useForm } from '@/lib/form/useForm';
import { WORK_HOURS_MIN, WORK_HOURS_STEP } from '@shared/constants';
import { workSubmissionSchema, type WorkSubmissionInput } from '@shared/schemas/employee';
import { PAY_MSG as PAY_FORM_MSG } from '@shared/messages-pay';
import { TRAVEL_CLAIM_MAX_MINUTES } from '@shared/pay-rules';

export interface WorkValues {
  hours: string;
  notes: string;
  /** Travel from the previous job that day, only when the counted figure is wrong (minutes, and why). */
  travel?: string;
  travelNote?: string;
}

/** The form's raw text → what the schema checks. */
const toInput = ({ hours, notes, travel = '', travelNote = '' }: WorkValues) => {
  const trimmed = hours.trim();
  return {
    work_hours: trimmed === '' ? undefined : Number(trimmed),
    completion_notes: notes.trim() === '' ? undefined : notes,
    ...(travel.trim() === '' ? {} : { travel_minutes: Number(travel.trim()) }),
    ...(travelNote.trim() === '' ? {} : { travel_note: travelNote }),
  };
};

export const useWorkForm = (initial: WorkValues, onSubmit: (input: WorkSubmissionInput) => void) =>
  useForm({ initial, schema: workSubmissionSchema, toInput, onSubmit });

export function WorkFields({ form }: { form: ReturnType<typeof useWorkForm>; }) {
  return (
    <>
      <Field
        label="Work hours"
        type="number"
        inputMode="decimal"
        min={WORK_HOURS_MIN}
        step={WORK_HOURS_STEP}
        required
        value={form.values.hours}
        error={form.errors.work_hours}
        hint={`In steps of ${WORK_HOURS_STEP} hours, at least ${WORK_HOURS_MIN}.`}
        onChange={form.set('hours')}
      />
      <TextArea label="Completion notes (optional)" value={form.values.notes} error={form.errors.completion_notes} onChange={form.set('notes')} />
      <details className="work-travel">
        <summary>{PAY_FORM_MSG.travelSummary}</summary>
        <Field
          label={PAY_FORM_MSG.travelLabel}
          type="number"
          inputMode="numeric"
          min={0}
          max={TRAVEL_CLAIM_MAX_MINUTES}
          step={1}
          value={form.values.travel ?? ''}
          error={form.errors.travel_minutes}
          hint={PAY_FORM_MSG.travelHint}
          onChange={form.set('travel')}
        />
        <Field label={PAY_FORM_MSG.travelNoteLabel} value={form.values.travelNote ?? ''} error={form.errors.travel_note} onChange={form.set('travelNote')} />
      </details>
    </>
  );
}
