// One inbox item: everything the form sent, the CV (downloaded with the staff token), a reply by
// e-mail with the subject filled in, the office's note, and Mark handled / Mark as new.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { replySubject, type InboxUpdate } from '@shared/schemas/inbox';
import { OFFICE_MSG } from '@shared/messages-office';
import { formatWhen } from '@shared/when';
import type { AuditEntry } from '@shared/schemas/office';
import { downloadFile } from '../download';
import { officeGet, officeKeys, qs } from '../api';
import { AuditList } from '../AuditList';
import { DetailHead, Email } from '../ui';
import { fetchInboxItem, inboxKeys, updateInboxItem } from './api';
import { KIND_LABEL } from './labels';
import { RecleanCase } from './RecleanCase';

const kb = (bytes: number) => (bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`);

export default function InboxItemPage() {
  const { kind = '', id = '' } = useParams();
  const qc = useQueryClient();
  const item = useQuery({ queryKey: inboxKeys.item(kind, id), queryFn: () => fetchInboxItem(kind, id) });
  // The office's actions on this message (status and note changes), from the audit log.
  const auditParams = { type: 'message', target: id, limit: 50 };
  const audit = useQuery({
    queryKey: officeKeys.audit(auditParams),
    queryFn: () => officeGet<{ entries: AuditEntry[]; }>(`/audit${qs(auditParams)}`).then((r) => r.entries),
  });
  usePageTitle(item.data ? `${item.data.name} · Inbox` : 'Inbox · Office');
  const [note, setNote] = useState('');
  const [notice, setNotice] = useState<{ ok: boolean; text: string; } | null>(null);
  const [downloading, setDownloading] = useState(false);
  useEffect(() => setNote(item.data?.note ?? ''), [item.data?.note]);
  // Opening it took it off the menu's badge (the server marks it opened): the badge asks again.
  const opened = Boolean(item.data);
  useEffect(() => {
    if (opened) void qc.invalidateQueries({ queryKey: inboxKeys.counts });
  }, [opened, qc]);

  const save = useMutation({
    mutationFn: (change: InboxUpdate) => updateInboxItem(kind, id, change),
    onSuccess: (res) => {
      qc.setQueryData(inboxKeys.item(kind, id), res.item);
      void qc.invalidateQueries({ queryKey: inboxKeys.lists });
      void qc.invalidateQueries({ queryKey: inboxKeys.counts });
      void qc.invalidateQueries({ queryKey: officeKeys.audit(auditParams) });
      setNotice({ ok: true, text: res.message });
    },
    onError: (err) => setNotice({ ok: false, text: errorMessage(err, OFFICE_MSG.inboxSaveFailed) }),
  });

  if (item.isPending) return <Spinner />;
  if (item.isError) {
    return (
      <section>
        <p className="notice notice--error" role="alert">
          {errorMessage(item.error, OFFICE_MSG.inboxItemNotFound)}
        </p>
        <Link to="/office/inbox">Back to the inbox</Link>
      </section>
    );
  }
  const i = item.data;
  const mailto = `mailto:${encodeURIComponent(i.email)}?subject=${encodeURIComponent(replySubject(i))}`;
  const downloadCv = async () => {
    if (!i.cv) return;
    setDownloading(true);
    try {
      await downloadFile(i.cv.url, i.cv.original_name);
    } catch (err) {
      setNotice({ ok: false, text: errorMessage(err, OFFICE_MSG.cvDownloadFailed) });
    } finally {
      setDownloading(false);
    }
  };
  const handled = i.status === 'handled';

  return (
    <section className="ofc-detail">
      <DetailHead back="/office/inbox" backLabel="Inbox" title={i.name}>
        <span className={`ofc-pill ofc-pill--${i.status}`}>{handled ? 'Handled' : 'New'}</span>
      </DetailHead>
      {notice && (
        <p className={`notice ${notice.ok ? 'notice--success' : 'notice--error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <div className="card ofc-section">
        <h2>
          {KIND_LABEL[i.kind]}: {i.subject}
        </h2>
        <dl>
          <dt>Received</dt>
          <dd>{formatWhen(i.created_at)}</dd>
          <dt>E-mail</dt>
          <dd>
            <Email value={i.email} />
          </dd>
          {i.phone && (
            <>
              <dt>Phone</dt>
              <dd>
                <a href={`tel:${i.phone.replace(/[^\d+]/g, '')}`}>{i.phone}</a>
              </dd>
            </>
          )}
          {i.fields.map((f) => (
            <div key={f.label} style={{ display: 'contents' }}>
              <dt>{f.label}</dt>
              <dd className="ofc-pre">{f.value}</dd>
            </div>
          ))}
          {i.kind === 'career' && (
            <>
              <dt>CV</dt>
              <dd>{i.cv ? `${i.cv.original_name} (${kb(i.cv.size)})` : 'None sent'}</dd>
            </>
          )}
          {handled && i.handled_at && (
            <>
              <dt>Handled</dt>
              <dd>
                {formatWhen(i.handled_at)}
                {i.handled_by?.name ? ` by ${i.handled_by.name}` : ''}
              </dd>
            </>
          )}
        </dl>
        <div className="ofc-actions" style={{ marginTop: '1rem' }}>
          <a className="btn btn--primary" href={mailto}>
            Reply by e-mail
          </a>
          {i.cv && (
            <button type="button" className="btn btn--secondary" onClick={() => void downloadCv()} disabled={downloading}>
              {downloading ? 'Downloading…' : 'Download CV'}
            </button>
          )}
          <button type="button" className="btn btn--ghost" disabled={save.isPending} onClick={() => save.mutate({ status: handled ? 'new' : 'handled' })}>
            {i.kind === 'reclean' ? (handled ? 'Reopen the case' : 'Close the case') : handled ? 'Mark as new' : 'Mark handled'}
          </button>
        </div>
      </div>
      {i.reclean && (
        <RecleanCase
          reclean={i.reclean}
          onBooked={(text) => {
            setNotice({ ok: true, text });
            void qc.invalidateQueries({ queryKey: inboxKeys.item(kind, id) });
          }}
        />
      )}
      <form
        className="card ofc-section"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ note });
        }}
      >
        <h2>
          <label htmlFor="inbox-note">Office note</label>
        </h2>
        <textarea
          id="inbox-note"
          rows={3}
          maxLength={2000}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          placeholder="e.g. Called back on Monday, quote sent"
        />
        <div className="ofc-actions" style={{ marginTop: '0.5rem' }}>
          <button type="submit" className="btn btn--secondary" disabled={save.isPending || note === (i.note ?? '')}>
            Save note
          </button>
        </div>
      </form>
      <div className="card ofc-section">
        <h2>Office actions on this message</h2>
        {audit.isPending
          ? <Spinner />
          : audit.isError
          ? <p className="ofc-muted">{errorMessage(audit.error, 'Could not load the history.')}</p>
          : <AuditList entries={audit.data} />}
      </div>
    </section>
  );
}
