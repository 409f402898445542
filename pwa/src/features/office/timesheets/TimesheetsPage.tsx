// Timesheets: the period's work submissions, each approved or queried back to its cleaner; totals per
// cleaner; and the payroll CSV. Filters live in the address (?from=&to=&status=&employee=&page=).
import { useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { errorMessage } from '@/lib/api';
import { useForm } from '@/lib/form/useForm';
import { TIMESHEET_STATUSES, timesheetQueryMessageSchema, type Timesheet, type TimesheetStatus } from '@shared/schemas/timesheets';
import { OFFICE_MSG } from '@shared/messages-office';
import { formatDay, formatWhen } from '@shared/when';
import { formatPostcode } from '@shared/postcode';
import { downloadFile } from '../download';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import { approve, csvPath, fetchTimesheets, query, timesheetKeys, TIMESHEET_PAGE_SIZE, type TimesheetParams } from './api';
import { TotalsTable } from './TotalsTable';
import { Email, Pager } from '../ui';
import { useUrlFilters } from '../useUrlFilters';
import { TableHead } from '@/components/TableHead';

const STATUS_LABEL: Record<TimesheetStatus, string> = { submitted: 'Waiting', queried: 'Queried', approved: 'Approved' };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

function paramsOf(sp: URLSearchParams): TimesheetParams {
  const s = sp.get('status');
  return {
    from: DAY.test(sp.get('from') ?? '') ? sp.get('from')! : undefined,
    to: DAY.test(sp.get('to') ?? '') ? sp.get('to')! : undefined,
    status: (TIMESHEET_STATUSES as readonly string[]).includes(s ?? '') ? (s as TimesheetStatus) : undefined,
    employee: /^[a-f0-9]{24}$/i.test(sp.get('employee') ?? '') ? sp.get('employee')! : undefined,
    page: Math.max(1, Number(sp.get('page')) || 1),
  };
}

function Row({ t, onDone }: { t: Timesheet; onDone: (text: string, ok: boolean) => void; }) {
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const done = (res: { message: string; }) => {
    void qc.invalidateQueries({ queryKey: timesheetKeys.all });
    setAsking(false);
    onDone(res.message, true);
  };
  const fail = (err: unknown) => onDone(errorMessage(err, OFFICE_MSG.timesheetActionFailed), false);
  // A visit's row (a plan's later visit) is reviewed by its own id.
  const rowId = t.visit_id ?? t.booking_id;
  const ok = useMutation({ mutationFn: () => approve(rowId), onSuccess: done, onError: fail });
  const ask = useMutation({ mutationFn: (message: string) => query(rowId, message), onSuccess: done, onError: fail });
  const question = useForm({ initial: { message: '' }, schema: timesheetQueryMessageSchema, onSubmit: (data) => ask.mutate(data.message) });
  const message = question.values.message;
  const qid = `q-${rowId}`;
  const who = `${t.employee.name}, ${formatDay(t.submitted_at)}`;
  return (
    <tr>
      <td data-label="Submitted">
        <div>{formatWhen(t.submitted_at)}</div>
      </td>
      <td data-label="Cleaner">
        <div>
          {t.employee.name}
          <div className="ofc-muted">
            <Email value={t.employee.email} />
          </div>
        </div>
      </td>
      <td data-label="Job">
        <div>
          {t.reference ? `${t.reference} · ` : ''}
          {t.customer_name}
          <div className="ofc-muted">{formatPostcode(t.postcode)}</div>
        </div>
      </td>
      <td data-label="Hours">
        <div>
          <strong>{t.work_hours}</strong>
        </div>
      </td>
      <td data-label="Notes" className="ofc-pre">
        <div>
          {t.completion_notes || '—'}
          {t.query && (
            <div className="ofc-query">
              Office asked: “{t.query.message}”{t.query.answered_at ? ` · answered ${formatWhen(t.query.answered_at)}` : ''}
            </div>
          )}
        </div>
      </td>
      <td data-label="Status">
        <div>
          <span className={`ofc-pill ofc-pill--${t.status}`}>{STATUS_LABEL[t.status]}</span>
        </div>
      </td>
      <td data-label="Actions">
        <div>
          {t.status !== 'approved' && (
            <div className="ofc-actions">
              <button
                type="button"
                className="btn btn--small btn--primary"
                disabled={ok.isPending}
                onClick={() => ok.mutate()}
                aria-label={`Approve ${t.work_hours} hours of ${who}`}
              >
                Approve
              </button>
              <button
                type="button"
                className="btn btn--small btn--ghost"
                aria-expanded={asking}
                onClick={() => setAsking(!asking)}
                aria-label={`Query the hours of ${who}`}
              >
                Query
              </button>
            </div>
          )}
          {asking && (
            <form ref={question.formRef} className="ofc-query-form" onSubmit={question.submit}>
              <label htmlFor={qid}>Message to {t.employee.name}</label>
              <textarea
                id={qid}
                rows={3}
                maxLength={1000}
                required
                value={message}
                onChange={question.set('message')}
                aria-invalid={Boolean(question.errors.message)}
                aria-describedby={question.errors.message ? `${qid}-error` : undefined}
              />
              {question.errors.message && (
                <small id={`${qid}-error`} className="field__error" role="alert">
                  {question.errors.message}
                </small>
              )}
              <button type="submit" className="btn btn--small btn--secondary" disabled={ask.isPending || !message.trim()}>
                Send question
              </button>
            </form>
          )}
        </div>
      </td>
    </tr>
  );
}

export default function TimesheetsPage() {
  usePageTitle('Timesheets · Office');
  const [sp, set] = useUrlFilters();
  const params = paramsOf(sp);
  const [notice, setNotice] = useState<{ ok: boolean; text: string; } | null>(null);
  const [exporting, setExporting] = useState(false);
  const list = useQuery({ queryKey: timesheetKeys.list(params), queryFn: () => fetchTimesheets(params), placeholderData: keepPreviousData });
  const exportCsv = async (part?: 'totals') => {
    setExporting(true);
    try {
      const period = list.data ? { from: list.data.from, to: list.data.to } : {};
      await downloadFile(csvPath({ ...params, ...period }, part), part ? 'timesheets-totals.csv' : 'timesheets.csv');
    } catch (err) {
      setNotice({ ok: false, text: errorMessage(err, OFFICE_MSG.csvFailed) });
    } finally {
      setExporting(false);
    }
  };
  const total = list.data?.total ?? 0;

  return (
    <section>
      <div className="ofc-head">
        <h1>Timesheets</h1>
        <button type="button" className="btn btn--secondary" onClick={() => void exportCsv()} disabled={exporting}>
          {exporting ? 'Exporting…' : 'Export CSV'}
        </button>
        <button type="button" className="btn btn--ghost" onClick={() => void exportCsv('totals')} disabled={exporting}>
          {PAYROLL_MSG.exportTotals}
        </button>
      </div>
      <div className="ofc-filters">
        <label>
          From
          <input type="date" value={params.from ?? list.data?.from ?? ''} onChange={(e) => set({ from: e.target.value || undefined })} />
        </label>
        <label>
          To
          <input type="date" value={params.to ?? list.data?.to ?? ''} onChange={(e) => set({ to: e.target.value || undefined })} />
        </label>
        <label>
          Status
          <select value={params.status ?? ''} onChange={(e) => set({ status: e.target.value || undefined })}>
            <option value="">All</option>
            {TIMESHEET_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
        </label>
        {params.employee && (
          <button type="button" className="btn btn--ghost" onClick={() => set({ employee: undefined })}>
            Show every cleaner
          </button>
        )}
      </div>
      {notice && (
        <p className={`notice ${notice.ok ? 'notice--success' : 'notice--error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      {list.isPending ? <Spinner /> : list.isError ?
        (
          <p className="notice notice--error" role="alert">
            {errorMessage(list.error, OFFICE_MSG.timesheetsLoadFailed)}
          </p>
        ) :
        (
          <>
            <TotalsTable totals={list.data.totals} onPick={(id) => set({ employee: id })} />
            <h2 className="ofc-subhead">Submissions</h2>
            {list.data.timesheets.length === 0 ? <p className="card">{OFFICE_MSG.timesheetsEmpty}</p> : (
              <table className="ofc-table">
                <TableHead columns={['Submitted', 'Cleaner', 'Job', 'Hours', 'Notes', 'Status', 'Actions']} />
                <tbody>
                  {list.data.timesheets.map((t) => <Row key={t.visit_id ?? t.booking_id} t={t} onDone={(text, ok) => setNotice({ ok, text })} />)}
                </tbody>
              </table>
            )}
          </>
        )}
      {total > TIMESHEET_PAGE_SIZE && (
        <Pager
          paged={{ page: params.page, limit: TIMESHEET_PAGE_SIZE, total }}
          onPage={(p) => set({ page: String(p) })}
          showTotal={false}
        />
      )}
    </section>
  );
}
