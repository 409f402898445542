// The result line above a public form: sent, kept for later (offline), or failed.
import { MSG } from '@shared/messages';
import type { FormOutcome } from './outcome';

export interface Notice {
  kind: 'success' | 'info' | 'error';
  text: string;
}

/** What to tell the person after a submission that did not fail. */
export function outcomeNotice(outcome: FormOutcome, sentFallback: string): Notice {
  if (outcome.status === 'queued') return { kind: 'info', text: MSG.savedOffline };
  return { kind: 'success', text: outcome.body?.message || sentFallback };
}

/** The live region is always present, so screen readers announce the text when it appears. */
export function FormNotice({ notice }: { notice: Notice | null; }) {
  return (
    <div aria-live="polite" className="form-notice">
      {notice && (
        <div className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </div>
      )}
    </div>
  );
}
