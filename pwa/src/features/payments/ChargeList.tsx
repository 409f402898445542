// The customer's charges: each with its visit, amount, state, and its receipt (paid) or the link to pay it.
import { PAYMENT_MSG as M } from '@shared/messages-payments';
import { PAYMENT_UI as U } from '@shared/messages-payments-ui';
import type { CustomerPayment } from '@shared/schemas/payments';
import { formatPence } from '@shared/pricing';
import { formatDay, formatWhen } from '@shared/when';

export function ChargeList({ payments, online }: { payments: CustomerPayment[]; online: boolean; }) {
  if (!payments.length) return <p className="muted">{U.noCharges}</p>;
  return (
    <ul className="pay-list">
      {payments.map((p) => (
        <li key={p.id} className="pay-item">
          <div className="pay-item__head">
            <span>
              {p.kind === 'charge' ? U.lateCharge : U.clean} · {formatDay(`${p.day}T12:00:00Z`)} · {p.reference}
            </span>
            <strong>{formatPence(p.amount_pence)}</strong>
          </div>
          <div className="pay-item__state">
            <span className={`pay-state pay-state--${p.state}`}>{M.stateLabel[p.state]}</span>
            {p.refunded_pence > 0 && <span>· {U.refundedAmount(formatPence(p.refunded_pence))}</span>}
            {p.state === 'scheduled' && <span className="muted">· {U.dueOn(formatWhen(p.due_at))}</span>}
          </div>
          {p.paid_at && (
            <details className="pay-receipt">
              <summary>{U.receipt}</summary>
              <p>
                {U.paidOn(formatWhen(p.paid_at))} · {formatPence(p.amount_pence)}
                {p.vat_pence > 0 && ` (${U.vatIncluded(formatPence(p.vat_pence))})`}
                {p.card && ` · ${M.cardEnding(p.card.brand, p.card.last4)}`}
              </p>
              <p className="muted">{U.receiptSent}</p>
            </details>
          )}
          {p.pay_url && online && (
            <a className="btn btn--primary btn--small" href={p.pay_url}>
              {U.payNow} {formatPence(p.amount_pence)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
