// "My homes" in the customer's profile: each home with its address and whether photos are taken there,
// Edit, Remove (refused while a live plan is at it: the button says why), and Add a home.
import { useState } from 'react';
import { HOMES_MSG as M } from '@shared/messages-homes';
import { formatPostcode } from '@shared/postcode';
import type { HomeDto } from '@shared/schemas/homes';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { errorMessage } from '@/lib/api';
import { useHomes, useRemoveHome } from '@/lib/homes';
import { HomeForm } from './HomeForm';
import './homes.css';

export function HomesSection() {
  const homes = useHomes(true);
  const remove = useRemoveHome();
  const [editing, setEditing] = useState<HomeDto | 'new' | null>(null);
  const [removing, setRemoving] = useState<HomeDto | null>(null);
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const done = (text: string) => {
    setEditing(null);
    setNotice({ kind: 'success', text });
  };
  return (
    <section className="card homes" aria-labelledby="homes-title">
      <h2 id="homes-title">{M.title}</h2>
      <p className="muted">{M.intro}</p>
      {notice && (
        <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
          {notice.text}
        </p>
      )}
      {homes.data?.length === 0 && <p>{M.none}</p>}
      <ul className="homes__list">
        {homes.data?.map((h) =>
          editing !== 'new' && editing?.id === h.id ?
            (
              <li key={h.id}>
                <HomeForm home={h} onDone={done} onCancel={() => setEditing(null)} />
              </li>
            ) :
            (
              <li key={h.id} className="homes__item">
                <div className="homes__what">
                  <strong>{h.label}</strong>
                  <span>{[h.address, formatPostcode(h.postcode)].filter(Boolean).join(', ')}</span>
                  <span className="muted">{h.photos_allowed ? M.photosOn : M.photosOff}</span>
                </div>
                <div className="homes__buttons">
                  <button type="button" className="btn btn--ghost" onClick={() => setEditing(h)} aria-label={`${M.edit} ${h.label}`}>
                    {M.edit}
                  </button>
                  <button
                    type="button"
                    className="btn btn--ghost"
                    onClick={() => setRemoving(h)}
                    disabled={h.in_use}
                    title={h.in_use ? M.homeInUse : undefined}
                    aria-label={`${M.remove} ${h.label}`}
                  >
                    {M.remove}
                  </button>
                </div>
              </li>
            )
        )}
      </ul>
      {editing === 'new' ?
        <HomeForm onDone={done} onCancel={() => setEditing(null)} /> :
        (
          <button type="button" className="btn btn--primary" onClick={() => setEditing('new')}>
            {M.add}
          </button>
        )}
      <ConfirmDialog
        open={removing !== null}
        title={M.remove}
        question={removing ? M.confirmRemove(removing.label) : ''}
        confirmLabel={M.remove}
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate(removing.id, {
            onSuccess: (r) => done(r.message),
            onError: (err) => setNotice({ kind: 'error', text: errorMessage(err, M.homeInUse) }),
            onSettled: () => setRemoving(null),
          })}
      />
    </section>
  );
}
