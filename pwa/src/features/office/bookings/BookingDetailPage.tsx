// /office/bookings/:id: one booking with its history and the office's moves (assign, unassign, cancel).
import { STATE_WORD } from '@shared/states';
import { BookingPrice } from '../prices/BookingPrice';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BoardBookingDetail, Paged, StaffMember } from '@shared/schemas/office';
import { cancelSchema } from '@shared/schemas/office';
import { useForm } from '@/lib/form/useForm';
import { TextArea } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeKeys, officeSend, qs } from '../api';
import { AuditList } from '../AuditList';
import { addressText, bookedWhen, DetailHead, ErrorNotice, Notice, statusText, when } from '../ui';
import { ConfirmDialog } from '@/components/ConfirmDialog';

type Answer = { message: string; booking: BoardBookingDetail; };

export default function BookingDetailPage() {
  const { id = '' } = useParams();
  usePageTitle('Office · Booking');
  const qc = useQueryClient();
  const [notice, setNotice] = useState('');
  const [employeeId, setEmployeeId] = useState('');
  const q = useQuery({
    queryKey: officeKeys.booking(id),
    queryFn: () => officeGet<{ booking: BoardBookingDetail; }>(`/bookings/${id}`).then((r) => r.booking),
  });
  const staff = useQuery({
    queryKey: officeKeys.staff({ status: 'active', limit: 100 }),
    queryFn: () => officeGet<Paged & { staff: StaffMember[]; }>(`/staff${qs({ status: 'active', limit: 100 })}`),
  });
  const move = useMutation({
    mutationFn: ({ path, body }: { path: string; body?: unknown; }) => officeSend<Answer>('POST', `/bookings/${id}/${path}`, body),
    onSuccess: (r) => {
      qc.setQueryData(officeKeys.booking(id), r.booking);
      void qc.invalidateQueries({ queryKey: officeKeys.allBookings });
      setNotice(r.message);
      cancelForm.setValue('reason', '');
    },
    onError: () => void qc.invalidateQueries({ queryKey: officeKeys.booking(id) }),
  });
  const cancelForm = useForm({
    initial: { reason: '' },
    schema: cancelSchema,
    // Asks first (the customer is mailed at once); says which cleaner the office saw, so a cleaner
    // accepting at the same moment is not cancelled unseen.
    onSubmit: (data) => setConfirming({ reason: data.reason, cleaner: q.data?.employee?.id ?? null }),
  });
  const [confirming, setConfirming] = useState<{ reason: string; cleaner: string | null; } | null>(null);

  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorNotice error={q.error} fallback="Could not load this booking." />;
  const b = q.data;
  const open = (b.status === 'pending' || b.status === 'accepted') && !b.work_submitted;
  const cleaners = (staff.data?.staff ?? []).filter((s) => s.is_active);

  return (
    <section className="ofc-detail">
      <DetailHead back="/office/bookings" backLabel="All bookings" title={`Booking ${b.reference || `#${b.id.slice(-6)}`}`}>
        {b.waiting && <span className="ofc-flag">Waiting over 24 h</span>}
      </DetailHead>
      {notice && <Notice kind="success">{notice}</Notice>}
      {move.isError && <ErrorNotice error={move.error} fallback="That did not work." />}
      <div className="card ofc-section">
        <h2>Details</h2>
        <dl>
          <dt>State</dt>
          <dd>
            <span className={`status plan-state plan-state--${b.state}`}>{STATE_WORD[b.state]}</span> {b.state_text}
            <div className="ofc-muted">{statusText(b.status)}</div>
          </dd>
          <dt>Customer</dt>
          <dd>
            <Link to={`/office/customers/${b.customer.id}`}>{b.customer.name}</Link> · {b.customer.email}
            {b.customer.phone ? ` · ${b.customer.phone}` : ''}
          </dd>
          <dt>Cleaner</dt>
          <dd>{b.employee ? `${b.employee.name} (${b.employee.email})` : '—'}</dd>
          <dt>When</dt>
          <dd>{bookedWhen(b)}</dd>
          <dt>Address</dt>
          <dd>{addressText(b)}</dd>
          <dt>Property</dt>
          <dd>
            {b.propertyType}, {b.bedrooms} bed, {b.bathrooms} bath
          </dd>
          <dt>Cleaning</dt>
          <dd>
            {b.cleaningType} ({b.frequency}) · {b.supplies}
          </dd>
          <dt>Requested</dt>
          <dd>{when(b.created_at)}</dd>
          {b.cancel_reason && (
            <>
              <dt>Cancelled because</dt>
              <dd>{b.cancel_reason}</dd>
            </>
          )}
          {b.work_submitted && (
            <>
              <dt>Work</dt>
              <dd>
                {b.submitted_work_hours} h · {b.completion_notes || 'no notes'}
              </dd>
            </>
          )}
        </dl>
      </div>
      <BookingPrice booking={b} queryKey={officeKeys.booking(id)} />
      {open && (
        <div className="card ofc-section">
          <h2>Office actions</h2>
          {b.status === 'pending' && (
            <form
              className="ofc-filters"
              onSubmit={(e) => {
                e.preventDefault();
                if (employeeId) move.mutate({ path: 'assign', body: { employeeId } });
              }}
            >
              <label>
                Assign to
                <select value={employeeId} onChange={(e) => setEmployeeId(e.target.value)}>
                  <option value="">Choose a team member</option>
                  {cleaners.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.name} ({s.role})
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className="btn btn--primary" disabled={!employeeId || move.isPending}>
                Assign
              </button>
            </form>
          )}
          {b.status === 'accepted' && (
            <button
              type="button"
              className="btn btn--secondary"
              disabled={move.isPending}
              onClick={() => move.mutate({ path: 'unassign' })}
            >
              Return to available
            </button>
          )}
          <form ref={cancelForm.formRef} onSubmit={cancelForm.submit} noValidate>
            <TextArea
              label="Reason for cancelling (sent to the customer)"
              rows={2}
              value={cancelForm.values.reason}
              onChange={cancelForm.set('reason')}
              error={cancelForm.errors.reason}
            />
            <button type="submit" className="btn btn--danger" disabled={move.isPending}>
              Cancel booking
            </button>
          </form>
        </div>
      )}
      <div className="card ofc-section">
        <h2>History</h2>
        <ol className="ofc-history">
          {b.history.map((h, i) => (
            <li key={i}>
              {h.what}
              {h.by ? ` — ${h.by}` : ''} <span className="ofc-muted">{when(h.at)}</span>
            </li>
          ))}
        </ol>
      </div>
      <div className="card ofc-section">
        <h2>Office actions on this booking</h2>
        <AuditList entries={b.audit} />
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title="Cancel booking"
        question={`Cancel booking ${b.reference || `#${b.id.slice(-6)}`} for ${b.customer.name}?`}
        detail={confirming
          ? `The customer${b.employee ? ' and the cleaner' : ''} will be e-mailed at once with your reason: “${confirming.reason}”`
          : undefined}
        confirmLabel="Cancel booking"
        danger
        busy={move.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (confirming) move.mutate({ path: 'cancel', body: confirming });
          setConfirming(null);
        }}
      />
    </section>
  );
}
