// "Report a problem" from the visit card (shared/README.md "Problems"): what happened, a note and
// photos, offline too (the outbox sends the report, then its photos, each once). The visit's problems
// already reported, and those waiting to send, are listed above it.
import { useId, useState, type FormEvent } from 'react';
import type { VisitDto } from '@shared/schemas/visits';
import { PHOTO_MSG, PROBLEM_KIND_LABEL, PROBLEM_MSG as M } from '@shared/messages-photos';
import { PROBLEM_KINDS, PROBLEM_NOTE_MAX, type ProblemKind } from '@shared/schemas/photos';
import { errorMessage } from '@/lib/api';
import { useQueued } from '@/lib/outbox/useQueued';
import { reportProblem } from './photos-api';
import { onTheDay } from './on-the-day';
import './records.css';

export function ProblemList({ visit }: { visit: VisitDto; }) {
  const waiting = useQueued('visit-problem', { visitId: visit.id });
  if (!visit.problems?.length && !waiting.length) return null;
  return (
    <ul className="visit-problems">
      {visit.problems?.map((p) => (
        <li key={p.id} className={`visit-problems__item visit-problems__item--${p.state}`}>
          <strong>{PROBLEM_KIND_LABEL[p.kind]}</strong>
          {p.note && `: ${p.note}`}
          {p.state === 'resolved' && <span className="muted">· {p.resolve_note}</span>}
        </li>
      ))}
      {waiting.map((w) => (
        <li key={w.id} className="visit-problems__item visit-problems__item--waiting">
          <strong>{PROBLEM_KIND_LABEL[w.meta.kind as ProblemKind]}</strong> · {M.queued}
        </li>
      ))}
    </ul>
  );
}

export function ReportProblem({ visit }: { visit: VisitDto; }) {
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<ProblemKind>('broken');
  const [note, setNote] = useState('');
  const [room, setRoom] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState('');
  const [error, setError] = useState('');
  const id = useId();
  if (!onTheDay(visit)) return <ProblemList visit={visit} />;
  const tooLong = note.trim().length > PROBLEM_NOTE_MAX;

  async function send(e: FormEvent) {
    e.preventDefault();
    if (tooLong || busy) return;
    setBusy(true);
    setError('');
    try {
      const out = await reportProblem(visit, kind, note.trim(), visit.photos_allowed === false ? [] : photos, room.trim());
      setSaid(out.status === 'sent' ? M.reported : M.queued);
      setOpen(false);
      setNote('');
      setRoom('');
      setPhotos([]);
    } catch (err) {
      setError(errorMessage(err, M.notSent));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="visit-report" aria-label={M.problemsTitle}>
      <ProblemList visit={visit} />
      {said && <p className="visit-report__said" role="status">{said}</p>}
      {!open
        ? (
          <button type="button" className="btn btn--secondary visit-report__open" onClick={() => (setOpen(true), setSaid(''))}>
            {M.reportTitle}
          </button>
        )
        : (
          <form className="visit-report__form" onSubmit={send} noValidate>
            <div className="field">
              <label htmlFor={`${id}-kind`}>{M.kindLabel}</label>
              <select id={`${id}-kind`} value={kind} onChange={(e) => setKind(e.target.value as ProblemKind)}>
                {PROBLEM_KINDS.map((k) => <option key={k} value={k}>{PROBLEM_KIND_LABEL[k]}</option>)}
              </select>
            </div>
            <div className="field">
              <label htmlFor={`${id}-note`}>{M.noteLabel}</label>
              <textarea id={`${id}-note`} rows={3} value={note} onChange={(e) => setNote(e.target.value)} aria-invalid={tooLong || undefined} />
            </div>
            {visit.photos_allowed !== false && (
              <>
                <div className="field">
                  <label htmlFor={`${id}-room`}>{PHOTO_MSG.room}</label>
                  <input id={`${id}-room`} value={room} maxLength={60} onChange={(e) => setRoom(e.target.value)} />
                </div>
                <div className="field">
                  <label htmlFor={`${id}-photos`}>{M.addPhotos}</label>
                  <input
                    id={`${id}-photos`}
                    type="file"
                    accept="image/*"
                    capture="environment"
                    multiple
                    onChange={(e) => setPhotos([...(e.target.files ?? [])])}
                  />
                  {photos.length > 0 && <p className="muted">{photos.length === 1 ? '1 photo' : `${photos.length} photos`}</p>}
                </div>
              </>
            )}
            {error && <p className="field__error" role="alert">{error}</p>}
            <div className="visit-report__buttons">
              <button type="submit" className="btn btn--primary" disabled={busy}>{M.send}</button>
              <button type="button" className="btn btn--secondary" onClick={() => setOpen(false)}>Cancel</button>
            </div>
          </form>
        )}
    </section>
  );
}
