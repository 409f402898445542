// How to pay a statement by bank transfer: the amount still owed, the reference to quote (with a copy
// button: retyping it is where transfers go astray) and the company's bank account.
import { useState } from 'react';
import { LEDGER_MSG as L } from '@shared/messages-ledger';
import { formatSortCode } from '@shared/schemas/ledger';
import { formatPence } from '@shared/pricing';
import { useBalance } from './api';

export function PayByTransfer({ owedPence, reference }: { owedPence: number; reference: string; }) {
  const balance = useBalance();
  const [copied, setCopied] = useState(false);
  if (owedPence <= 0) return null;
  const bank = balance.data?.bank;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(reference);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="statement__pay" aria-labelledby="pay-by-transfer">
      <h3 id="pay-by-transfer">{L.payByTransfer}</h3>
      <p>
        {L.owed}: <strong>{formatPence(owedPence)}</strong>
      </p>
      <p className="statement__reference">
        {L.yourReference}: <code>{reference}</code>{' '}
        <button type="button" className="btn btn--small statement__screen-only" onClick={() => void copy()}>
          {copied ? L.copied : L.copy}
        </button>
        <span role="status" className="visually-hidden">
          {copied ? L.copied : ''}
        </span>
      </p>
      {bank && bank.sort_code && bank.account_number && (
        <dl className="statement__bank">
          <dt>Account name</dt>
          <dd>{bank.account_name}</dd>
          <dt>Sort code</dt>
          <dd>{formatSortCode(bank.sort_code)}</dd>
          <dt>Account number</dt>
          <dd>{bank.account_number}</dd>
        </dl>
      )}
    </section>
  );
}
