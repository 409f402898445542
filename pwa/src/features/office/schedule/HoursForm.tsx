// The plan's estimated hours, from a visit on the schedule: every visit of the plan is drawn that long
// and clashes count it (PATCH /api/admin/plans/{id}). "Use the estimate from the rooms" clears it.
import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleVisit } from '@shared/schemas/schedule';
import { PLAN_HOURS_MAX, PLAN_HOURS_MIN } from '@shared/constants';
import { HOURS_MSG as H } from '@shared/messages-schedule-hours';
import { errorMessage } from '@/lib/api';
import { useToast } from '@/components/Toast';
import { scheduleKeys, setPlanHours } from './api';

export function HoursForm({ v }: { v: ScheduleVisit; }) {
  const [hours, setHours] = useState(String(v.hours));
  const qc = useQueryClient();
  const toast = useToast();
  const save = useMutation({
    mutationFn: (value: number | null) => setPlanHours(v.plan, value),
    onSuccess: (res) => {
      toast.show(res.message, 'success');
      setHours(String(res.plan.hours));
      void qc.invalidateQueries({ queryKey: scheduleKeys.all });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(Number(hours));
  };
  return (
    <form className="sch-form sch-hours-form" onSubmit={submit}>
      <fieldset>
        <legend>{H.legend}</legend>
        <p className="ofc-muted">{v.hours_set ? H.setByOffice : H.fromRooms(v.hours)}</p>
        <div className="sch-row">
          <label>
            {H.hoursLabel}
            <input
              type="number"
              required
              min={PLAN_HOURS_MIN}
              max={PLAN_HOURS_MAX}
              step={0.5}
              inputMode="decimal"
              value={hours}
              onChange={(e) => setHours(e.target.value)}
            />
          </label>
          <button type="submit" className="btn btn--ghost" disabled={save.isPending}>
            {H.saveHours}
          </button>
          {v.hours_set && (
            <button type="button" className="btn btn--ghost" disabled={save.isPending} onClick={() => save.mutate(null)}>
              {H.useRooms}
            </button>
          )}
        </div>
      </fieldset>
      {save.isError && (
        <p className="notice notice--error" role="alert">
          {errorMessage(save.error, H.saveHours)}
        </p>
      )}
    </form>
  );
}
