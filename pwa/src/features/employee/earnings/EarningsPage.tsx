// /employee/earnings: what the cleaner earned this period so far (visits, travel, pay, line by line),
// the earlier periods (paid / to be paid), holiday accrued and taken. Offline: the last figures this
// device saw, "as of" the server's time then.
import { useQuery } from '@tanstack/react-query';
import { PAY_MSG as M } from '@shared/messages-pay';
import { formatWhen } from '@shared/when';
import type { PayLine, PayStatus } from '@shared/schemas/pay';
import { usePageTitle } from '@/components/usePageTitle';
import { errorMessage } from '@/lib/api';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { useSavedCopyAge } from '../layout/offlineNotice';
import { earningsKeys, fetchEarnings } from './api';
import './earnings.css';

const STATUS: Record<PayStatus, string> = { in_progress: M.inProgress, to_be_paid: M.toBePaid, paid: M.paid };
const hours = (h: number) => `${h.toFixed(2).replace(/\.?0+$/, '')} h`;

function Line({ l }: { l: PayLine; }) {
  return (
    <li className={`earn-line${l.approved ? '' : ' earn-line--waiting'}`}>
      <span>
        <strong>{M.lineKinds[l.kind]}</strong> {l.date}
        {l.reference ? ` · ${l.reference}` : ''}
        {l.hours ? ` · ${hours(l.hours)}` : ''}
        {l.approved ? '' : ` · ${M.awaiting(l.hours)}`}
      </span>
      <span className="earn-amount">{M.pounds(l.pay_pence)}</span>
    </li>
  );
}

export default function EarningsPage() {
  usePageTitle(M.earningsTitle);
  const { employeeId } = useEmployeeSession();
  const q = useQuery({ queryKey: earningsKeys.current, queryFn: () => fetchEarnings(employeeId) });
  useSavedCopyAge(q.data?.savedAt ?? null);
  if (q.isPending) return <p role="status">Loading…</p>;
  if (q.isError) return <p className="notice notice--error" role="alert">{errorMessage(q.error, M.earningsTitle)}</p>;
  const { earnings: e, periods, savedAt } = q.data;
  const t = e.totals;
  return (
    <section className="earn">
      <h1>{M.earningsTitle}</h1>
      <div className="card earn-now">
        <h2>
          {M.thisPeriod} <small>({e.period.from} – {e.period.to})</small>
        </h2>
        <dl className="earn-figures">
          <div>
            <dt>Pay</dt>
            <dd data-testid="earnings-pay">{M.pounds(t.pay_pence)}</dd>
          </div>
          <div>
            <dt>Hours</dt>
            <dd>{hours(t.hours)}</dd>
          </div>
          <div>
            <dt>Travel</dt>
            <dd>{hours(t.travel_hours)}</dd>
          </div>
          <div>
            <dt>{M.holidayAccrued}</dt>
            <dd>{hours(t.holiday_hours_accrued)}</dd>
          </div>
          <div>
            <dt>{M.holidayTaken}</dt>
            <dd>{hours(t.holiday_hours_taken)}</dd>
          </div>
        </dl>
        {/* Offline the layout says the screen is a saved copy; this says which moment's figures they are. */}
        <p className="earn-note muted" data-testid="earnings-as-of">
          {savedAt !== undefined ? M.asOf(formatWhen(e.as_of)) : M.figuresAt(formatWhen(e.as_of))}
        </p>
        {t.awaiting_hours > 0 && <p className="earn-note">{M.awaiting(t.awaiting_hours)}</p>}
        {!e.rate_check.ok && <p className="notice notice--warning">{M.belowMinimum(e.rate_check.shortfall_pence)}</p>}
        {e.lines.length === 0
          ? <p>{M.noLines}</p>
          : <ul className="earn-lines">{e.lines.map((l, i) => <Line key={`${l.kind}-${l.visit_id ?? l.booking_id ?? ''}-${i}`} l={l} />)}</ul>}
      </div>
      <h2>{M.lastPeriods}</h2>
      {periods.length === 0 && <p>{M.noEarlierPeriods}</p>}
      <ul className="earn-periods">
        {periods.map((p) => (
          <li key={p.period.from} className={`card earn-period earn-period--${p.status}`}>
            <span>
              {p.period.from} – {p.period.to}
              <br />
              <small>
                {hours(p.totals.hours)} · {M.holidayAccrued.toLowerCase()} {hours(p.totals.holiday_hours_accrued)}
              </small>
            </span>
            <span className="earn-amount">
              {M.pounds(p.totals.pay_pence)}
              <br />
              <small>{STATUS[p.status]}</small>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
