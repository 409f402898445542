// The bell's count: the notices sent to the cleaner since they last opened "What we told you" (kept on
// their account, so it holds across devices), and the mark that they opened it.
import { useEffect } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useOnline } from '@/lib/useOnline';
import { useEmployeeSession } from '../auth/EmployeeSession';
import { employeeKeys } from '../keys';

/** How many notices are new; null while it loads, or when it is not current (offline, failed): no badge rather than a stale one. */
export function useUnseenNotices(): number | null {
  const { offline } = useEmployeeSession();
  const online = useOnline();
  const q = useQuery({
    queryKey: employeeKeys.unseenNotices,
    queryFn: () => api<{ unseen: number; }>('/api/employee/notices/unseen', { auth: 'employee' }).then((r) => r.unseen),
  });
  const current = online && !offline && !q.isError && q.fetchStatus !== 'paused';
  return current && typeof q.data === 'number' ? q.data : null;
}

/** The list was opened: everything sent until now is seen, and the bell shows no count. */
export function useMarkNoticesSeen(): void {
  const queryClient = useQueryClient();
  const { mutate } = useMutation({
    mutationFn: () => api<{ unseen: number; }>('/api/employee/notices/seen', { method: 'POST', auth: 'employee' }),
    onSuccess: () => queryClient.setQueryData(employeeKeys.unseenNotices, 0),
  });
  useEffect(() => mutate(), [mutate]);
}
