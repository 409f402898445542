// Rating one clean: 1–5 stars and an optional comment. One form for the signed link of the rating
// request (/visit-link) and My Bookings' "Rate this clean", so both ask the same way; the caller sends.
import { useState, type FormEvent, type ReactNode } from 'react';
import { TextArea } from '@/components/Field';
import { ApiError } from '@/lib/api';
import { REMINDER_MSG } from '@shared/messages-reminders';
import { RATING_COMMENT_MAX } from '@shared/schemas/reminders';
import './rating-form.css';

export interface RatingValue {
  stars: number;
  comment?: string;
}

interface Props {
  /** What is rated (the visit's date, cleaner and place), above the stars. */
  facts?: ReactNode;
  /** Sends the rating; a thrown error's message is shown and the form kept. */
  onSubmit: (value: RatingValue) => Promise<void>;
  /** Extra buttons beside Send (e.g. a dialog's Not now). */
  children?: ReactNode;
}

export function RatingForm({ facts, onSubmit, children }: Props) {
  const [stars, setStars] = useState(0);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!stars) return setError(REMINDER_MSG.rateChoose);
    setBusy(true);
    setError('');
    try {
      await onSubmit({ stars, comment: comment.trim() || undefined });
    } catch (err) {
      setError(err instanceof ApiError && err.serverMessage ? err.serverMessage : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      {facts}
      <fieldset className="stars">
        <legend>{REMINDER_MSG.rateStars}</legend>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className={n <= stars ? 'is-on' : undefined} title={REMINDER_MSG.rateStar(n)}>
            <input type="radio" name="stars" value={n} checked={stars === n} onChange={() => setStars(n)} aria-label={REMINDER_MSG.rateStar(n)} />
            <span aria-hidden="true">★</span>
          </label>
        ))}
      </fieldset>
      <TextArea label={REMINDER_MSG.rateComment} maxLength={RATING_COMMENT_MAX} rows={4} value={comment} onChange={(e) => setComment(e.target.value)} />
      {error && (
        <p role="alert" className="notice notice--error">
          {error}
        </p>
      )}
      <div className={children ? 'actions' : undefined}>
        {children}
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {REMINDER_MSG.rateButton}
        </button>
      </div>
    </form>
  );
}
