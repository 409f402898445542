import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api';
import { DELAY } from '../../../../../shared/constants';
import { MSG } from '../../../../../shared/messages';
import type { BlogPost } from '../../../../../shared/schemas/blog';
import { employeeKeys } from '../keys';
import { useEmployeeToast } from '../useEmployeeToast';
import { deletePost, fetchPosts } from './api';
import { uploadWithProgress } from './upload';

export function useBlogPosts() {
  return useQuery({ queryKey: employeeKeys.blog, queryFn: fetchPosts });
}

export interface SaveRequest {
  /** Absent for a new post. */
  id?: string;
  form: FormData;
}

/** Create or update with upload progress (0..1, null when idle); toasts per spec §8 (5 s). */
export function useSavePost(onSaved: () => void) {
  const queryClient = useQueryClient();
  const toast = useEmployeeToast();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: ({ id, form }: SaveRequest) =>
      uploadWithProgress<{ blog_post: BlogPost }>({
        method: id ? 'PUT' : 'POST',
        path: id ? `/api/employee/blog-posts/${id}` : '/api/employee/blog-posts',
        form,
        onProgress: setProgress,
      }),
    onMutate: () => setProgress(0),
    onSuccess: (_res, { id }) => {
      toast.show(id ? MSG.blogUpdated : MSG.blogCreated, 'success', DELAY.blogToastMs);
      onSaved();
    },
    onError: (err, { id }) => toast.show(errorMessage(err, id ? MSG.updateBlogFailed : MSG.createBlogFailed), 'error', DELAY.blogToastMs),
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
      queryClient.setQueryData<BlogPost[]>(employeeKeys.blog, (list) => list?.filter((p) => p.id !== id));
      toast.show(MSG.blogDeleted, 'success', DELAY.blogToastMs);
      onDeleted();
    },
    onError: (err) => toast.show(errorMessage(err, MSG.deleteBlogFailed), 'error', DELAY.blogToastMs),
    onSettled: () => queryClient.invalidateQueries({ queryKey: employeeKeys.blog }),
  });
}
