// One visit's record for its customer: what was done (each task ticked, or the cleaner's reason), and
// before the change cut-off their requests for it ("Please do the oven this time"), saved online.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage } from '@/lib/api';
import { userKeys, userPaths } from '@/lib/queryKeys';
import { useForm } from '@/lib/form/useForm';
import { TextArea } from '@/components/Field';
import { changeCutoff } from '@shared/visits';
import { formatWhen } from '@shared/when';
import { VISIT_REQUESTS_MAX } from '@shared/checklists';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import { visitRequestsSchema } from '@shared/schemas/checklists';
import type { VisitDto } from '@shared/schemas/visits';
import './visit-record.css';

/** `cutoff`: the change cut-off time (the plan's answer); without it requests are not offered (past visits). */
export function VisitRecord({ visit, cutoff, now = Date.now() }: { visit: VisitDto; cutoff?: string; now?: number; }) {
  const items = visit.checklist ?? [];
  const ticked = items.some((i) => i.done || i.note);
  const closesAt = cutoff && visit.state === 'scheduled' ? changeCutoff(Date.parse(visit.start), cutoff) : 0;
  const canAsk = closesAt > now;
  if (!ticked && !canAsk && !visit.requests) return null;
  return (
    <div className="visit-record">
      {ticked && (
        <details>
          <summary>{`${C.whatWasDone} (${C.doneCount(items.filter((i) => i.done).length, items.length)})`}</summary>
          <ul className="visit-record__tasks">
            {items.map((i) => (
              <li key={i.id}>
                <span aria-hidden="true">{i.done ? '✓' : '✗'}</span> {i.room}: {i.task}
                {!i.done && <span className="muted">{` — ${C.notDone}${i.note ? `: ${i.note}` : ''}`}</span>}
                <span className="visually-hidden">{i.done ? ' (done)' : ''}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      {canAsk ? <RequestsForm visit={visit} until={formatWhen(closesAt)} /> : visit.requests && (
        <p className="visit-record__requests">
          <strong>{C.requestsLabel}:</strong> {visit.requests}
        </p>
      )}
    </div>
  );
}

function RequestsForm({ visit, until }: { visit: VisitDto; until: string; }) {
  const qc = useQueryClient();
  const [saved, setSaved] = useState('');
  const save = useMutation({
    mutationFn: (text: string) => api<{ message: string; }>(userPaths.visit(visit.id, 'requests'), { method: 'PUT', auth: 'customer', json: { text } }),
    onSuccess: (res) => {
      setSaved(res.message);
      void qc.invalidateQueries({ queryKey: userKeys.bookings });
      void qc.invalidateQueries({ queryKey: userKeys.visits });
    },
  });
  const form = useForm({
    initial: { text: visit.requests ?? '' },
    schema: visitRequestsSchema,
    onSubmit: (data) => save.mutateAsync(data.text).catch(() => undefined),
  });
  return (
    <form ref={form.formRef} className="visit-record__form" onSubmit={form.submit} noValidate>
      <TextArea
        label={C.requestsLabel}
        hint={C.requestsHint(until)}
        name="text"
        rows={2}
        maxLength={VISIT_REQUESTS_MAX}
        value={form.values.text}
        error={form.errors.text}
        onChange={(e) => (setSaved(''), form.set('text')(e))}
      />
      <div className="visit-record__actions">
        <button type="submit" className="btn btn--secondary btn--compact" disabled={form.pending}>{C.requestsSave}</button>
        <span role="status" className="muted">{saved}</span>
      </div>
      {save.isError && <p className="notice notice--error" role="alert">{errorMessage(save.error, C.requestsNotScheduled)}</p>}
    </form>
  );
}
