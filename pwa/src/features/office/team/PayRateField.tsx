// A team member's pay per hour, set by the office (the payroll CSV's pay = hours × rate). Typed in
// pounds ("12.50"); the API keeps integer pence.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import { PAY_RATE_MAX_PENCE, type StaffMember } from '@shared/schemas/office';
import { errorMessage } from '@/lib/api';
import { officeKeys, officeSend } from '../api';
import './pay-rate.css';

export const pounds = (pence: number | null) => (pence == null ? '' : (pence / 100).toFixed(2));

/** "12.5" → 1250; null for anything that is not a sum of money within the limit. */
export function pencePerHour(text: string): number | null {
  const m = /^£?(\d{1,3})(?:\.(\d{1,2}))?$/.exec(text.replace(/\s/g, ''));
  if (!m) return null;
  const pence = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return pence <= PAY_RATE_MAX_PENCE ? pence : null;
}

export function PayRateField({ s, onResult }: { s: StaffMember; onResult: (text: string, error?: boolean) => void; }) {
  const qc = useQueryClient();
  const [text, setText] = useState(pounds(s.pay_rate_pence));
  const [error, setError] = useState('');
  const save = useMutation({
    mutationFn: (pay_rate_pence: number | null) => officeSend<{ staff: StaffMember; }>('PATCH', `/staff/${s.id}`, { pay_rate_pence }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: officeKeys.all });
      onResult(PAYROLL_MSG.payRateSaved(s.name));
    },
    onError: (err) => onResult(errorMessage(err, PAYROLL_MSG.payRateInvalid), true),
  });
  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    const pence = text.trim() === '' ? null : pencePerHour(text);
    if (text.trim() !== '' && pence === null) return setError(PAYROLL_MSG.payRateInvalid);
    setError('');
    save.mutate(pence);
  };
  const id = `pay-${s.id}`;
  return (
    <form className="ofc-pay" onSubmit={submit} noValidate>
      <label htmlFor={id} className="visually-hidden">
        {PAYROLL_MSG.payRateLabel}: {s.name}
      </label>
      <input
        id={id}
        inputMode="decimal"
        className="ofc-pay__input"
        value={text}
        placeholder={PAYROLL_MSG.payRateNotSet}
        aria-invalid={Boolean(error)}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="btn btn--small btn--ghost" disabled={save.isPending || pounds(s.pay_rate_pence) === text}>
        {PAYROLL_MSG.payRateSave}
      </button>
      {error && (
        <span id={`${id}-error`} className="field__error" role="alert">
          {error}
        </span>
      )}
    </form>
  );
}
