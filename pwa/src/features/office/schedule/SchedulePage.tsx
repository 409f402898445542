// /office/schedule: the week (rows: cleaners, columns: days) or one day (visits placed by time), an
// Unassigned lane on top with needs cover first. The address holds ?view=&date=&employee=&area=&show=
// (Back works, links can be shared). On a phone the week shows one cleaner at a time and the day one
// list per cleaner. Time-off requests wait beside it.
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ScheduleVisit } from '@shared/schemas/schedule';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { addDays } from '@shared/visits';
import { Spinner } from '@/components/Spinner';
import { UpdatedAgo } from '@/components/UpdatedAgo';
import { usePageTitle } from '@/components/usePageTitle';
import { ErrorNotice } from '../ui';
import { useUrlFilters } from '../useUrlFilters';
import { fetchSchedule, scheduleKeys } from './api';
import { DAY, dayText, daysFrom, mondayOf, today } from './dates';
import { DayView } from './DayView';
import { TimeOffPanel } from './TimeOffPanel';
import { VisitDialog } from './VisitDialog';
import { lanesOf, WeekList, WeekTable } from './WeekView';
import './schedule.css';

const NARROW = '(max-width: 768px)';
const subscribe = (cb: () => void) => {
  const mq = window.matchMedia(NARROW);
  mq.addEventListener('change', cb);
  return () => mq.removeEventListener('change', cb);
};
const useNarrow = () => useSyncExternalStore(subscribe, () => window.matchMedia(NARROW).matches, () => false);

export default function SchedulePage() {
  usePageTitle(`Office · ${M.title}`);
  const [sp, set] = useUrlFilters();
  const view = sp.get('view') === 'day' ? 'day' : 'week';
  const date = DAY.test(sp.get('date') ?? '') ? sp.get('date')! : today();
  const employee = /^[a-f0-9]{24}$/.test(sp.get('employee') ?? '') ? sp.get('employee')! : '';
  const area = /^[A-Z]{1,2}$/i.test(sp.get('area') ?? '') ? sp.get('area')!.toUpperCase() : '';
  const narrow = useNarrow();
  const from = view === 'week' ? mondayOf(date) : date;
  const to = view === 'week' ? addDays(from, 6) : date;
  const params = { from, to, employee: employee || undefined, area: area || undefined };
  const q = useQuery({
    queryKey: scheduleKeys.window(params),
    queryFn: async () => {
      const answer = await fetchSchedule(params);
      performance.mark('schedule-answer');
      return answer;
    },
    placeholderData: keepPreviousData,
  });
  const data = q.data;
  const lanes = useMemo(() => (data ? lanesOf(data) : null), [data]);
  const [openVisit, setOpenVisit] = useState<ScheduleVisit | null>(null);
  const days = daysFrom(from, view === 'week' ? 7 : 1);
  const step = view === 'week' ? 7 : 1;
  const show = sp.get('show') ?? '';
  // A phone's week starts on the Unassigned lane (what needs the office first), then one cleaner at a time.
  const row = data?.cleaners.findIndex((c) => c.id === show) ?? -1;

  useEffect(() => {
    if (!data) return;
    // Painted: the frame after React committed this answer.
    const id = requestAnimationFrame(() => performance.mark('schedule-painted'));
    return () => cancelAnimationFrame(id);
  }, [data]);

  return (
    <section className="sch">
      <div className="ofc-head">
        <h1>{M.title}</h1>
        <div className="sch-row" role="group" aria-label={M.title}>
          <button type="button" className="btn btn--ghost" aria-pressed={view === 'week'} onClick={() => set({ view: undefined })}>
            {M.week}
          </button>
          <button type="button" className="btn btn--ghost" aria-pressed={view === 'day'} onClick={() => set({ view: 'day' })}>
            {M.day}
          </button>
        </div>
      </div>
      <UpdatedAgo query={q} />
      <div className="ofc-filters">
        <button type="button" className="btn btn--ghost" onClick={() => set({ date: addDays(date, -step) })}>
          {M.previous}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => set({ date: undefined })}>
          {M.today}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => set({ date: addDays(date, step) })}>
          {M.next}
        </button>
        <label>
          {M.date}
          <input type="date" value={date} onChange={(e) => DAY.test(e.target.value) && set({ date: e.target.value })} />
        </label>
        <label>
          {M.cleaner}
          <select value={employee} onChange={(e) => set({ employee: e.target.value || undefined })}>
            <option value="">{M.allCleaners}</option>
            {(data?.cleaners ?? []).map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          {M.area}
          <input value={area} maxLength={2} size={4} placeholder={M.allAreas} onChange={(e) => set({ area: e.target.value.trim() || undefined }, true)} />
        </label>
        {/* Drawn before the answer too (disabled): appearing with it, it wrapped the filters onto a new row and pushed the week down. */}
        {narrow && view === 'week' && (
          <label>
            {M.showCleaner}
            <select value={row === -1 ? 'none' : (data?.cleaners[row]?.id ?? '')} disabled={!data} onChange={(e) => set({ show: e.target.value })}>
              <option value="none">{M.unassigned}</option>
              {(data?.cleaners ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </label>
        )}
      </div>
      <h2 className="sch-range">{view === 'week' ? `${dayText(from)} – ${dayText(to)}` : dayText(from)}</h2>
      {q.isError && <ErrorNotice error={q.error} fallback={M.loading} />}
      {!data || !lanes ?
        <Spinner label={M.loading} /> :
        view === 'day' ?
        <DayView data={data} day={from} lanes={lanes} narrow={narrow} onOpen={setOpenVisit} /> :
        narrow ?
        <WeekList data={data} days={days} lanes={lanes} onOpen={setOpenVisit} row={row} /> :
        <WeekTable data={data} days={days} lanes={lanes} onOpen={setOpenVisit} />}
      {/* Under the week once it is drawn: under the spinner, the week's arrival pushed it down the screen. */}
      {(data || q.isError) && <TimeOffPanel />}
      {openVisit && data && <VisitDialog v={openVisit} data={data} onClose={() => setOpenVisit(null)} />}
    </section>
  );
}
