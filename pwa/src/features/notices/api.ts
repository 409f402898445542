// The customer's notices ("What was I told?"): one page, newest first; opening the list marks them seen
// on the account (what a bell would count from, on every device).
import { useEffect } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { NoticeDto } from '@shared/schemas/notifications';
import type { PageInfo } from '@shared/schemas/paging';
import { api } from '@/lib/api';
import { withQuery } from '@/lib/paging';
import { userKeys } from '@/lib/queryKeys';

const PER_PAGE = 20;
export const noticeKeys = { page: (page: number) => [...userKeys.all, 'notices', page] as const };

export const useMyNotices = (page: number) =>
  useQuery({
    queryKey: noticeKeys.page(page),
    queryFn: () => api<{ notices: NoticeDto[]; } & PageInfo>(withQuery('/api/user/notices', { page, limit: PER_PAGE }), { auth: 'customer' }),
    placeholderData: keepPreviousData,
  });

/** The list was opened: every notice sent until now is seen. */
export function useMarkNoticesSeen(): void {
  const { mutate } = useMutation({ mutationFn: () => api('/api/user/notices/seen', { method: 'POST', auth: 'customer' }) });
  useEffect(() => mutate(), [mutate]);
}
