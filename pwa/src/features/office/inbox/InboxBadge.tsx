// The number of new inbox items nobody in the office has opened yet, beside Inbox in the office menu.
// The office's inbox, timesheets and figures styles come with the badge, which every office screen shows.
import '../inbox-work.css';
import { useQuery } from '@tanstack/react-query';
import { fetchInboxCounts, inboxKeys } from './api';

export function InboxBadge() {
  const counts = useQuery({ queryKey: inboxKeys.counts, queryFn: fetchInboxCounts, staleTime: 30_000, refetchInterval: 120_000 });
  const n = counts.data?.unopened ?? 0;
  if (!n) return null;
  return (
    <span className="badge ofc-nav__count">
      {n}
      <span className="visually-hidden">unopened</span>
    </span>
  );
}
