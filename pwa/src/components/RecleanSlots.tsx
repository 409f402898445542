// Picking the free re-clean's time: every half hour of the working day (London) from an hour from now
// until the offer runs out (48 h after the low rating), in one list; the caller books the chosen one.
// One form for the customer's sheet and the office's case, so both offer the same times.
import { useId, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { CHANGES_MSG } from '@shared/messages-changes';
import { addDays, londonDate } from '@shared/visits';
import { formatWhen, londonWallTime } from '@shared/when';
import { ApiError } from '@/lib/api';

const FIRST = 8 * 60;
const LAST = 18 * 60;
const STEP = 30;
const LEAD_MS = 3600_000;
const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The wall times ("2026-12-01T09:30") between `now` + an hour and `until`, with how people read them;
 * none on `avoidDay` (the rated visit's own day: a plan has one visit a day).
 */
export function recleanSlots(now: number, until: number, avoidDay?: string): Array<{ value: string; label: string; }> {
  const out: Array<{ value: string; label: string; }> = [];
  for (let day = londonDate(now); day <= londonDate(until); day = addDays(day, 1)) {
    if (day === avoidDay) continue;
    for (let m = FIRST; m <= LAST; m += STEP) {
      const time = `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
      const at = londonWallTime(day, time);
      if (at !== null && at >= now + LEAD_MS && at <= until) out.push({ value: `${day}T${time}`, label: formatWhen(at, now) });
    }
  }
  return out;
}

interface Props {
  /** When the offer runs out (ISO). */
  until: string;
  /** The rated visit's London date: no time that day is offered. */
  avoidDay?: string;
  /** Books the chosen time (a London wall time); a thrown error's message is shown and the form kept. */
  onBook: (start: string) => Promise<void>;
  /** Extra buttons beside Book (a sheet's Not now). */
  children?: ReactNode;
}

export function RecleanSlots({ until, avoidDay, onBook, children }: Props) {
  const slots = useMemo(() => recleanSlots(Date.now(), Date.parse(until), avoidDay), [until, avoidDay]);
  const [start, setStart] = useState(slots[0]?.value ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const id = useId();
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await onBook(start);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : String(err));
    } finally {
      setBusy(false);
    }
  };
  if (!slots.length) return <p>{CHANGES_MSG.recleanNoSlots}</p>;
  return (
    <form className="reclean-slots" onSubmit={(e) => void submit(e)}>
      <p>{CHANGES_MSG.recleanOffer(formatWhen(Date.parse(until)))}</p>
      <div className="field">
        <label htmlFor={id}>{CHANGES_MSG.recleanTimeLabel}</label>
        <select id={id} value={start} onChange={(e) => setStart(e.target.value)} required>
          {slots.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div className="actions">
        {children}
        <button type="submit" className="btn btn--primary" disabled={busy || !start}>
          {CHANGES_MSG.recleanBook}
        </button>
      </div>
    </form>
  );
}
