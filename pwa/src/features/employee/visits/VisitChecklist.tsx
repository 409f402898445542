// The visit card's checklist: the customer's requests, then each room's tasks to tick, offline too (the
// ticks wait in the outbox and show at once). A task left undone gets its reason in the hours form.
import { useId, useState } from 'react';
import type { VisitDto } from '@shared/schemas/visits';
import type { ChecklistItem } from '@shared/checklists';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import { useTick, useVisitChecklist } from './checklistApi';
import './checklist.css';

/** Tasks by room, in order. */
export function byRoom(items: readonly ChecklistItem[]): Array<[string, ChecklistItem[]]> {
  const rooms = new Map<string, ChecklistItem[]>();
  for (const i of items) rooms.set(i.room, [...(rooms.get(i.room) ?? []), i]);
  return [...rooms];
}

export function VisitChecklist({ visit }: { visit: VisitDto; }) {
  const { items: saved, waiting } = useVisitChecklist(visit);
  const tick = useTick();
  const headingId = useId();
  // A tick shows at once; once stored (queued or sent) the outbox or the list says it, and this goes.
  const [shown, setShown] = useState<Record<string, boolean>>({});
  const items = saved.map((i) => (i.id in shown ? { ...i, done: shown[i.id] } : i));
  const onTick = (id: string, done: boolean) => {
    setShown((s) => ({ ...s, [id]: done }));
    // Each call's own promise (a mutate callback fires for the latest call only); errors are told by useTick.
    void tick.mutateAsync({ visit, items: [{ id, done }] }).catch(() => undefined).finally(() =>
      setShown((s) => {
        const rest = { ...s };
        if (rest[id] === done) delete rest[id];
        return rest;
      })
    );
  };
  if (!items.length && !visit.requests) return null;
  const open = visit.state === 'scheduled' && visit.work_hours === undefined;
  const done = items.filter((i) => i.done).length;
  return (
    <section className="visit-checklist" aria-labelledby={headingId}>
      <h5 id={headingId} className="visit-checklist__title">
        {C.heading} <span className="visit-checklist__count">{C.doneCount(done, items.length)}</span>
      </h5>
      {visit.requests && (
        <p className="visit-checklist__requests">
          <strong>{C.requestsHeading}:</strong> {visit.requests}
        </p>
      )}
      {byRoom(items).map(([room, tasks]) => (
        <fieldset key={room} className="visit-checklist__room">
          <legend>{room}</legend>
          {tasks.map((t) => (
            <div key={t.id} className="visit-checklist__task">
              <label className={t.done ? 'is-done' : undefined}>
                <input
                  type="checkbox"
                  checked={t.done}
                  disabled={!open}
                  onChange={(e) => onTick(t.id, e.target.checked)}
                />
                <span>{t.task}</span>
              </label>
              {!t.done && t.note && <p className="visit-checklist__note">{C.notDone}: {t.note}</p>}
            </div>
          ))}
        </fieldset>
      ))}
      {waiting > 0 && <p className="visit-card__work visit-card__work--waiting">{C.ticksWaiting(waiting)}</p>}
    </section>
  );
}
