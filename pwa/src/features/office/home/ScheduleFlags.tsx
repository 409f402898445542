// The office home's first things to look at: visits needing cover in the next two weeks (first), and
// bank holidays or closed days ahead with the visits they touch ("3 visits on Mon 3 May"), each with
// its bulk action: move to the next working day, skip (the customer is told), or keep.
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { HolidayDto, ScheduleAnswer } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { addDays } from '@shared/visits';
import { useToast } from '@/components/Toast';
import { errorMessage } from '@/lib/api';
import { officeGet, officeSend, qs } from '../api';
import { scheduleKeys } from '../schedule/api';
import { dayText, today } from '../schedule/dates';

/** The two answers the flags are drawn from (the home waits for them before drawing what sits under them). */
export function useScheduleFlagAnswers() {
  const from = today();
  const to = addDays(from, 13);
  const cover = useQuery({
    queryKey: scheduleKeys.window({ from, to, employee: 'none' }),
    queryFn: () => officeGet<ScheduleAnswer>(`/schedule${qs({ from, to, employee: 'none' })}`),
  });
  const holidays = useQuery({ queryKey: scheduleKeys.holidays, queryFn: () => officeGet<{ holidays: HolidayDto[]; }>('/bank-holidays') });
  // Loading, not merely pending: offline a query waits paused, and the home must not wait with it.
  return { cover, holidays, loading: cover.isLoading || holidays.isLoading };
}

export function ScheduleFlags() {
  const { cover, holidays } = useScheduleFlagAnswers();
  const qc = useQueryClient();
  const toast = useToast();
  const resolve = useMutation({
    mutationFn: ({ date, action }: { date: string; action: string; }) => officeSend<{ message: string; }>('POST', `/bank-holidays/${date}/resolve`, { action }),
    onSuccess: (res) => toast.show(res.message, 'success'),
    onError: (err) => toast.show(errorMessage(err, M.saved), 'error'),
    onSettled: () => void qc.invalidateQueries({ queryKey: scheduleKeys.all }),
  });
  const needs = (cover.data?.visits ?? []).filter((v) => v.needs_cover);
  const flagged = (holidays.data?.holidays ?? []).filter((h) => h.visits > 0);
  return (
    <section className="card sch-home" aria-labelledby="sch-home-title">
      <h2 id="sch-home-title">{M.needsCoverTitle}</h2>
      {needs.length === 0 ? <p className="ofc-muted">{M.needsCoverNone}</p> : (
        <ul>
          {needs.map((v) => (
            <li key={v.id}>
              <Link to={`/office/schedule?view=day&date=${v.date}`}>
                {dayText(v.date)} {v.time} · {v.customer} · {v.outward_code} · {M.stateText.needsCover}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {flagged.length > 0 && (
        <>
          <h2>{M.holidaysTitle}</h2>
          <ul>
            {flagged.map((h) => (
              <li key={h.date} className="sch-home__holiday">
                <Link to={`/office/schedule?view=day&date=${h.date}`}>
                  <strong>{M.holidayFlag(h.visits, dayText(h.date))}</strong> ({h.title})
                </Link>
                <span className="sch-row">
                  {(['move', 'skip', 'keep'] as const).map((action) => (
                    <button
                      key={action}
                      type="button"
                      className="btn btn--ghost"
                      disabled={resolve.isPending}
                      onClick={() => resolve.mutate({ date: h.date, action })}
                      aria-label={`${action === 'move' ? M.resolveMove : action === 'skip' ? M.resolveSkip : M.resolveKeep}: ${dayText(h.date)}`}
                    >
                      {action === 'move' ? M.resolveMove : action === 'skip' ? M.resolveSkip : M.resolveKeep}
                    </button>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <p>
        <Link to="/office/schedule">{M.openSchedule}</Link>
      </p>
    </section>
  );
}
