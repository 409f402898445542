// /office/payments: every card charge with its visit, customer, amount and state, filtered by state and
// month (in the address), paged; hold, release, change the amount before it runs, retry now, refund
// part or all with a reason. Each action is a live request (never queued) and audited by the API.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { PAYMENT_MSG as M } from '@shared/messages-payments';
import { PAYMENT_UI as U } from '@shared/messages-payments-ui';
import { PAYMENT_STATES } from '@shared/payments';
import type { Paged } from '@shared/schemas/office';
import type { OfficePayment } from '@shared/schemas/payments';
import { formatPence } from '@shared/pricing';
import { formatDay } from '@shared/when';
import { errorMessage } from '@/lib/api';
import { TableHead } from '@/components/TableHead';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeSend, qs } from '../api';
import { ListHead, PagedList } from '../ListShell';
import { PaymentActionDialog, type PaymentAction } from './PaymentActionDialog';

const KEY = ['office', 'payments'] as const;

function Actions({ p, run, ask }: { p: OfficePayment; run: (path: string) => void; ask: (kind: PaymentAction) => void; }) {
  const waiting = p.state === 'scheduled' || p.state === 'failed' || p.state === 'action_needed';
  const failed = p.state === 'failed' || p.state === 'action_needed' || p.state === 'overdue';
  const label = `${p.customer.name}, ${p.reference}`;
  return (
    <div className="ofc-actions">
      {waiting && (
        <button type="button" className="btn btn--small" aria-label={`${U.hold}: ${label}`} onClick={() => run('/hold')}>
          {U.hold}
        </button>
      )}
      {p.state === 'held' && (
        <button type="button" className="btn btn--small" aria-label={`${U.release}: ${label}`} onClick={() => run('/release')}>
          {U.release}
        </button>
      )}
      {failed && (
        <button type="button" className="btn btn--small" aria-label={`${U.retry}: ${label}`} onClick={() => run('/retry')}>
          {U.retry}
        </button>
      )}
      {(p.state === 'scheduled' || p.state === 'held') && !p.retry_at && (
        <button
          type="button"
          className="btn btn--small"
          aria-label={`${U.change}: ${label}`}
          onClick={() => ask('change')}
        >
          {U.change}
        </button>
      )}
      {(p.state === 'paid' || p.state === 'part_refunded') && (
        <button
          type="button"
          className="btn btn--small"
          aria-label={`${U.refund}: ${label}`}
          onClick={() => ask('refund')}
        >
          {U.refund}
        </button>
      )}
    </div>
  );
}

export default function OfficePaymentsPage() {
  usePageTitle(`Office · ${U.title}`);
  const [params, setParams] = useSearchParams();
  const state = params.get('state') ?? '';
  const month = params.get('month') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const set = (next: Record<string, string>) =>
    setParams(Object.fromEntries(Object.entries({ state, month, page: String(page), ...next }).filter(([, v]) => v)));
  const qc = useQueryClient();
  const [notice, setNotice] = useState<{ ok: boolean; text: string; } | null>(null);
  const [action, setAction] = useState<{ kind: PaymentAction; payment: OfficePayment; } | null>(null);
  const list = useQuery({
    queryKey: [...KEY, { state, month, page }],
    queryFn: () =>
      officeGet<Paged & { payments: OfficePayment[]; cards_enabled: boolean; }>(
        `/payments${qs({ state: state || undefined, month: month || undefined, page, limit: 25 })}`,
      ),
    placeholderData: keepPreviousData,
  });
  const send = async (p: OfficePayment, path: string, method = 'POST', body?: unknown) => {
    try {
      const r = await officeSend<{ message: string; }>(method, `/payments/${p.id}${path}`, body);
      setNotice({ ok: true, text: r.message });
      setAction(null);
    } catch (err) {
      setNotice({ ok: false, text: errorMessage(err, '') });
      throw err;
    } finally {
      void qc.invalidateQueries({ queryKey: KEY });
    }
  };

  return (
    <section>
      <ListHead title={U.title} intro={U.officeIntro} />
      <div className="ofc-filters">
        <div className="field">
          <label htmlFor="pay-state">{U.stateLabel}</label>
          <select id="pay-state" value={state} onChange={(e) => set({ state: e.target.value, page: '1' })}>
            <option value="">{U.allStates}</option>
            {PAYMENT_STATES.map((s) => (
              <option key={s} value={s}>
                {M.stateLabel[s]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="pay-month">{U.monthLabel}</label>
          <input id="pay-month" type="month" value={month} onChange={(e) => set({ month: e.target.value, page: '1' })} />
        </div>
      </div>
      {list.data && !list.data.cards_enabled && <p className="notice">{U.cardsOffOffice}</p>}
      {notice && (
        <p className={`notice notice--${notice.ok ? 'success' : 'error'}`} role={notice.ok ? 'status' : 'alert'}>
          {notice.text}
        </p>
      )}
      <PagedList
        query={list}
        fallback="Could not load the payments."
        empty={U.none}
        isEmpty={(d) => d.payments.length === 0}
        onPage={(p) => set({ page: String(p) })}
      >
        {(data) => (
          <table className="ofc-table">
            <caption className="visually-hidden">{U.title}</caption>
            <TableHead columns={[U.colCustomer, U.colVisit, U.colAmount, U.colState, U.colActions]} />
            <tbody>
              {data.payments.map((p) => (
                <tr key={p.id}>
                  <td data-label={U.colCustomer} className="ofc-break">
                    {p.customer.name}
                    <div className="muted">{p.customer.email}</div>
                  </td>
                  <td data-label={U.colVisit}>
                    {formatDay(`${p.day}T12:00:00Z`)} · {p.reference}
                    {p.kind === 'charge' && <div className="muted">{U.lateCharge}</div>}
                  </td>
                  <td data-label={U.colAmount}>
                    {formatPence(p.amount_pence)}
                    {p.refunded_pence > 0 && <div className="muted">{U.refundedAmount(formatPence(p.refunded_pence))}</div>}
                  </td>
                  <td data-label={U.colState}>
                    <strong>{M.stateLabel[p.state]}</strong>
                    {p.failure_message && p.state !== 'paid' && <div className="muted">{p.failure_message}</div>}
                  </td>
                  <td data-label={U.colActions}>
                    <Actions p={p} run={(path) => void send(p, path).catch(() => undefined)} ask={(kind) => setAction({ kind, payment: p })} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
      {action && (
        <PaymentActionDialog
          action={action.kind}
          payment={action.payment}
          onCancel={() => setAction(null)}
          onSend={(path, method, body) => send(action.payment, path, method, body)}
        />
      )}
    </section>
  );
}
