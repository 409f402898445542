// /outbox ("Waiting to send"): the person's own submissions still on this device (and public forms
// sent without an account), with their state, last error, Retry, Discard and Send now.
import { usePageTitle } from '@/components/usePageTitle';
import { useEffect, useRef, useState } from 'react';
import { OUTBOX_TEXT } from '@shared/messages';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { useToast } from '@/components/Toast';
import { errorMessage } from '@/lib/api';
import type { OutboxItem } from '@/lib/db';
import { useOnline } from '@/lib/useOnline';
import { discardItem, editItemJson, retryItem } from '@/lib/outbox/store';
import { replayOutbox } from '@/lib/outbox/replay';
import { isStoragePersistent } from '@/lib/outbox/storage';
import { useOutboxItems } from '@/lib/outbox/useOutboxItems';
import { useStorageProblem } from '@/lib/outbox/useStorageProblem';
import { OutboxItemCard } from './OutboxItemCard';
import './OutboxPage.css';

/** Whether the browser promised to keep this site's storage (undefined: it cannot say). */
function usePersistentStorage(): boolean | undefined {
  const [persistent, setPersistent] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void isStoragePersistent().then((p) => live && setPersistent(p));
    return () => {
      live = false;
    };
  }, []);
  return persistent;
}

export default function OutboxPage() {
  usePageTitle('Waiting to send');
  const items = useOutboxItems();
  const online = useOnline();
  const toast = useToast();
  const persistent = usePersistentStorage();
  const problem = useStorageProblem();
  const [toDiscard, setToDiscard] = useState<OutboxItem | null>(null);
  const [sending, setSending] = useState(false);

  // Retry = due now, then a forced replay (one sender at a time; other items keep their order).
  const run = (work: Promise<unknown>) =>
    void work.then(() => (navigator.onLine ? replayOutbox({ force: true }) : undefined)).catch((err) => toast.show(errorMessage(err, String(err)), 'error'));
  // A pass can outlive the page (the person navigates away while it sends): no state update after that.
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  const sendNow = () => {
    setSending(true);
    void replayOutbox({ force: true })
      .catch((err) => toast.show(errorMessage(err, String(err)), 'error'))
      .finally(() => mounted.current && setSending(false));
  };

  const pending = items?.filter((i) => i.state !== 'sent').length ?? 0;

  return (
    <section className="container section outbox-page">
      <h1>{OUTBOX_TEXT.title}</h1>
      <p className="muted">{OUTBOX_TEXT.intro}</p>
      {problem && (
        <p className="notice notice--error" role="alert">
          {OUTBOX_TEXT.storageProblem}
        </p>
      )}
      {/* Only when it matters: the browser refused to keep storage AND something is still waiting in it. */}
      {pending > 0 && persistent === false && (
        <p className="notice notice--error outbox-page__storage" data-persistent="false">
          {OUTBOX_TEXT.storageNotPersistent}
        </p>
      )}
      {!online && <p className="notice notice--info">{OUTBOX_TEXT.offlineHint}</p>}
      {items === null ? <Spinner /> : items.length === 0 ? <p className="card outbox-empty">{OUTBOX_TEXT.empty}</p> : (
        <>
          {pending > 0 && online && (
            <div className="actions outbox-page__top">
              <button type="button" className="btn btn--secondary btn--small" onClick={sendNow} disabled={sending}>
                {sending ? OUTBOX_TEXT.sending : OUTBOX_TEXT.sendNow}
              </button>
            </div>
          )}
          <ul className="outbox-list">
            {items.map((item) => (
              <OutboxItemCard
                key={item.id}
                item={item}
                online={online}
                onRetry={(id) => run(retryItem(id))}
                onDiscard={setToDiscard}
                onEdit={(id, json) => run(editItemJson(id, json))}
              />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={toDiscard !== null}
        title={OUTBOX_TEXT.discardTitle}
        question={OUTBOX_TEXT.discardQuestion}
        detail={toDiscard ? `${toDiscard.kind === 'profile' ? OUTBOX_TEXT.kinds.profile : toDiscard.label} — ${OUTBOX_TEXT.discardDetail}` : undefined}
        confirmLabel={OUTBOX_TEXT.discard}
        danger
        onCancel={() => setToDiscard(null)}
        onConfirm={() => {
          if (toDiscard) void discardItem(toDiscard.id);
          setToDiscard(null);
        }}
      />
    </section>
  );
}
