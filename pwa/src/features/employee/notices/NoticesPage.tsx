// /employee/notices: every message we sent the cleaner (their visits' changes, cover offers, time off),
// newest first — where the portal's bell leads; opening it clears the bell's count.
import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { NOTIFY_MSG as M } from '@shared/messages-notify';
import type { NoticeDto } from '@shared/schemas/notifications';
import type { PageInfo } from '@shared/schemas/paging';
import { NoticeList } from '@/components/NoticeList';
import { usePageTitle } from '@/components/usePageTitle';
import { api } from '@/lib/api';
import { withQuery } from '@/lib/paging';
import { employeeKeys } from '../keys';
import { useMarkNoticesSeen } from './unseen';

const PER_PAGE = 20;

export default function NoticesPage() {
  usePageTitle(M.noticesTitle);
  const [page, setPage] = useState(1);
  useMarkNoticesSeen();
  const q = useQuery({
    queryKey: employeeKeys.notices(page),
    queryFn: () => api<{ notices: NoticeDto[]; } & PageInfo>(withQuery('/api/employee/notices', { page, limit: PER_PAGE }), { auth: 'employee' }),
    placeholderData: keepPreviousData,
  });
  return (
    <section>
      <h1>{M.noticesTitle}</h1>
      <p>{M.noticesIntro}</p>
      <NoticeList notices={q.data?.notices} page={page} pages={q.data?.pages ?? 1} loading={q.isPending} failed={q.isError} onPage={setPage} />
    </section>
  );
}
