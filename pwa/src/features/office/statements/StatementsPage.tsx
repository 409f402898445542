// /office/statements: a month's customers, who owes what (paged, most owed first),
// each month marked paid (with an optional payment reference) or unpaid, and the month's CSV for the
// accounts. Month and filter live in the address, so a link shows the same list.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router-dom';
import { STATEMENT_MSG as M } from '@shared/messages-statements';
import type { Paged } from '@shared/schemas/office';
import { STATEMENT_STATUSES, type OfficeStatementRow } from '@shared/schemas/statements';
import { formatPence } from '@shared/pricing';
import { addMonths, formatMonth, monthOfDay } from '@shared/statements';
import { londonDate } from '@shared/visits';
import { errorMessage } from '@/lib/api';
import { TableHead } from '@/components/TableHead';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeSend, qs } from '../api';
import { downloadFile } from '../download';
import { ListHead, PagedList } from '../ListShell';

const KEY = ['office', 'statements'] as const;
type Status = (typeof STATEMENT_STATUSES)[number];

function PaymentCell({ row, month, onDone }: { row: OfficeStatementRow; month: string; onDone: (text: string, ok: boolean) => void; }) {
  const [reference, setReference] = useState('');
  const [busy, setBusy] = useState(false);
  const send = async (paid: boolean) => {
    setBusy(true);
    try {
      const r = await officeSend<{ message: string; }>('PUT', '/statements/payment', {
        customer_id: row.customer.id,
        month,
        paid,
        ...(paid && reference.trim() ? { payment_reference: reference.trim() } : {}),
      });
      onDone(r.message, true);
    } catch (err) {
      onDone(errorMessage(err, ''), false);
    } finally {
      setBusy(false);
    }
  };
  if (row.payment.paid) {
    return (
      <div className="ofc-stm-pay">
        <span>{M.paid(row.payment.payment_reference)}</span>
        <button type="button" className="btn btn--small" disabled={busy} onClick={() => void send(false)}>
          {M.officeMarkUnpaid}
        </button>
      </div>
    );
  }
  return (
    <div className="ofc-stm-pay">
      <input
        aria-label={`${M.officeReference}: ${row.customer.name}`}
        placeholder={M.officeReference}
        maxLength={100}
        value={reference}
        onChange={(e) => setReference(e.target.value)}
      />
      <button type="button" className="btn btn--primary btn--small" disabled={busy || row.total_pence === 0} onClick={() => void send(true)}>
        {M.officeMarkPaid}
      </button>
    </div>
  );
}

export default function OfficeStatementsPage() {
  usePageTitle(`Office · ${M.officeTitle}`);
  const [params, setParams] = useSearchParams();
  const month = params.get('month') ?? addMonths(monthOfDay(londonDate(Date.now())), -1);
  const status = (params.get('status') ?? 'all') as Status;
  const page = Number(params.get('page') ?? '1') || 1;
  const set = (next: Record<string, string>) => setParams({ month, status, ...next });
  const qc = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; text: string; } | null>(null);
  const list = useQuery({
    queryKey: [...KEY, { month, status, page }],
    queryFn: () =>
      officeGet<Paged & { statements: OfficeStatementRow[]; totals: { total_pence: number; owed_pence: number; }; vat_percent: number; }>(
        `/statements${qs({ month, status, page, limit: 25 })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const done = (text: string, ok: boolean) => {
    setNotice({ ok, text });
    void qc.invalidateQueries({ queryKey: KEY });
  };

  return (
    <section>
      <ListHead title={M.officeTitle} intro={M.officeIntro}>
        <button
          type="button"
          className="btn"
          onClick={() =>
            void downloadFile(`/api/admin/statements.csv${qs({ month })}`, `statements-${month}.csv`).catch((err: unknown) =>
              setNotice({ ok: false, text: errorMessage(err, '') })
            )}
        >
          {M.officeExport}
        </button>
        <Link className="btn" to="/office/payments/import">
          Import a bank statement
        </Link>
      </ListHead>
      <div className="ofc-filters">
        <div className="field">
          <label htmlFor="stm-month">{M.monthLabel}</label>
          <input id="stm-month" type="month" value={month} onChange={(e) => e.target.value && set({ month: e.target.value, page: '1' })} />
        </div>
        <div className="field">
          <label htmlFor="stm-status">{M.officeStatus}</label>
          <select id="stm-status" value={status} onChange={(e) => set({ status: e.target.value, page: '1' })}>
            {STATEMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {M.officeStatusWords[s]}
              </option>
            ))}
          </select>
        </div>
      </div>
      {notice && (
        <p className={`notice notice--${notice.ok ? 'success' : 'error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <PagedList
        query={list}
        fallback="Could not load the statements."
        empty={M.officeNone}
        isEmpty={(d) => d.statements.length === 0}
        onPage={(p) => set({ page: String(p) })}
      >
        {(data) => (
          <>
            <p>
              <strong>{formatMonth(month)}</strong> · {M.officeTotal} {formatPence(data.totals.total_pence)} · {M.officeOwed}{' '}
              {formatPence(data.totals.owed_pence)}
            </p>
            <table className="ofc-table">
              <caption className="visually-hidden">{`${M.officeTitle} ${formatMonth(month)}`}</caption>
              <TableHead columns={[M.officeCustomer, M.officeVisits, M.officeCharges, M.officeTotal, M.officeOwed, M.officeState]} />
              <tbody>
                {data.statements.map((r) => (
                  <tr key={r.customer.id}>
                    <td data-label={M.officeCustomer} className="ofc-break">
                      {r.customer.name}
                      <div className="muted">{r.customer.email}</div>
                    </td>
                    <td data-label={M.officeVisits}>
                      {r.counts.done} · {formatPence(r.visits_pence)}
                    </td>
                    <td data-label={M.officeCharges}>{formatPence(r.charges_pence)}</td>
                    <td data-label={M.officeTotal}>{formatPence(r.total_pence)}</td>
                    <td data-label={M.officeOwed}>
                      <strong>{formatPence(r.owed_pence)}</strong>
                    </td>
                    <td data-label={M.officeState}>
                      <PaymentCell row={r} month={month} onDone={done} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </PagedList>
    </section>
  );
}
