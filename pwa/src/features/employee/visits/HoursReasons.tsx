// The hours form's part for the checklist: each task neither ticked nor explained is named with a field
// for why it was not done. Hours go only once each has a reason; the reasons are sent through the
// outbox first, so they reach the server before the hours queued after them.
import { useState } from 'react';
import { Field } from '@/components/Field';
import type { VisitDto } from '@shared/schemas/visits';
import { openTasks, CHECKLIST_NOTE_MAX } from '@shared/checklists';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import { FIELD_MSG } from '@shared/messages';
import { useTick, useVisitChecklist } from './checklistApi';

export function useHoursReasons(visit: VisitDto) {
  const { items } = useVisitChecklist(visit);
  const tick = useTick();
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const open = openTasks(items);

  /** Sends the reasons, then `next`; with a reason missing, marks it (the form says which) and sends nothing. */
  const thenSubmit = (next: () => void) => {
    const missing: Record<string, string> = {};
    for (const t of open) {
      const why = (reasons[t.id] ?? '').trim();
      if (!why) missing[t.id] = FIELD_MSG.required('A reason');
      else if (why.length > CHECKLIST_NOTE_MAX) missing[t.id] = FIELD_MSG.tooLong(CHECKLIST_NOTE_MAX);
    }
    setErrors(missing);
    if (Object.keys(missing).length) {
      document.getElementById(`reason-${Object.keys(missing)[0]}`)?.focus();
      return;
    }
    if (!open.length) return next();
    tick.mutate({ visit, items: open.map((t) => ({ id: t.id, done: false, note: (reasons[t.id] ?? '').trim() })) }, { onSuccess: next });
  };

  const fields = open.length > 0 && (
    <fieldset className="hours-reasons">
      <legend>{C.heading}</legend>
      <p className="muted">{C.reasonHint}</p>
      {open.map((t) => (
        <Field
          key={t.id}
          id={`reason-${t.id}`}
          label={C.reasonLabel(`${t.room}: ${t.task}`)}
          value={reasons[t.id] ?? ''}
          maxLength={CHECKLIST_NOTE_MAX}
          error={errors[t.id]}
          onChange={(e) => setReasons((r) => ({ ...r, [t.id]: e.target.value }))}
        />
      ))}
    </fieldset>
  );
  return { fields, thenSubmit, busy: tick.isPending };
}
