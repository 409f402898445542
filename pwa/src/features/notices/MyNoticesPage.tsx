// /notices: every message we sent the customer (changes to their visits, receipts, reminders), newest first.
import { useState } from 'react';
import { NOTIFY_MSG as M } from '@shared/messages-notify';
import { NoticeList } from '@/components/NoticeList';
import { usePageTitle } from '@/components/usePageTitle';
import { useMarkNoticesSeen, useMyNotices } from './api';

export default function MyNoticesPage() {
  usePageTitle(M.noticesTitle);
  const [page, setPage] = useState(1);
  const q = useMyNotices(page);
  useMarkNoticesSeen();
  return (
    <section className="container section">
      <h1>{M.noticesTitle}</h1>
      <p>{M.noticesIntro}</p>
      <NoticeList notices={q.data?.notices} page={page} pages={q.data?.pages ?? 1} loading={q.isPending} failed={q.isError} onPage={setPage} />
    </section>
  );
}
