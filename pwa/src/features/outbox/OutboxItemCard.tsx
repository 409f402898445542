// One outbox item: what it is, where it stands, and what the person can do about it.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { OUTBOX_TEXT } from '@shared/messages';
import type { OutboxItem } from '@/lib/db';
import { canEdit, EditItemForm } from './EditItemForm';

const when = (ms: number) => new Date(ms).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

interface Props {
  item: OutboxItem;
  onRetry: (id: string) => void;
  onDiscard: (item: OutboxItem) => void;
  onEdit: (id: string, json: unknown) => void;
}

export function OutboxItemCard({ item, onRetry, onDiscard, onEdit }: Props) {
  const [editing, setEditing] = useState(false);
  const headingId = `outbox-item-${item.id}`;
  const signInPath = item.auth === 'employee' ? '/employee/login' : '/login';
  return (
    <li className="card outbox-item" aria-labelledby={headingId}>
      <div className="outbox-item__head">
        <h2 id={headingId} className="outbox-item__label">
          {item.label}
        </h2>
        <span className={`badge outbox-state outbox-state--${item.state}`}>{OUTBOX_TEXT.states[item.state]}</span>
      </div>
      <dl className="outbox-item__meta">
        <div>
          <dt className="visually-hidden">Kind</dt>
          <dd>{OUTBOX_TEXT.kinds[item.kind]}</dd>
        </div>
        <div>
          <dt>{OUTBOX_TEXT.created}</dt>
          <dd>{when(item.createdAt)}</dd>
        </div>
        <div>
          <dt>{OUTBOX_TEXT.attempts}</dt>
          <dd>{item.attempts}</dd>
        </div>
        {item.sentAt && (
          <div>
            <dt>{OUTBOX_TEXT.sentAt}</dt>
            <dd>{when(item.sentAt)}</dd>
          </div>
        )}
      </dl>
      {item.lastError && item.state !== 'sent' && (
        <p className={`notice ${item.state === 'failed' ? 'notice--error' : 'notice--info'} outbox-item__error`}>
          <strong>{OUTBOX_TEXT.lastError}:</strong> {item.lastError}
        </p>
      )}
      {editing ? (
        <EditItemForm
          json={item.json}
          onCancel={() => setEditing(false)}
          onSave={(json) => {
            setEditing(false);
            onEdit(item.id, json);
          }}
        />
      ) : (
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
