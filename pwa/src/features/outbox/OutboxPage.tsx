// /outbox: every submission still on this device, with its state, last error, Retry and Discard.
import { useState } from 'react';
import { OUTBOX_TEXT } from '../../../../shared/messages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { useToast } from '../../components/Toast';
import { errorMessage } from '../../lib/api';
import type { OutboxItem } from '../../lib/db';
import { useOnline } from '../../lib/useOnline';
import { discardItem, editItemJson, retryItem } from '../../lib/outbox/store';
import { replayOutbox } from '../../lib/outbox/replay';
import { useOutboxItems } from '../../lib/outbox/useOutboxItems';
import { OutboxItemCard } from './OutboxItemCard';
import './OutboxPage.css';

export default function OutboxPage() {
  const items = useOutboxItems();
  const online = useOnline();
  const toast = useToast();
  const [toDiscard, setToDiscard] = useState<OutboxItem | null>(null);

  // Retry = due now, then a forced replay (one sender at a time; other items keep their order).
  const run = (work: Promise<unknown>) =>
    void work.then(() => (navigator.onLine ? replayOutbox({ force: true }) : undefined)).catch((err) => toast.show(errorMessage(err, String(err)), 'error'));

  const pending = items?.filter((i) => i.state !== 'sent').length ?? 0;

  return (
    <section className="container section outbox-page">
      <h1>{OUTBOX_TEXT.title}</h1>
      <p className="muted">{OUTBOX_TEXT.intro}</p>
      {!online && <p className="notice notice--info">{OUTBOX_TEXT.offlineHint}</p>}
      {items === null ? (
        <Spinner />
      ) : items.length === 0 ? (
        <p className="card outbox-empty">{OUTBOX_TEXT.empty}</p>
      ) : (
        <>
          {pending > 0 && online && (
            <div className="actions outbox-page__top">
              <button type="button" className="btn btn--secondary btn--small" onClick={() => run(Promise.resolve())}>
                {OUTBOX_TEXT.sendNow}
              </button>
            </div>
          )}
          <ul className="outbox-list">
            {items.map((item) => (
              <OutboxItemCard key={item.id} item={item} onRetry={(id) => run(retryItem(id))} onDiscard={setToDiscard} onEdit={(id, json) => run(editItemJson(id, json))} />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={toDiscard !== null}
        title={OUTBOX_TEXT.discardTitle}
        question={OUTBOX_TEXT.discardQuestion}
        detail={toDiscard ? `${toDiscard.label} — ${OUTBOX_TEXT.discardDetail}` : undefined}
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
