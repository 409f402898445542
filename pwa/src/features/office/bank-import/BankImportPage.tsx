// /office/payments/import: the office uploads the CSV its bank exported; credits quoting a reference of
// ours (or equal to exactly one open balance) are recorded as bank transfers at once, the rest wait here
// to be matched to a customer or dismissed. The same file twice records nothing twice.
import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { LEDGER_MSG as L } from '@shared/messages-ledger';
import { formatPence } from '@shared/pricing';
import { formatDay } from '@shared/when';
import { api, errorMessage } from '@/lib/api';
import { TableHead } from '@/components/TableHead';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeSend, qs } from '../api';
import './bank-import.css';

interface ImportLine {
  n: number;
  date: string;
  description: string;
  amount_pence: number;
  state: 'matched' | 'duplicate' | 'unmatched' | 'dismissed';
  matched_by: string | null;
  customer: { id: string; name: string; } | null;
}
interface ImportAnswer {
  id: string;
  filename: string;
  lines: number;
  matched: number;
  unmatched: number;
  duplicates: number;
  items: ImportLine[];
}
const STATE_WORDS: Record<ImportLine['state'], string> = { matched: 'Matched', duplicate: 'Already recorded', unmatched: 'Waiting', dismissed: 'Dismissed' };
const KEY = (id: string) => ['office', 'bank-import', id] as const;

function MatchCell({ importId, line, onDone }: { importId: string; line: ImportLine; onDone: (text: string, ok: boolean) => void; }) {
  const [q, setQ] = useState('');
  const [busy, setBusy] = useState(false);
  const found = useQuery({
    queryKey: ['office', 'customers', 'pick', q],
    queryFn: () => officeGet<{ customers: { id: string; name: string; email: string; }[]; }>(`/customers${qs({ q, limit: 5 })}`),
    enabled: q.trim().length >= 2,
  });
  const act = async (path: string, json?: unknown) => {
    setBusy(true);
    try {
      await officeSend('POST', `/bank-imports/${importId}/lines/${line.n}/${path}`, json);
      onDone(path === 'match' ? 'Matched.' : 'Dismissed.', true);
    } catch (err) {
      onDone(errorMessage(err, ''), false);
    } finally {
      setBusy(false);
    }
  };
  if (line.state !== 'unmatched') return <span>{line.customer ? line.customer.name : '—'}</span>;
  return (
    <div className="ofc-bank-match">
      <input
        type="search"
        aria-label={`Customer for the credit of ${formatPence(line.amount_pence)} on ${line.date}`}
        placeholder="Find a customer"
        value={q}
        onChange={(e) => setQ(e.target.value)}
      />
      {found.data?.customers.map((c) => (
        <button
          key={c.id}
          type="button"
          className="btn btn--small"
          disabled={busy}
          onClick={() => void act('match', { customer_id: c.id })}
        >
          Match to {c.name} ({c.email})
        </button>
      ))}
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => void act('dismiss')}>
        Dismiss
      </button>
    </div>
  );
}

export default function BankImportPage() {
  usePageTitle('Office · Import a bank statement');
  const [params, setParams] = useSearchParams();
  const id = params.get('import') ?? '';
  const qc = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [note, setNote] = useState<{ text: string; ok: boolean; } | null>(null);
  const [busy, setBusy] = useState(false);
  const shown = useQuery({ queryKey: KEY(id), queryFn: () => officeGet<ImportAnswer>(`/bank-imports/${id}`), enabled: Boolean(id) });

  const upload = async () => {
    if (!file) return setNote({ text: L.fileRequired, ok: false });
    setBusy(true);
    try {
      const form = new FormData();
      form.append('file', file, file.name);
      const r = await api<{ id: string; message: string; }>('/api/admin/bank-imports', { method: 'POST', auth: 'employee', form });
      setNote({ text: r.message, ok: true });
      setParams({ import: r.id });
    } catch (err) {
      setNote({ text: errorMessage(err, ''), ok: false });
    } finally {
      setBusy(false);
    }
  };
  const done = (text: string, ok: boolean) => {
    setNote({ text, ok });
    void qc.invalidateQueries({ queryKey: KEY(id) });
  };

  return (
    <section aria-labelledby="bank-import-title">
      <h1 id="bank-import-title">Import a bank statement</h1>
      <p className="muted">
        Export the statement from your bank as CSV (Starling, Monzo, Barclays, HSBC, Lloyds and most others). Credits quoting a customer's reference are
        recorded as their payments; the rest wait below.
      </p>
      <div className="ofc-bank-upload">
        <label htmlFor="bank-file">Bank statement (CSV, up to 5 MB)</label>
        <input id="bank-file" type="file" accept=".csv,text/csv" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void upload()}>
          Import
        </button>
      </div>
      {note && (
        <p className={note.ok ? 'notice notice--success' : 'notice notice--error'} role={note.ok ? 'status' : 'alert'}>
          {note.text}
        </p>
      )}
      {shown.error && (
        <p className="notice notice--error" role="alert">
          {errorMessage(shown.error, '')}
        </p>
      )}
      {shown.data && (
        <>
          <p>
            {shown.data.filename}: {shown.data.lines} credits · {shown.data.matched} matched · {shown.data.unmatched} waiting · {shown.data.duplicates}{' '}
            already recorded
          </p>
          <div className="ofc-bank-scroll">
            <table className="ofc-table">
              <TableHead columns={['Date', 'Description', { label: 'Amount', className: 'num' }, 'State', 'Customer']} />
              <tbody>
                {shown.data.items.map((l) => (
                  <tr key={l.n}>
                    <td>{formatDay(`${l.date}T12:00:00Z`)}</td>
                    <td className="ofc-bank-desc">{l.description}</td>
                    <td className="num">{formatPence(l.amount_pence)}</td>
                    <td>{STATE_WORDS[l.state]}</td>
                    <td>
                      <MatchCell importId={shown.data!.id} line={l} onDone={done} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
