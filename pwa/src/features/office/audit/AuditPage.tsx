// /office/audit: every office action, newest first, paged on the server.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditEntry, Paged } from '@shared/schemas/office';
import { Spinner } from '@/components/Spinner';
import { usePageTitle } from '@/components/usePageTitle';
import { officeGet, officeKeys, qs } from '../api';
import { AuditList } from '../AuditList';
import { ErrorNotice, Pager } from '../ui';

export default function AuditPage() {
  usePageTitle('Office · Audit log');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: officeKeys.audit({ page }),
    queryFn: () => officeGet<Paged & { entries: AuditEntry[]; }>(`/audit${qs({ page, limit: 25 })}`),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <div className="ofc-head">
        <h1>Audit log</h1>
      </div>
      {q.isPending ? <Spinner /> : q.isError ? <ErrorNotice error={q.error} fallback="Could not load the audit log." /> : (
        <div className="card ofc-section">
          <AuditList entries={q.data.entries} showTarget />
          <Pager paged={q.data} onPage={setPage} />
        </div>
      )}
    </section>
  );
}
