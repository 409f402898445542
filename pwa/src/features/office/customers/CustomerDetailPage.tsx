// /office/customers/:id: one customer's record, bookings and counts, and blocking.
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AuditEntry, BoardBooking, CustomerDetail } from '@shared/schemas/office';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeKeys, officeSend } from '../api';
import { AuditList } from '../AuditList';
import { DetailHead, Email, ErrorNotice, Notice, postcodeText, statusText, when } from '../ui';

type Detail = { customer: CustomerDetail; bookings: BoardBooking[]; audit: AuditEntry[]; };

export default function CustomerDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Office · Customer');
  const qc = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [notice, setNotice] = useState('');
  const q = useQuery({ queryKey: officeKeys.customer(id), queryFn: () => officeGet<Detail>(`/customers/${id}`) });
  const block = useMutation({
    mutationFn: (blocked: boolean) => officeSend<{ message: string; }>('PATCH', `/customers/${id}`, { blocked }),
    // The record (and its audit) is fetched again before the notice shows, so both change together.
    onSuccess: async (r) => {
      await qc.invalidateQueries({ queryKey: officeKeys.allCustomers });
      setNotice(r.message);
    },
  });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorNotice error={q.error} fallback="Could not load this customer." />;
  const { customer: c, bookings, audit } = q.data;
  return (
    <section className="ofc-detail">
      <DetailHead back="/office/customers" backLabel="All customers" title={c.name}>
        {c.blocked && <span className="ofc-flag">Blocked</span>}
      </DetailHead>
      {notice && <Notice kind="success">{notice}</Notice>}
      {block.isError && <ErrorNotice error={block.error} fallback="That did not work." />}
      <div className="card ofc-section">
        <dl>
          <dt>Email</dt>
          <dd>
            <Email value={c.email} />
          </dd>
          <dt>Phone</dt>
          <dd>{c.phone ?? '—'}</dd>
          <dt>Address</dt>
          <dd>{c.address ?? '—'}</dd>
          <dt>Signs in with</dt>
          <dd>{c.google ? 'Google' : 'Password'}</dd>
          <dt>Customer since</dt>
          <dd>{when(c.created_at)}</dd>
          <dt>Bookings</dt>
          <dd>
            {c.counts.total} in all · {c.counts.pending ?? 0} pending · {c.counts.accepted ?? 0} accepted · {c.counts.completed ?? 0} completed ·{' '}
            {c.counts.rejected ?? 0} cancelled
          </dd>
        </dl>
        <div className="ofc-actions">
          {c.blocked ?
            (
              <button type="button" className="btn btn--secondary" disabled={block.isPending} onClick={() => block.mutate(false)}>
                Unblock customer
              </button>
            ) :
            (
              <button type="button" className="btn btn--danger" disabled={block.isPending} onClick={() => setAsking(true)}>
                Block customer
              </button>
            )}
        </div>
      </div>
      <div className="card ofc-section">
        <h2>Latest bookings</h2>
        {bookings.length === 0 ? <p className="ofc-muted">No bookings yet.</p> : (
          <ul className="ofc-history">
            {bookings.map((b) => (
              <li key={b.id}>
                <Link to={`/office/bookings/${b.id}`}>{b.reference || `#${b.id.slice(-6)}`}</Link> · {b.state_text ?? statusText(b.status)} ·{' '}
                {postcodeText(b.postcode)} · {when(b.created_at)}
                {b.employee ? ` · ${b.employee.name}` : ''}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="card ofc-section">
        <h2>Office actions on this customer</h2>
        <AuditList entries={audit} />
      </div>
      <ConfirmDialog
        open={asking}
        title="Block this customer?"
        question={`Block ${c.name}?`}
        detail="They are signed out everywhere at once and cannot sign in or reset their password until unblocked."
        confirmLabel="Block"
        danger
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          block.mutate(true);
        }}
      />
    </section>
  );
}
