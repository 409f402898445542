// /employee/time-off: ask the office for time off (from–to, an optional note) and see each request's
// state. Approved time off takes the visits inside it off the cleaner's list (the office covers them).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SCHEDULE_MSG as M } from '@shared/messages-schedule';
import { timeOffSchema } from '@shared/schemas/schedule';
import { formatDay } from '@shared/when';
import { usePageTitle } from '@/components/usePageTitle';
import { errorMessage } from '@/lib/api';
import { askTimeOff, fetchMyTimeOff, timeOffKey } from './api';
import './time-off.css';

const day = (d: string) => formatDay(`${d}T12:00:00Z`);

export default function TimeOffPage() {
  usePageTitle(M.myTimeOff);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState('');
  const qc = useQueryClient();
  const list = useQuery({ queryKey: timeOffKey, queryFn: fetchMyTimeOff });
  const ask = useMutation({
    mutationFn: askTimeOff,
    onSuccess: () => {
      setFrom('');
      setTo('');
      setNote('');
      void qc.invalidateQueries({ queryKey: timeOffKey });
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = timeOffSchema.safeParse({ from, to, ...(note.trim() ? { note } : {}) });
    if (!parsed.success) return setProblem(parsed.error.issues[0]?.message ?? '');
    setProblem('');
    ask.mutate(parsed.data);
  };
  const rows = list.data?.time_off ?? [];
  return (
    <section className="tof">
      <h1>{M.myTimeOff}</h1>
      <form className="card tof-form" onSubmit={submit} noValidate>
        <h2>{M.askTimeOff}</h2>
        <div className="tof-row">
          <label>
            {M.from}
            <input type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
          </label>
          <label>
            {M.to}
            <input type="date" required value={to} onChange={(e) => setTo(e.target.value)} />
          </label>
        </div>
        <label>
          {M.note}
          <input maxLength={500} value={note} onChange={(e) => setNote(e.target.value)} />
        </label>
        {(problem || ask.isError) && (
          <p className="notice notice--error" role="alert">
            {problem || errorMessage(ask.error, M.send)}
          </p>
        )}
        {ask.isSuccess && (
          <p className="notice notice--success" role="status">
            {M.timeOffSent}
          </p>
        )}
        <button type="submit" className="btn btn--primary" disabled={ask.isPending}>
          {M.send}
        </button>
      </form>
      <h2>{M.yourRequests}</h2>
      {rows.length === 0 ? <p>{M.noRequests}</p> : (
        <ul className="tof-list">
          {rows.map((t) => (
            <li key={t.id} className={`card tof-item tof-item--${t.state}`}>
              <span>
                {day(t.from)} – {day(t.to)}
                {t.note && ` · ${t.note}`}
              </span>
              <strong>{M.timeOffState[t.state]}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
