// Office → Checklists: the rooms and tasks each visit of a cleaning type gets, in order. Until the
// office first saves a type, the editor shows our suggested set and visits get none. A save names the
// version it was loaded from, so two editors at once cannot undo each other (the loser is told).
import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHECKLIST_TYPES, CHECKLIST_TASK_MAX, CHECKLIST_ROOM_MAX } from '@shared/checklists';
import { CHECKLIST_MSG as C } from '@shared/messages-checklists';
import { checklistTemplateSchema, type ChecklistTemplateDto } from '@shared/schemas/checklists';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { useForm } from '@/lib/form/useForm';
import { ErrorNotice, Notice, when } from '../ui';
import { checklistKeys, fetchTemplate, saveTemplate, stopTemplate } from './api';
import './checklists.css';

type Rooms = ChecklistTemplateDto['rooms'];

export default function ChecklistsPage() {
  usePageTitle(C.title);
  const [type, setType] = useState<string>(CHECKLIST_TYPES[0]);
  // Kept here: a save's answer is a new version, and the editor starts afresh from it.
  const [done, setDone] = useState('');
  const q = useQuery({ queryKey: checklistKeys.template(type), queryFn: () => fetchTemplate(type) });
  return (
    <section className="office-checklists">
      <h1>{C.title}</h1>
      <p className="muted">{C.intro}</p>
      <div className="office-checklists__types" role="group" aria-label="Cleaning type">
        {CHECKLIST_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            className={`btn ${t === type ? 'btn--primary' : 'btn--ghost'}`}
            aria-pressed={t === type}
            onClick={() => (setType(t), setDone(''))}
          >
            {C.typeLabel[t] ?? t}
          </button>
        ))}
      </div>
      {q.isPending ?
        <Spinner /> :
        q.isError ?
        <ErrorNotice error={q.error} fallback={C.changedMeanwhile} /> :
        <Editor key={`${type}-${q.data.version}`} template={q.data} done={done} setDone={setDone} />}
    </section>
  );
}

function Editor({ template, done, setDone }: { template: ChecklistTemplateDto; done: string; setDone: (text: string) => void; }) {
  const qc = useQueryClient();
  const type = template.cleaning_type;
  const label = C.typeLabel[type] ?? type;
  const answered = (res: { message: string; checklist: ChecklistTemplateDto; }) => {
    setDone(res.message);
    qc.setQueryData(checklistKeys.template(type), res.checklist);
  };
  const save = useMutation({ mutationFn: (input: { rooms: Rooms; based_on: number; }) => saveTemplate(type, input), onSuccess: answered });
  const stop = useMutation({ mutationFn: () => stopTemplate(type), onSuccess: answered });
  const form = useForm({
    initial: { rooms: template.rooms },
    schema: checklistTemplateSchema,
    toInput: (v) => ({ rooms: v.rooms, based_on: template.version }),
    onSubmit: (data) => save.mutateAsync(data).catch(() => undefined),
  });
  const rooms = form.values.rooms;
  const setRooms = (next: Rooms) => (setDone(''), form.setValue('rooms', next));
  const move = <T,>(list: T[], i: number, by: number): T[] => {
    const next = [...list];
    const [x] = next.splice(i, 1);
    next.splice(i + by, 0, x);
    return next;
  };
  const setRoom = (r: number, room: Rooms[number]) => setRooms(rooms.map((x, i) => (i === r ? room : x)));
  const formError = Object.entries(form.errors).find(([k]) => k === 'rooms' || k === '')?.[1];

  return (
    <form ref={form.formRef} className="checklist-editor" onSubmit={form.submit} noValidate>
      <p className={template.in_use ? 'muted' : 'notice notice--info'}>{template.in_use ? C.inUse(when(template.saved_at ?? undefined)) : C.notInUse}</p>
      {rooms.map((room, r) => {
        const roomLabel = room.room || `${C.room} ${r + 1}`;
        return (
          <fieldset key={r} className="checklist-editor__room">
            <legend>{roomLabel}</legend>
            <div className="checklist-editor__row">
              <label className="checklist-editor__grow">
                <span className="visually-hidden">{`${C.room} ${r + 1}`}</span>
                <input
                  value={room.room}
                  maxLength={CHECKLIST_ROOM_MAX}
                  aria-invalid={Boolean(form.errors[`rooms.${r}.room`])}
                  onChange={(e) => setRoom(r, { ...room, room: e.target.value })}
                />
              </label>
              <button
                type="button"
                className="btn btn--ghost btn--compact"
                aria-label={C.moveUp(roomLabel)}
                disabled={r === 0}
                onClick={() => setRooms(move(rooms, r, -1))}
              >
                ↑
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--compact"
                aria-label={C.moveDown(roomLabel)}
                disabled={r === rooms.length - 1}
                onClick={() => setRooms(move(rooms, r, 1))}
              >
                ↓
              </button>
              <button
                type="button"
                className="btn btn--ghost btn--compact"
                aria-label={C.removeRoom(room.room)}
                onClick={() => setRooms(rooms.filter((_, i) => i !== r))}
              >
                ✕
              </button>
            </div>
            {form.errors[`rooms.${r}.room`] && <p className="field-error">{form.errors[`rooms.${r}.room`]}</p>}
            <ol className="checklist-editor__tasks">
              {room.tasks.map((t, k) => {
                const err = form.errors[`rooms.${r}.tasks.${k}.task`];
                const tasks = (next: typeof room.tasks) => setRoom(r, { ...room, tasks: next });
                return (
                  <li key={t.id ?? `new-${k}`}>
                    <div className="checklist-editor__row">
                      <label className="checklist-editor__grow">
                        <span className="visually-hidden">{`${roomLabel}: ${C.task} ${k + 1}`}</span>
                        <input
                          value={t.task}
                          maxLength={CHECKLIST_TASK_MAX}
                          aria-invalid={Boolean(err)}
                          onChange={(e) => tasks(room.tasks.map((x, i) => (i === k ? { ...x, task: e.target.value } : x)))}
                        />
                      </label>
                      <button
                        type="button"
                        className="btn btn--ghost btn--compact"
                        aria-label={C.moveUp(t.task)}
                        disabled={k === 0}
                        onClick={() => tasks(move(room.tasks, k, -1))}
                      >
                        ↑
                      </button>
                      <button
                        type="button"
                        className="btn btn--ghost btn--compact"
                        aria-label={C.removeTask(t.task)}
                        onClick={() => tasks(room.tasks.filter((_, i) => i !== k))}
                      >
                        ✕
                      </button>
                    </div>
                    {err && <p className="field-error">{err}</p>}
                  </li>
                );
              })}
            </ol>
            <button type="button" className="btn btn--ghost btn--compact" onClick={() => setRoom(r, { ...room, tasks: [...room.tasks, { task: '' }] })}>
              {`+ ${C.addTask}`}
            </button>
          </fieldset>
        );
      })}
      <button type="button" className="btn btn--secondary" onClick={() => setRooms([...rooms, { room: '', tasks: [{ task: '' }] }])}>
        {`+ ${C.addRoom}`}
      </button>
      {formError && <Notice kind="error">{formError}</Notice>}
      {(save.isError || stop.isError) && <ErrorNotice error={save.error ?? stop.error} fallback={C.changedMeanwhile} />}
      {done && <Notice kind="success">{done}</Notice>}
      <div className="actions">
        <button type="submit" className="btn btn--primary" disabled={form.pending}>
          {`${C.save} (${label})`}
        </button>
        {template.in_use && (
          <button type="button" className="btn btn--ghost" disabled={stop.isPending} onClick={() => stop.mutate()}>
            {C.stop}
          </button>
        )}
      </div>
    </form>
  );
}
