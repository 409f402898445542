import { useState } from 'react';
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api';
import { DELAY } from '@shared/constants';
import { STAFF_MSG } from '@shared/messages-staff';
import type { EmployeeBlogListItem } from '@shared/schemas/blog';
import { nextPageParam, type Page } from '@/lib/paging';
import { employeeKeys } from '../keys';
import { useEmployeeToast } from '../useEmployeeToast';
import { deletePost, fetchPost, fetchPostsPage, savePost } from './api';
import type { BlogSort } from './listing';

/** The blog list for one search and sort, a page at a time (Load more asks for the next). */
export function useBlogPosts(search: string, sort: BlogSort) {
  return useInfiniteQuery({
    queryKey: employeeKeys.blogPages(search, sort),
    queryFn: ({ pageParam }) => fetchPostsPage(pageParam, search, sort),
    initialPageParam: 1,
    getNextPageParam: nextPageParam,
    // A new search keeps the current cards until its answer arrives (no flash of a spinner per key).
    placeholderData: keepPreviousData,
  });
}

/** One post with its full text, for View and Edit. */
export function useBlogPost(id: string | undefined) {
  return useQuery({ queryKey: employeeKeys.blogPost(id ?? ''), queryFn: () => fetchPost(id!), enabled: Boolean(id) });
}

export interface SaveRequest {
  /** Absent for a new post. */
  id?: string;
  form: FormData;
}

/** Create or update with upload progress (0..1, null when idle); its toasts stay 5 s. */
export function useSavePost(onSaved: () => void) {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, form }: SaveRequest) => savePost(id, form, setProgress),
    onMutate: () => setProgress(0),
    onSuccess: (_res, { id }) => {
      toast.show(id ? STAFF_MSG.blogUpdated : STAFF_MSG.blogCreated, 'success', DELAY.blogToastMs);
      onSaved();
    },
    onError: (err, { id }) => toast.show(errorMessage(err, id ? STAFF_MSG.updateBlogFailed : STAFF_MSG.createBlogFailed), 'error', DELAY.blogToastMs),
    onSettled: () => {
      setProgress(null);
      return queryClient.invalidateQueries({ queryKey: employeeKeys.blog });
    },
  });
  return { ...mutation, progress };
}

export function useDeletePost(onDeleted: () => void) {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  return useMutation({
    mutationFn: (id: string) => deletePost(id),
    onSuccess: (_res, id) => {
      // Gone from every loaded page of every search at once; the refetch below brings the totals.
      queryClient.setQueriesData<InfiniteData<Page<EmployeeBlogListItem>>>(
        { queryKey: [...employeeKeys.blog, 'pages'] },
        (data) => data ? { ...data, pages: data.pages.map((p) => ({ ...p, items: p.items.filter((post) => post.id !== id) })) } : data,
      );
      toast.show(STAFF_MSG.blogDeleted, 'success', DELAY.blogToastMs);
      onDeleted();
    },
    onError: (err) => toast.show(errorMessage(err, STAFF_MSG.deleteBlogFailed), 'error', DELAY.blogToastMs),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.blog }),
  });
}
