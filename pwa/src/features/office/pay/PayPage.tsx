// /office/pay: every cleaner's pay for a period (hours, travel, pay, the minimum wage check), a top-up
// where a period falls short, the payroll export (summary and detail CSV, refused while anyone is
// short) and the company's pay settings. The period lives in the address (?period=any date in it).
import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PAY_MSG as M } from '@shared/messages-pay';
import { PAY_FREQUENCIES, type PaySettings } from '@shared/pay-periods';
import { paySettingsSchema, type CleanerPay, type OfficePay } from '@shared/schemas/pay';
import { errorMessage } from '@/lib/api';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeSend, qs } from '../api';
import { downloadFile } from '../download';
import { ListHead } from '../ListShell';
import { CleanerTools } from './CleanerTools';
import './pay.css';

const KEY = ['office', 'pay'] as const;
type Notice = { ok: boolean; text: string; } | null;

function TopUp({ row, period, onDone }: { row: CleanerPay; period: string; onDone: (text: string, ok: boolean) => void; }) {
  const [busy, setBusy] = useState(false);
  const send = async () => {
    setBusy(true);
    try {
      const r = await officeSend<{ message: string; }>('POST', `/pay/${row.employee.id}/top-up`, {
        period,
        amount_pence: row.rate_check.shortfall_pence,
        note: 'Top-up to the minimum wage',
      });
      onDone(r.message, true);
    } catch (err) {
      onDone(errorMessage(err, ''), false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button
      type="button"
      className="btn btn--primary btn--small"
      disabled={busy}
      onClick={() => void send()}
      aria-label={`${M.topUpTo(row.rate_check.shortfall_pence)}: ${row.employee.name}`}
    >
      {M.topUpTo(row.rate_check.shortfall_pence)}
    </button>
  );
}

function SettingsForm({ settings, onDone }: { settings: PaySettings; onDone: (text: string, ok: boolean) => void; }) {
  const [form, setForm] = useState({ ...settings, travel: settings.travel_rate_pence == null ? '' : (settings.travel_rate_pence / 100).toFixed(2) });
  const save = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = paySettingsSchema.safeParse({
      frequency: form.frequency,
      first_day: form.first_day,
      holiday_pay: form.holiday_pay,
      travel_rate_pence: form.travel.trim() === '' ? null : Math.round(Number(form.travel) * 100),
    });
    if (!parsed.success) return onDone(parsed.error.issues[0]?.message ?? '', false);
    try {
      onDone((await officeSend<{ message: string; }>('PUT', '/pay/settings', parsed.data)).message, true);
    } catch (err) {
      onDone(errorMessage(err, ''), false);
    }
  };
  return (
    <details className="card pay-settings">
      <summary>{M.settingsTitle}</summary>
      <form onSubmit={(e) => void save(e)} noValidate>
        <label>
          Pay period
          <select value={form.frequency} onChange={(e) => setForm({ ...form, frequency: e.target.value as PaySettings['frequency'] })}>
            {PAY_FREQUENCIES.map((f) => <option key={f} value={f}>{f}</option>)}
          </select>
        </label>
        <label>
          First day of a period
          <input type="date" value={form.first_day} onChange={(e) => setForm({ ...form, first_day: e.target.value })} />
        </label>
        <label>
          Travel rate (£ an hour; empty: each cleaner’s own rate)
          <input inputMode="decimal" value={form.travel} onChange={(e) => setForm({ ...form, travel: e.target.value })} />
        </label>
        <fieldset>
          <legend>Holiday pay</legend>
          <label>
            <input type="radio" name="holiday" checked={form.holiday_pay === 'accrued'} onChange={() => setForm({ ...form, holiday_pay: 'accrued' })} />{' '}
            Paid when taken (accrued)
          </label>
          <label>
            <input type="radio" name="holiday" checked={form.holiday_pay === 'rolled_up'} onChange={() => setForm({ ...form, holiday_pay: 'rolled_up' })} />
            {' '}
            Rolled up into each period
          </label>
          <p className="muted">{M.holidayExplained}</p>
        </fieldset>
        <button type="submit" className="btn btn--primary">Save</button>
      </form>
    </details>
  );
}

export default function OfficePayPage() {
  usePageTitle(`Office · ${M.officeTitle}`);
  const [params, setParams] = useSearchParams();
  const period = params.get('period') ?? '';
  const qc = useQueryClient();
  const [notice, setNotice] = useState<Notice>(null);
  const pay = useQuery({
    queryKey: [...KEY, period],
    queryFn: () => officeGet<OfficePay>(`/pay${qs({ period: period || undefined })}`),
    placeholderData: keepPreviousData,
  });
  const done = (text: string, ok: boolean) => {
    setNotice({ ok, text });
    void qc.invalidateQueries({ queryKey: KEY });
  };
  const data = pay.data;
  const exportCsv = (part: 'summary' | 'detail') => {
    if (!data) return;
    void downloadFile(`/api/admin/pay.csv${qs({ period: data.period.from, part })}`, `payroll-${part}-${data.period.from}.csv`).catch((err: unknown) =>
      setNotice({ ok: false, text: errorMessage(err, '') })
    );
  };
  return (
    <section className="pay">
      <ListHead
        title={M.officeTitle}
        intro="Each cleaner's approved hours, travel between visits and pay for the period, checked against the minimum wage for their age."
      >
        <div className="pay-actions">
          <button type="button" className="btn" onClick={() => exportCsv('summary')}>{M.exportSummary}</button>
          <button type="button" className="btn" onClick={() => exportCsv('detail')}>{M.exportDetail}</button>
        </div>
      </ListHead>
      <label className="pay-period">
        Period containing
        <input type="date" value={period || data?.period.from || ''} onChange={(e) => setParams(e.target.value ? { period: e.target.value } : {})} />
      </label>
      {data && (
        <p>
          <strong>{data.period.from} – {data.period.to}</strong> · {data.status.replace(/_/g, ' ')}
        </p>
      )}
      {notice && <p className={`notice notice--${notice.ok ? 'success' : 'error'}`} role={notice.ok ? 'status' : 'alert'}>{notice.text}</p>}
      {pay.isError && <p className="notice notice--error" role="alert">{errorMessage(pay.error, M.officeTitle)}</p>}
      {data && (
        <div className="table-wrap">
          <table className="table pay-table">
            <thead>
              <tr>
                <th scope="col">Cleaner</th>
                <th scope="col">Hours</th>
                <th scope="col">Travel</th>
                <th scope="col">Pay</th>
                <th scope="col">Minimum wage</th>
                <th scope="col">
                  <span className="visually-hidden">Action</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.cleaners.map((row) => (
                <tr key={row.employee.id} className={row.rate_check.ok ? '' : 'pay-row--short'} data-testid={`pay-row-${row.employee.id}`}>
                  <th scope="row">
                    {row.employee.name}
                    {row.pay_rate_pence == null && <small className="muted">· no rate</small>}
                    <CleanerTools row={row} onDone={done} />
                  </th>
                  <td>{row.totals.hours}</td>
                  <td>{row.totals.travel_hours}</td>
                  <td>{M.pounds(row.totals.pay_pence)}{row.totals.top_up_pence > 0 && <small>(top-up {M.pounds(row.totals.top_up_pence)})</small>}</td>
                  <td>
                    {row.rate_check.ok
                      ? <span className="pay-ok">✓ {M.atOrAboveMinimum}</span>
                      : <strong className="pay-short">⚠ {M.belowMinimum(row.rate_check.shortfall_pence)}</strong>}
                    <br />
                    <small className="muted">{M.band(row.rate_check.band)} · {M.pounds(row.rate_check.minimum_rate_pence)}/h</small>
                  </td>
                  <td>{!row.rate_check.ok && <TopUp row={row} period={data.period.from} onDone={done} />}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && <SettingsForm key={JSON.stringify(data.settings)} settings={data.settings} onDone={done} />}
    </section>
  );
}
