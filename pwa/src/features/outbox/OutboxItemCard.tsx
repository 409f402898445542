// One outbox item: what it is, where it stands, and what the person can do about it.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG, OUTBOX_TEXT } from '@shared/messages';
import type { OutboxItem } from '@/lib/db';
import { canEdit, EditItemForm } from './EditItemForm';

const when = (ms: number) => new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** What the person reads about an unsent item: never a count of attempts or a raw network error. */
function statusLine(item: OutboxItem, online: boolean): { text: string; error: boolean; } | null {
  if (item.state === 'failed') return { text: `${OUTBOX_TEXT.refused} ${item.lastError ?? ''}`.trim(), error: true };
  if (item.state === 'needs-sign-in') return { text: item.lastError === MSG.signInAsOwner ? MSG.signInAsOwner : OUTBOX_TEXT.signInAgain, error: false };
  if (item.state === 'queued' && item.attempts > 0) return { text: online ? OUTBOX_TEXT.notSentOnline : OUTBOX_TEXT.notSentOffline, error: false };
  return null;
}

/** The item's name; the profile item by one name, whatever label an older version stored. */
const itemLabel = (item: OutboxItem) => (item.kind === 'profile' ? OUTBOX_TEXT.kinds.profile : item.label);

interface Props {
  item: OutboxItem;
  online: boolean;
  onRetry: (id: string) => void;
  onDiscard: (item: OutboxItem) => void;
  onEdit: (id: string, json: unknown) => void;
}

export function OutboxItemCard({ item, online, onRetry, onDiscard, onEdit }: Props) {
  const [editing, setEditing] = useState(false);
  const headingId = `outbox-item-${item.id}`;
  const status = statusLine(item, online);
  const label = itemLabel(item);
  const signInPath = item.auth === 'employee' ? '/employee/login' : '/login';
  return (
    <li className="card outbox-item" aria-labelledby={headingId}>
      <div className="outbox-item__head">
        <h2 id={headingId} className="outbox-item__label">
          {label}
        </h2>
        <span className={`badge outbox-state outbox-state--${item.state}`}>{OUTBOX_TEXT.states[item.state]}</span>
      </div>
      <dl className="outbox-item__meta">
        {OUTBOX_TEXT.kinds[item.kind] !== label && (
          <div>
            <dt className="visually-hidden">Kind</dt>
            <dd>{OUTBOX_TEXT.kinds[item.kind]}</dd>
          </div>
        )}
        <div>
          <dt>{OUTBOX_TEXT.created}</dt>
          <dd>{when(item.createdAt)}</dd>
        </div>
        {item.sentAt && (
          <div>
            <dt>{OUTBOX_TEXT.sentAt}</dt>
            <dd>{when(item.sentAt)}</dd>
          </div>
        )}
      </dl>
      {status && <p className={`notice ${status.error ? 'notice--error' : 'notice--info'} outbox-item__error`}>{status.text}</p>}
      {editing ?
        (
          <EditItemForm
            json={item.json}
            onCancel={() => setEditing(false)}
            onSave={(json) => {
              setEditing(false);
              onEdit(item.id, json);
            }}
          />
        ) :
        (
          item.state !== 'sent' && (
            <div className="actions">
              {item.state === 'needs-sign-in' && (
                <Link className="btn btn--secondary btn--small" to={signInPath}>
                  {OUTBOX_TEXT.signIn}
                </Link>
              )}
              {item.state === 'failed' && canEdit(item.json) && (
                <button type="button" className="btn btn--ghost btn--small" onClick={() => setEditing(true)}>
                  {OUTBOX_TEXT.edit}
                </button>
              )}
              <button type="button" className="btn btn--ghost btn--small" onClick={() => onDiscard(item)} disabled={item.state === 'sending'}>
                {OUTBOX_TEXT.discard}
              </button>
              <button type="button" className="btn btn--primary btn--small" onClick={() => onRetry(item.id)} disabled={item.state === 'sending'}>
                {OUTBOX_TEXT.retry}
              </button>
            </div>
          )
        )}
    </li>
  );
}
