import { useState } from 'react';
import { SHELL_MSG as MSG } from '@shared/messages-shell';
import { useOnline } from '../lib/useOnline';
import { useOutboxCount } from '../lib/outbox/useOutboxCount';
import { SEND_NOW_STATES } from '@/lib/outbox/state';
import { useStorageProblem } from '../lib/outbox/useStorageProblem';
import './OfflineBanner.css';

/**
 * A small bar: while offline, what the person sees comes from the device; back online with their own
 * items still waiting, how many and a Send now button (one replay pass at once); and, always, when the
 * device's storage failed even after reopening it — never a silent loss.
 */
export function OfflineBanner() {
  const online = useOnline();
  const waiting = useOutboxCount(undefined, SEND_NOW_STATES);
  const problem = useStorageProblem();
  const [sending, setSending] = useState(false);
  const sendNow = () => {
    setSending(true);
    void import('../lib/outbox/replay')
      .then((m) => m.replayOutbox({ force: true }))
      .catch(() => {})
      .finally(() => setSending(false));
  };
  return (
    <>
      {problem && (
        <div className="offline-banner offline-banner--error" role="alert">
          {MSG.storageProblem}
        </div>
      )}
      {!online ? (
        <div className="offline-banner" role="status">
          {MSG.offlineBanner}
        </div>
      ) : (
        waiting > 0 && (
          <div className="offline-banner offline-banner--waiting" role="status">
            <span>{MSG.waitingToSend(waiting)}</span>{' '}
            <button type="button" className="offline-banner__send" onClick={sendNow} disabled={sending}>
              {sending ? MSG.sending : MSG.sendNow}
            </button>
          </div>
        )
      )}
    </>
  );
}
