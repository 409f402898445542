// /visit-link?token=…: a notice's signed link, signed out — Skip this visit, Move this visit (a new
// date and time) or Rate your clean (stars and a comment). The server says what the link may do; a
// used, expired, changed or tampered link gets its clear message and a way to My Bookings.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { Field } from '@/components/Field';
import { RatingForm } from '@/components/RatingForm';
import { ApiError } from '@/lib/api';
import { REMINDER_MSG } from '@shared/messages-reminders';
import type { VisitLinkView } from '@shared/schemas/reminders';
import { readLink, sendLink } from './api';
import './visit-link.css';

type Purpose = VisitLinkView['purpose'];
type State = { step: 'loading'; } | { step: 'ready'; view: VisitLinkView; } | { step: 'done' | 'refused'; message: string; purpose: Purpose; };

/** Half-hour times a move may choose, 07:00–20:00 (London). */
const TIMES = Array.from({ length: 27 }, (_, i) => `${String(7 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);

const failure = (err: unknown, purpose: Purpose): State => ({
  step: 'refused',
  purpose,
  message: err instanceof ApiError && err.serverMessage ? err.serverMessage : REMINDER_MSG.linkInvalid,
});

export default function VisitLinkPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<State>({ step: 'loading' });
  const purpose = state.step === 'ready' ? state.view.purpose : state.step === 'loading' ? null : state.purpose;
  const title = purpose ? REMINDER_MSG.linkTitle[purpose] : REMINDER_MSG.linkTitleAny;
  usePageTitle(title);

  useEffect(() => {
    if (!token) return setState({ step: 'refused', purpose: null, message: REMINDER_MSG.linkInvalid });
    readLink(token)
      .then((view) => setState(view.status === 'ok' ? { step: 'ready', view } : { step: 'refused', purpose: view.purpose, message: view.message }))
      .catch((err: unknown) => setState(failure(err, null)));
  }, [token]);

  const act = async (body: Parameters<typeof sendLink>[1]) => {
    try {
      const r = await sendLink(token, body);
      setState({ step: 'done', purpose, message: r.message });
    } catch (err) {
      // A refused choice (a day already taken, a time in the past) keeps the form: the link was not used up.
      if (err instanceof ApiError && (err.status === 400 || (err.status === 409 && purpose === 'move'))) throw err;
      setState(failure(err, purpose));
    }
  };

  return (
    <section className="container section">
      <div className="card visit-link">
        <h1>{title}</h1>
        {state.step === 'loading' && <p role="status">{REMINDER_MSG.linkLoading}</p>}
        {state.step === 'ready' && <Ready view={state.view} act={act} />}
        {(state.step === 'done' || state.step === 'refused') && (
          <>
            <p role={state.step === 'refused' ? 'alert' : 'status'} className={state.step === 'refused' ? 'notice notice--error' : 'notice notice--success'}>
              {state.message}
            </p>
            <Link className="btn btn--secondary" to="/orders">
              {REMINDER_MSG.linkOrders}
            </Link>
          </>
        )}
      </div>
    </section>
  );
}

function Ready({ view, act }: { view: VisitLinkView; act: (body: { start?: string; stars?: number; comment?: string; }) => Promise<void>; }) {
  const v = view.visit!;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [date, setDate] = useState(v.day);
  const [time, setTime] = useState(v.start.slice(11, 16));

  const submit = async (e: FormEvent, body: Parameters<typeof act>[0]) => {
    e.preventDefault();
    setBusy(true);
    setError('');
    try {
      await act(body);
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : String(err));
    } finally {
      setBusy(false);
    }
  };

  const facts = (
    <p className="visit-link__facts">
      {REMINDER_MSG.linkVisit(v.when, v.cleaner_first_name, v.address)}
      {view.purpose !== 'rate' && <>{REMINDER_MSG.linkCutoff(v.cutoff)}</>}
    </p>
  );
  const problem = error && (
    <p role="alert" className="notice notice--error">
      {error}
    </p>
  );

  if (view.purpose === 'skip') {
    return (
      <form onSubmit={(e) => void submit(e, {})}>
        {facts}
        {problem}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {REMINDER_MSG.linkSkipButton}
        </button>
      </form>
    );
  }
  if (view.purpose === 'move') {
    return (
      <form onSubmit={(e) => void submit(e, { start: `${date}T${time}` })}>
        {facts}
        <div className="visit-link__row">
          <Field label={REMINDER_MSG.linkMoveDate} type="date" required value={date} onChange={(e) => setDate(e.target.value)} />
          <div className="field">
            <label htmlFor="move-time">{REMINDER_MSG.linkMoveTime}</label>
            <select id="move-time" value={time} onChange={(e) => setTime(e.target.value)}>
              {(TIMES.includes(time) ? TIMES : [time, ...TIMES]).map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </select>
          </div>
        </div>
        {problem}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {REMINDER_MSG.linkMoveButton}
        </button>
      </form>
    );
  }
  // The same form as My Bookings' "Rate this clean"; a refusal it cannot correct ends on the page's state.
  return <RatingForm facts={facts} onSubmit={act} />;
}
