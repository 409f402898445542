// /office/data-requests: copies of data made and accounts closed (by whom, when), a copy
// for someone who asks by e-mail (a customer or an applicant), and erasing an applicant.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { DATA_RIGHTS_MSG as M } from '@shared/messages-data-rights';
import { DATA_SUBJECT_KINDS, type DataRequestRow } from '@shared/schemas/data-rights';
import type { Paged } from '@shared/schemas/office';
import { formatWhen } from '@shared/when';
import { api, apiBlob, errorMessage } from '@/lib/api';
import { TableHead } from '@/components/TableHead';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, qs } from '../api';
import { fileNameOf } from '../download';
import { ListHead, PagedList } from '../ListShell';
import './data-requests.css';

const KEY = ['office', 'data-requests'] as const;

function who(r: DataRequestRow): string {
  if (r.by.type === 'self') return M.byThemselves;
  return r.by.name ?? r.by.type;
}

export default function DataRequestsPage() {
  usePageTitle(`Office · ${M.officeTitle}`);
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const list = useQuery({
    queryKey: [...KEY, { page }],
    queryFn: () => officeGet<Paged & { requests: DataRequestRow[]; }>(`/data-requests${qs({ page, limit: 25 })}`),
    placeholderData: keepPreviousData,
  });
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState<(typeof DATA_SUBJECT_KINDS)[number]>('customer');
  const [notice, setNotice] = useState<{ kind: 'success' | 'error'; text: string; } | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (work: () => Promise<string>) => {
    setBusy(true);
    setNotice(null);
    try {
      setNotice({ kind: 'success', text: await work() });
      await qc.invalidateQueries({ queryKey: KEY });
    } catch (err) {
      setNotice({ kind: 'error', text: errorMessage(err, M.notFound) });
    } finally {
      setBusy(false);
    }
  };
  const exportCopy = () =>
    run(async () => {
      const { blob, headers } = await apiBlob('/api/admin/data-requests/export', { method: 'POST', auth: 'employee', json: { email, kind } });
      const url = URL.createObjectURL(blob);
      const a = document.createElement('a');
      a.href = url;
      a.download = fileNameOf(headers.get('Content-Disposition'), 'data.zip');
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 0);
      return M.downloaded;
    });
  const erase = () => {
    if (!window.confirm(M.officeEraseConfirm)) return;
    void run(async () =>
      (await api<{ message: string; }>('/api/admin/data-requests/erase-applicant', { method: 'POST', auth: 'employee', json: { email } })).message
    );
  };

  return (
    <section>
      <ListHead title={M.officeTitle} intro={M.officeIntro} />
      <form
        className="card ofc-section ofc-data-form"
        onSubmit={(e) => {
          e.preventDefault();
          void exportCopy();
        }}
      >
        <h2>{M.officeExportTitle}</h2>
        <div className="field">
          <label htmlFor="dr-email">{M.officeEmailLabel}</label>
          <input id="dr-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor="dr-kind">{M.officeKindLabel}</label>
          <select id="dr-kind" value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
            {DATA_SUBJECT_KINDS.map((k) => (
              <option key={k} value={k}>
                {M.officeKinds[k]}
              </option>
            ))}
          </select>
        </div>
        {notice && (
          <p className={`notice notice--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </p>
        )}
        <div className="actions ofc-data-form__actions">
          <button type="submit" className="btn btn--primary" disabled={busy || !email}>
            {M.officeExportButton}
          </button>
          <button type="button" className="btn btn--danger" disabled={busy || !email || kind !== 'applicant'} onClick={erase} title={M.officeEraseTitle}>
            {M.officeEraseButton}
          </button>
        </div>
      </form>
      <PagedList query={list} fallback="Could not load the data requests." empty={M.officeEmpty} isEmpty={(d) => d.requests.length === 0} onPage={setPage}>
        {(data) => (
          <table className="ofc-table">
            <caption className="visually-hidden">{M.officeTitle}</caption>
            <TableHead columns={[M.officeColumns.at, M.officeColumns.kind, M.officeColumns.subject, M.officeColumns.by]} />
            <tbody>
              {data.requests.map((r) => (
                <tr key={r.id}>
                  <td data-label={M.officeColumns.at}>{formatWhen(r.at)}</td>
                  <td data-label={M.officeColumns.kind}>
                    {M.kinds[r.kind] ?? r.kind}
                    {r.state && r.state !== 'downloaded' ? ` (${r.state})` : ''}
                  </td>
                  <td data-label={M.officeColumns.subject} className="ofc-break">
                    {M.subjectTypes[r.subject.type] ?? r.subject.type}
                    {r.subject.label ? ` · ${r.subject.label}` : ''}
                  </td>
                  <td data-label={M.officeColumns.by}>{who(r)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}
