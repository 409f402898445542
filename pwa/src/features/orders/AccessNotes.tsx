// "Access and notes for your cleaner": the plan's access notes, saved through the outbox like every
// plan change (offline it waits to send). Only the visit's own cleaner reads them.
import { useId, useState, type FormEvent } from 'react';
import { PLAN_MSG } from '@shared/messages-plans';
import { ACCESS_NOTES_MAX, accessNotesSchema } from '@shared/schemas/plan-notes';
import { errorMessage } from '@/lib/api';
import { TextArea } from '@/components/Field';
import { sendPlanChange } from './plans-api';

const M = PLAN_MSG;

export function AccessNotes({ bookingId, saved, waiting }: { bookingId: string; saved: string; waiting: boolean; }) {
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | undefined>();
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const countId = useId();

  async function save(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const parsed = accessNotesSchema.safeParse({ access_notes: text });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    setBusy(true);
    try {
      const out = await sendPlanChange({ action: 'access-notes', bookingId, notes: parsed.data.access_notes });
      setNotice(out.status === 'sent' ? M.accessNotesSaved : null);
    } catch (err) {
      setError(errorMessage(err, M.refusedHint));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="plan-notes" onSubmit={(e) => void save(e)} noValidate>
      <TextArea
        label={M.notesLabel}
        name="access_notes"
        rows={3}
        maxLength={ACCESS_NOTES_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={error}
        hint={
          <>
            {M.notesHint} <span id={countId}>{M.notesCount(text.trim().length, ACCESS_NOTES_MAX)}</span>
          </>
        }
      />
      {notice && (
        <p className="notice notice--success" role="status">
          {notice}
        </p>
      )}
      {waiting && !notice && <p className="muted">{M.waiting}: {M.waitingHint}</p>}
      <button type="submit" className="btn btn--secondary" disabled={busy || text.trim() === saved.trim()}>
        {M.notesSave}
      </button>
    </form>
  );
}
