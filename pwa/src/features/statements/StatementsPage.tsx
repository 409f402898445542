// The customer's monthly statements (/statements): a month chosen from their months, its visits done,
// skipped and cancelled with amounts and late charges, the total and whether it is paid. The figures
// come from the shared statementOf over the visits the API answers (the same function the API and the
// office's CSV use), and the page prints on one A4 page for a weekly customer (statements.css).
import { Link, useSearchParams } from 'react-router-dom';
import { usePageTitle } from '@/components/usePageTitle';
import { Spinner } from '@/components/Spinner';
import { TableHead } from '@/components/TableHead';
import { useCompany } from '@/lib/company';
import { useAuth } from '@/lib/auth/AuthProvider';
import { errorMessage } from '@/lib/api';
import { STATEMENT_MSG as M } from '@shared/messages-statements';
import { formatPence } from '@shared/pricing';
import { formatMonth, statementOf } from '@shared/statements';
import { formatDay } from '@shared/when';
import { useStatement, useStatementMonths } from './api';
import { PayByTransfer } from './PayByTransfer';
import './statements.css';

export default function StatementsPage() {
  usePageTitle(M.title);
  const { user } = useAuth();
  const company = useCompany();
  const [params, setParams] = useSearchParams();
  const months = useStatementMonths();
  const month = params.get('month') ?? months.data?.months[0]?.month;
  const answer = useStatement(month);
  const s = answer.data ? statementOf(answer.data.visits, answer.data.vat_percent) : null;
  const options = months.data?.months.map((m) => m.month) ?? [];
  if (month && !options.includes(month)) options.unshift(month);

  return (
    <section className="container section statement">
      <header className="statement__head">
        <div>
          <h1>{M.title}</h1>
          <p className="muted statement__screen-only">{M.intro}</p>
        </div>
        <div className="statement__tools statement__screen-only">
          {options.length > 0 && (
            <label className="statement__month">
              {M.monthLabel}
              <select value={month} onChange={(e) => setParams({ month: e.target.value })}>
                {options.map((m) => (
                  <option key={m} value={m}>
                    {formatMonth(m)}
                  </option>
                ))}
              </select>
            </label>
          )}
          {s && (
            <button type="button" className="btn btn--primary" onClick={() => window.print()}>
              {M.print}
            </button>
          )}
        </div>
      </header>
      {(months.isPending || (month && answer.isPending)) && <Spinner />}
      {(months.error || answer.error) && (
        <p className="notice notice--error" role="alert">
          {errorMessage(months.error ?? answer.error, '')}
        </p>
      )}
      {months.data && !month && <p className="muted">{M.noMonths}</p>}
      {s && answer.data && month && (
        <article className="statement__sheet" aria-labelledby="statement-title">
          <div className="statement__parties">
            <div>
              <strong>{company.legalName || company.name}</strong>
              <div>{company.address}</div>
              <div>{company.email}</div>
              {company.companyNumber && <div>Company number {company.companyNumber}</div>}
            </div>
            <div className="statement__to">
              <h2 id="statement-title">{formatMonth(month)}</h2>
              {user && <div>{user.name}</div>}
              <p className={answer.data.payment.paid ? 'statement__paid' : 'statement__unpaid'}>
                {answer.data.payment.paid ? M.paid(answer.data.payment.payment_reference) : M.unpaid}
              </p>
            </div>
          </div>
          <p className="statement__counts">{[M.done(s.counts.done), M.skipped(s.counts.skipped), M.cancelled(s.counts.cancelled)].join(' · ')}</p>
          {s.lines.length === 0 ? <p className="muted">{M.noVisits}</p> : (
            <table className="statement__table">
              <TableHead columns={[M.colDate, M.colWhat, M.colReference, { label: M.colAmount, className: 'num' }]} />
              <tbody>
                {s.lines.map((l) => (
                  <tr key={`${l.visit}-${l.kind}`} className={l.kind === 'charge' ? 'statement__charge' : undefined}>
                    <td>{formatDay(`${l.date}T12:00:00Z`)}</td>
                    <td>{l.description}</td>
                    <td>{l.reference}</td>
                    <td className="num">{l.net_pence || l.kind === 'charge' ? formatPence(l.net_pence) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <dl className="statement__totals">
            <dt>{M.visitsTotal}</dt>
            <dd>{formatPence(s.visits_pence)}</dd>
            <dt>{M.chargesTotal}</dt>
            <dd>{formatPence(s.charges_pence)}</dd>
            {answer.data.vat_percent > 0 && (
              <>
                <dt>{M.vat(answer.data.vat_percent)}</dt>
                <dd>{formatPence(s.vat_pence)}</dd>
              </>
            )}
            <dt className="statement__total">{M.total}</dt>
            <dd className="statement__total">{formatPence(s.total_pence)}</dd>
          </dl>
          {s.unpriced > 0 && <p className="muted">{M.unpricedNote(s.unpriced)}</p>}
          <PayByTransfer owedPence={answer.data.owed_pence} reference={answer.data.reference} />
        </article>
      )}
      <p className="statement__screen-only">
        <Link to="/orders">{M.backToBookings}</Link>
      </p>
    </section>
  );
}
