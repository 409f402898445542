// /office/team: the staff list, the invitation form, and each person's role and status.
import { Fragment, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Paged, StaffMember } from '@shared/schemas/office';
import { staffCreateSchema, STAFF_ROLE_OPTIONS } from '@shared/schemas/office';
import type { Employee } from '@shared/schemas/employee';
import { Field, Select } from '@/components/Field';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { errorMessage } from '@/lib/api';
import { useForm } from '@/lib/form/useForm';
import { officeGet, officeKeys, officeSend, qs } from '../api';
import { Email, ErrorNotice, Notice, Pager, postcodeText, when } from '../ui';
import { StaffAudit } from './StaffAudit';
import { PayRateField, pounds } from './PayRateField';
import { PAYROLL_MSG } from '@shared/messages-payroll';
import { TableHead } from '@/components/TableHead';

type Answer = { message: string; staff: StaffMember; released?: { id: string; reference?: string; postcode: string; }[]; };

function statusOf(s: StaffMember): string {
  if (!s.is_active) return 'Inactive';
  if (s.has_password) return 'Active';
  if (s.invitation?.status === 'pending') return `Invited · link until ${when(s.invitation.expires_at)}`;
  return `Invitation ${s.invitation?.status ?? 'not sent'}`;
}

const NO_INVITE = { name: '', email: '', role: 'employee', phone: '', area_serves: '' };

function InviteForm({ me, onDone }: { me: Employee; onDone: (text: string) => void; }) {
  const qc = useQueryClient();
  const roles = me.role === 'super-admin' ? STAFF_ROLE_OPTIONS : (['employee'] as const);
  const invite = useMutation({
    mutationFn: (body: unknown) => officeSend<Answer>('POST', '/staff', body),
    onSuccess: (r) => {
      invitation.setValues(NO_INVITE);
      void qc.invalidateQueries({ queryKey: officeKeys.all });
      onDone(r.message);
    },
  });
  const invitation = useForm({
    initial: NO_INVITE,
    schema: staffCreateSchema,
    toInput: (form) => Object.fromEntries(Object.entries(form).filter(([, v]) => v !== '')),
    onSubmit: (data) => invite.mutate(data),
  });
  const { values: form, errors, set } = invitation;
  return (
    <form ref={invitation.formRef} className="card ofc-section ofc-invite" onSubmit={invitation.submit} noValidate aria-labelledby="invite-title">
      <h2 id="invite-title">Invite a team member</h2>
      <p className="ofc-muted">They get an e-mail with a link (valid 7 days, works once) to choose their own password.</p>
      {invite.isError && <ErrorNotice error={invite.error} fallback="The invitation could not be sent." />}
      <div className="ofc-grid">
        <Field label="Name" value={form.name} onChange={set('name')} error={errors.name} autoComplete="off" />
        <Field label="Email" type="email" value={form.email} onChange={set('email')} error={errors.email} autoComplete="off" />
        <Select label="Role" value={form.role} onChange={set('role')} options={roles} />
        <Field label="Phone (optional)" type="tel" value={form.phone} onChange={set('phone')} error={errors.phone} />
        <Field label="Area served (optional)" value={form.area_serves} onChange={set('area_serves')} error={errors.area_serves} />
      </div>
      <button type="submit" className="btn btn--primary" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
  );
}

function Row({ s, me, onResult }: { s: StaffMember; me: Employee; onResult: (text: string, error?: boolean) => void; }) {
  const qc = useQueryClient();
  const act = useMutation({
    mutationFn: ({ method, path, body }: { method: string; path: string; body?: unknown; }) => officeSend<Answer>(method, path, body),
    onSuccess: (r) => {
      void qc.invalidateQueries({ queryKey: officeKeys.all });
      const freed = r.released?.length ? ` Returned to available: ${r.released.map((b) => b.reference ?? postcodeText(b.postcode)).join(', ')}.` : '';
      onResult(r.message + freed);
    },
    onError: (err) => onResult(errorMessage(err, 'That did not work.'), true),
  });
  const [open, setOpen] = useState(false);
  const self = s.id === me.id;
  const canTouch = me.role === 'super-admin' || s.role === 'employee';
  const pendingInvite = s.is_active && !s.has_password;
  return (
    <Fragment>
      <tr>
        <td data-label="Name">
          <div className="ofc-name-cell">
            <span>
              <strong>{s.name}</strong>
              {self && <span className="ofc-muted">(you)</span>}
            </span>
            <button
              type="button"
              className="btn btn--small btn--ghost"
              aria-expanded={open}
              aria-controls={open ? `staff-audit-${s.id}` : undefined}
              onClick={() => setOpen(!open)}
            >
              {open ? 'Hide history' : 'History'}
              <span className="visually-hidden">of {s.name}</span>
            </button>
          </div>
        </td>
        <td data-label="Email" className="ofc-break">
          <Email value={s.email} />
        </td>
        <td data-label="Role">
          {me.role === 'super-admin' && !self ?
            (
              <select
                aria-label={`Role of ${s.name}`}
                value={s.role}
                disabled={act.isPending}
                onChange={(e) => act.mutate({ method: 'PATCH', path: `/staff/${s.id}`, body: { role: e.target.value } })}
              >
                {STAFF_ROLE_OPTIONS.map((r) => (
                  <option key={r} value={r}>
                    {r}
                  </option>
                ))}
              </select>
            ) :
            (
              s.role
            )}
        </td>
        <td data-label="Status">{statusOf(s)}</td>
        <td data-label={PAYROLL_MSG.payRateLabel}>{canTouch ? <PayRateField s={s} onResult={onResult} /> : pounds(s.pay_rate_pence)}</td>
        <td data-label="Actions">
          {canTouch && !self && (
            <div className="ofc-actions">
              {s.is_active ?
                (
                  <button
                    type="button"
                    className="btn btn--small btn--ghost"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ method: 'PATCH', path: `/staff/${s.id}`, body: { is_active: false } })}
                  >
                    Deactivate
                  </button>
                ) :
                (
                  <button
                    type="button"
                    className="btn btn--small btn--ghost"
                    disabled={act.isPending}
                    onClick={() => act.mutate({ method: 'PATCH', path: `/staff/${s.id}`, body: { is_active: true } })}
                  >
                    Reactivate
                  </button>
                )}
              {pendingInvite && (
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ method: 'POST', path: `/staff/${s.id}/invitation` })}
                >
                  Resend invitation
                </button>
              )}
              {pendingInvite && s.invitation?.status === 'pending' && (
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  disabled={act.isPending}
                  onClick={() => act.mutate({ method: 'DELETE', path: `/staff/${s.id}/invitation` })}
                >
                  Revoke invitation
                </button>
              )}
            </div>
          )}
        </td>
      </tr>
      {open && (
        <tr className="ofc-row--detail">
          <td colSpan={6} id={`staff-audit-${s.id}`} data-label="History">
            <StaffAudit id={s.id} />
          </td>
        </tr>
      )}
    </Fragment>
  );
}

export default function TeamPage({ me }: { me: Employee; }) {
  usePageTitle('Office · Team');
  const [page, setPage] = useState(1);
  const [q, setQ] = useState('');
  const [notice, setNotice] = useState<{ text: string; error?: boolean; } | null>(null);
  const list = useQuery({
    queryKey: officeKeys.staff({ page, q }),
    queryFn: () => officeGet<Paged & { staff: StaffMember[]; }>(`/staff${qs({ page, q, limit: 25 })}`),
    placeholderData: keepPreviousData,
  });
  const result = (text: string, error?: boolean) => setNotice({ text, error });
  return (
    <section>
      <div className="ofc-head">
        <h1>Team</h1>
      </div>
      {notice && <Notice kind={notice.error ? 'error' : 'success'}>{notice.text}</Notice>}
      <InviteForm me={me} onDone={(t) => result(t)} />
      <div className="ofc-filters">
        <label>
          Search
          <input type="search" value={q} placeholder="Name, e-mail or postcode" onChange={(e) => (setQ(e.target.value), setPage(1))} />
        </label>
      </div>
      {list.isPending ? <Spinner /> : list.isError ? <ErrorNotice error={list.error} fallback="Could not load the team." /> : (
        <>
          <table className="ofc-table">
            <caption className="visually-hidden">Team members</caption>
            <TableHead columns={['Name', 'Email', 'Role', 'Status', PAYROLL_MSG.payRateLabel, 'Actions']} />
            <tbody>
              {list.data.staff.map((s) => <Row key={s.id} s={s} me={me} onResult={result} />)}
            </tbody>
          </table>
          <Pager paged={list.data} onPage={setPage} />
        </>
      )}
    </section>
  );
}
