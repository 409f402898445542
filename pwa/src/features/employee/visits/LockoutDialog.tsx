// "Couldn't get in" (README "Cancellation rule"): the cleaner confirms, with an optional note for the
// office; it goes through the outbox (sent once, offline too). The customer is charged by the
// late-change rule and told once by the server.
import { useState, type FormEvent } from 'react';
import { RecordModal } from '@/components/RecordModal';
import { FormButtons } from '@/components/FormButtons';
import { CHARGE_MSG as C } from '@shared/messages-charges';
import { LOCKOUT_NOTE_MAX, type VisitDto } from '@shared/schemas/visits';
import { formatWhen } from '@shared/when';
import { CLEANER_VISITS_MSG as M } from '@shared/messages-cleaner-visits';

interface Props {
  visit: VisitDto | null;
  busy: boolean;
  onSend: (visit: VisitDto, note: string) => void;
  onClose: () => void;
}

export function LockoutDialog({ visit, busy, onSend, onClose }: Props) {
  return (
    <RecordModal record={visit} title={C.lockoutTitle} onClose={onClose}>
      {(v) => <LockoutForm visit={v} busy={busy} onSend={onSend} onClose={onClose} />}
    </RecordModal>
  );
}

function LockoutForm({ visit, busy, onSend, onClose }: Props & { visit: VisitDto; }) {
  const [note, setNote] = useState('');
  const tooLong = note.trim().length > LOCKOUT_NOTE_MAX;
  function send(e: FormEvent) {
    e.preventDefault();
    if (!tooLong) onSend(visit, note.trim());
  }
  return (
    <form onSubmit={send} noValidate>
      <p>{C.lockoutQuestion(formatWhen(visit.start))}</p>
      <div className="field">
        <label htmlFor="lockout-note">{C.lockoutNote}</label>
        <textarea
          id="lockout-note"
          name="note"
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-invalid={tooLong || undefined}
          aria-describedby={tooLong ? 'lockout-note-error' : undefined}
        />
        {tooLong && (
          <p id="lockout-note-error" className="field__error" role="alert">
            {C.lockoutNoteTooLong(LOCKOUT_NOTE_MAX)}
          </p>
        )}
      </div>
      <FormButtons busy={busy} submitLabel={C.lockoutSend} busyLabel="…" onCancel={onClose} cancelLabel={M.close} danger />
    </form>
  );
}
