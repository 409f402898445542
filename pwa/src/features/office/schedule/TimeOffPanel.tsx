// Time off waiting for the office: approve (the cleaner's visits inside it need cover) or decline.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { useToast } from '@/components/Toast';
import { errorMessage } from '@/lib/api';
import { decideTimeOff, fetchTimeOff, scheduleKeys } from './api';
import { dayText } from './dates';

export function TimeOffPanel() {
  const list = useQuery({ queryKey: scheduleKeys.timeOff, queryFn: fetchTimeOff });
  const qc = useQueryClient();
  const toast = useToast();
  const decide = useMutation({
    mutationFn: ({ id, approve }: { id: string; approve: boolean; }) => decideTimeOff(id, approve),
    onSuccess: (res) => toast.show(res.message, 'success'),
    onError: (err) => toast.show(errorMessage(err, M.saved), 'error'),
    onSettled: () => void qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
  const rows = list.data?.time_off ?? [];
  return (
    <section className="sch-timeoff card" aria-labelledby="sch-timeoff-title">
      <h2 id="sch-timeoff-title">{M.timeOffTitle}</h2>
      {rows.length === 0 ? <p className="ofc-muted">{M.noTimeOff}</p> : (
        <ul>
          {rows.map((t) => (
            <li key={t.id}>
              <span>
                {M.timeOffRow(t.employee_name, dayText(t.from), dayText(t.to))}
                {t.note && ` — ${t.note}`}
              </span>
              <span className="sch-row">
                <button
                  type="button"
                  className="btn btn--primary"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: t.id, approve: true })}
                  aria-label={`${M.approve}: ${t.employee_name}`}
                >
                  {M.approve}
                </button>
                <button
                  type="button"
                  className="btn btn--ghost"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: t.id, approve: false })}
                  aria-label={`${M.decline}: ${t.employee_name}`}
                >
                  {M.decline}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
