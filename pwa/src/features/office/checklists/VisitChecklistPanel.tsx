// What was done on one visit, for the office (the schedule's visit dialog): each task ticked or the
// cleaner's reason, and the customer's requests. Read when the dialog opens.
import { useQuery } from '@tanstack/react-query';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import { ErrorNotice } from '../ui';
import { checklistKeys, fetchVisitChecklist } from './api';

export function VisitChecklistPanel({ visitId }: { visitId: string; }) {
  const q = useQuery({ queryKey: checklistKeys.visit(visitId), queryFn: () => fetchVisitChecklist(visitId) });
  if (q.isError) return <ErrorNotice error={q.error} fallback={C.noChecklist} />;
  if (!q.data) return null;
  const { checklist, requests } = q.data;
  return (
    <section className="office-visit-checklist" aria-label={C.officeHeading}>
      <h3>{`${C.officeHeading} · ${C.doneCount(checklist.filter((i) => i.done).length, checklist.length)}`}</h3>
      {requests && (
        <p>
          <strong>{C.requestsHeading}:</strong> {requests}
        </p>
      )}
      {checklist.length === 0 ? <p className="muted">{C.noChecklist}</p> : (
        <ul>
          {checklist.map((i) => (
            <li key={i.id}>
              <span aria-hidden="true">{i.done ? '✓ ' : '✗ '}</span>
              {i.room}: {i.task}
              {i.done ? <span className="visually-hidden">(done)</span> : <span className="muted">{` — ${C.notDone}${i.note ? `: ${i.note}` : ''}`}</span>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
