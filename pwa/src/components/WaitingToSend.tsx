import { useState } from 'react';
import { SHELL_MSG as MSG } from '@shared/messages-shell';
import { useOutboxCount } from '@/lib/outbox/useOutboxCount';
import { SEND_NOW_STATES } from '@/lib/outbox/state';

/** Back online with the person's own items still waiting: how many, and Send now (one replay pass at once). */
export function WaitingToSend() {
  const waiting = useOutboxCount(undefined, SEND_NOW_STATES);
  const [sending, setSending] = useState(false);
  const sendNow = () => {
    setSending(true);
    void import('@/lib/outbox/replay')
      .then((m) => m.replayOutbox({ force: true }))
      .catch(() => {})
      .finally(() => setSending(false));
  };
  if (waiting === 0) return null;
  return (
    <div className="offline-banner offline-banner--waiting" role="status">
      <span>{MSG.waitingToSend(waiting)}</span>{' '}
      <button type="button" className="offline-banner__send" onClick={sendNow} disabled={sending}>
        {sending ? MSG.sending : MSG.sendNow}
      </button>
    </div>
  );
}
