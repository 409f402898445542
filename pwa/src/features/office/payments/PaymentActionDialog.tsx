// The office's two actions that take a figure: a new amount before the charge runs, and a refund
// (pounds typed, integer pence sent; a refund needs a reason and at most what remains).
import { useState } from 'react';
import { PAYMENT_UI as U } from '@shared/messages-payments-ui';
import { REFUND_REASON_MAX, type OfficePayment } from '@shared/schemas/payments';
import { formatPence } from '@shared/pricing';
import { ConfirmDialog } from '@/components/ConfirmDialog';

export type PaymentAction = 'change' | 'refund';

/** "12.50" → 1250; null when it is not pounds and pence. */
export function penceOf(text: string): number | null {
  const m = /^\s*£?(\d{1,6})(?:\.(\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}

export function PaymentActionDialog(
  { action, payment, onCancel, onSend }: {
    action: PaymentAction;
    payment: OfficePayment;
    onCancel: () => void;
    onSend: (path: string, method: string, body: unknown) => Promise<void>;
  },
) {
  const left = payment.amount_pence - payment.refunded_pence;
  const [amount, setAmount] = useState(((action === 'refund' ? left : payment.amount_pence) / 100).toFixed(2));
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const refund = action === 'refund';
  const confirm = async () => {
    const pence = penceOf(amount);
    if (!pence) return setError(U.poundsInvalid);
    setBusy(true);
    setError('');
    try {
      await (refund ? onSend('/refund', 'POST', { amount_pence: pence, reason }) : onSend('', 'PATCH', { amount_pence: pence }));
    } catch {
      /* the page shows the server's message */
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDialog
      open
      title={refund ? U.refund : U.change}
      question={`${payment.customer.name} · ${payment.reference} · ${formatPence(payment.amount_pence)}`}
      detail={refund ? U.refundLeft(formatPence(left)) : undefined}
      confirmLabel={refund ? U.refund : U.change}
      danger={refund}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={onCancel}
    >
      <div className="field">
        <label htmlFor="pay-amount">{refund ? U.refundAmount : U.newAmount}</label>
        <input
          id="pay-amount"
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'pay-amount-error' : undefined}
        />
        {error && (
          <p id="pay-amount-error" className="field__error" role="alert">
            {error}
          </p>
        )}
      </div>
      {refund && (
        <div className="field">
          <label htmlFor="pay-reason">{U.refundReason}</label>
          <input id="pay-reason" required maxLength={REFUND_REASON_MAX} value={reason} onChange={(e) => setReason(e.target.value)} />
        </div>
      )}
    </ConfirmDialog>
  );
}
