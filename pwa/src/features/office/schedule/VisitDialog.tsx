// Acting on one visit: move it, give it another cleaner (assign, for an unassigned one), or cancel it
// with a reason — this visit or this and following — through PATCH /api/admin/visits/{id} with the
// version the schedule showed (changed meanwhile → the 409's message). A clash with the cleaner's
// other visits in view is warned before saving; "Save anyway" saves. Below it, the plan's estimated hours.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleAnswer, ScheduleVisit } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { clashesWith, type Timed } from '@shared/schedule';
import { Modal } from '@/components/Modal';
import { OfficeVisitPhotos } from '../problems/OfficeVisitPhotos';
import { errorMessage } from '@/lib/api';
import { useToast } from '@/components/Toast';
import { patchVisit, scheduleKeys, type VisitChange } from './api';
import { dayText } from './dates';
import { flagsOf, stateOf } from './VisitCard';
import { HoursForm } from './HoursForm';
import { VisitChecklistPanel } from '../checklists/VisitChecklistPanel';

type Action = 'move' | 'cleaner' | 'cancel';
const timed = (v: ScheduleVisit): Timed => ({ id: v.id, cleaner: v.cleaner, d: v.date, t: v.time, h: v.hours });

export function VisitDialog({ v, data, onClose }: { v: ScheduleVisit; data: ScheduleAnswer; onClose: () => void; }) {
  const open = v.cleaner === -1;
  const [action, setAction] = useState<Action>(open ? 'cleaner' : 'move');
  const [date, setDate] = useState(v.date);
  const [time, setTime] = useState(v.time);
  const [cleaner, setCleaner] = useState('');
  const [reason, setReason] = useState('');
  const [scope, setScope] = useState<'this' | 'following'>('this');
  const [warned, setWarned] = useState('');
  const qc = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (change: VisitChange) => patchVisit(v.id, change),
    onSuccess: (res) => {
      toast.show(res.message || M.saved, 'success');
      void qc.invalidateQueries({ queryKey: scheduleKeys.all });
      onClose();
    },
    onSettled: () => void qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });

  const candidate = (): Timed | null => {
    if (action === 'move') return { ...timed(v), d: date, t: time };
    if (action === 'cleaner' && cleaner) return { ...timed(v), cleaner: data.cleaners.findIndex((c) => c.id === cleaner) };
    return null;
  };
  const clashText = () => {
    const c = candidate();
    if (!c) return '';
    const others = data.visits.filter((o) => o.state === 'scheduled' || o.state === 'completed').map(timed);
    const hits = clashesWith(c, others);
    return hits.map((h) => `${data.visits.find((o) => o.id === h.id)?.customer ?? ''} (${dayText(h.d)} ${h.t})`).join(', ');
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const clash = clashText();
    if (clash && warned !== clash) {
      setWarned(clash);
      return;
    }
    const base = { scope, version: v.version };
    if (action === 'move') save.mutate({ ...base, start: `${date}T${time}` });
    else if (action === 'cleaner') save.mutate({ ...base, employee_id: cleaner });
    else save.mutate({ ...base, state: 'cancelled', reason });
  };
  const state = stateOf(v);
  const title = `${v.customer}, ${dayText(v.date)} ${v.time}`;
  return (
    <Modal open title={title} onClose={onClose}>
      <p>
        {v.outward_code} · {M.hours(v.hours)} · {[M.stateText[state], ...flagsOf(v)].join(' · ')}
      </p>
      <form className="sch-form" onSubmit={submit}>
        <fieldset>
          <legend>{M.act}</legend>
          {(['move', 'cleaner', 'cancel'] as Action[]).map((a) => (
            <label key={a} className="sch-radio">
              <input type="radio" name="action" value={a} checked={action === a} onChange={() => (setAction(a), setWarned(''))} />
              {a === 'move' ? M.move : a === 'cleaner' ? (open ? M.assign : M.changeCleaner) : M.cancelVisit}
            </label>
          ))}
        </fieldset>
        {action === 'move' && (
          <div className="sch-row">
            <label>
              {M.newDate}
              <input type="date" required value={date} onChange={(e) => (setDate(e.target.value), setWarned(''))} />
            </label>
            <label>
              {M.newTime}
              <input type="time" required value={time} onChange={(e) => (setTime(e.target.value), setWarned(''))} />
            </label>
          </div>
        )}
        {action === 'cleaner' && (
          <label>
            {M.cleaner}
            <select required value={cleaner} onChange={(e) => (setCleaner(e.target.value), setWarned(''))}>
              <option value="">{M.pickCleaner}</option>
              {data.cleaners.map((c, i) =>
                i === v.cleaner ? null : (
                  <option key={c.id} value={c.id}>
                    {c.name}
                  </option>
                )
              )}
            </select>
          </label>
        )}
        {action === 'cancel' && (
          <label>
            {M.reason}
            <input required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
          </label>
        )}
        {!v.one_time && (
          <fieldset>
            <legend>{M.scopeLegend}</legend>
            <label className="sch-radio">
              <input type="radio" name="scope" value="this" checked={scope === 'this'} onChange={() => setScope('this')} />
              {M.scopeThis}
            </label>
            <label className="sch-radio">
              <input type="radio" name="scope" value="following" checked={scope === 'following'} onChange={() => setScope('following')} />
              {M.scopeFollowing}
            </label>
          </fieldset>
        )}
        {warned && (
          <p className="notice sch-warn" role="alert">
            {M.clashWarning(warned)}
          </p>
        )}
        {save.isError && (
          <p className="notice notice--error" role="alert">
            {errorMessage(save.error, M.saved)}
          </p>
        )}
        <div className="sch-row">
          <button type="submit" className="btn btn--primary" disabled={save.isPending}>
            {warned ? M.saveAnyway : M.save}
          </button>
          <button type="button" className="btn btn--ghost" onClick={onClose}>
            {M.close}
          </button>
        </div>
      </form>
      <VisitChecklistPanel visitId={v.id} />
      <HoursForm v={v} />
      <OfficeVisitPhotos visitId={v.id} />
    </Modal>
  );
}
