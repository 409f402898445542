// One person's office record: every office action on them (invitations, role and profile changes,
// deactivation), read from GET /api/admin/staff/{id} when the row is opened.
import { useQuery } from '@tanstack/react-query';
import type { AuditEntry, StaffMember } from '@shared/schemas/office';
import { Spinner } from '@/components/Spinner';
import { officeGet, officeKeys } from '../api';
import { AuditList } from '../AuditList';
import { ErrorNotice, when } from '../ui';

export function StaffAudit({ id }: { id: string; }) {
  const q = useQuery({ queryKey: officeKeys.staffOne(id), queryFn: () => officeGet<{ staff: StaffMember; audit: AuditEntry[]; }>(`/staff/${id}`) });
  if (q.isPending) return <Spinner />;
  if (q.isError) return <ErrorNotice error={q.error} fallback="Could not load this person's history." />;
  const s = q.data.staff;
  return (
    <div className="ofc-person">
      <p className="ofc-muted">
        On the team since {when(s.created_at)} · last signed in {when(s.last_login)}
      </p>
      <h3 className="ofc-person__title">Office actions on {s.name}</h3>
      <AuditList entries={q.data.audit} />
    </div>
  );
}
