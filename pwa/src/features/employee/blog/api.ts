import { api, apiBlob } from '@/lib/api';
import { pageOf, withQuery, type Page } from '@/lib/paging';
import type { BlogPost, EmployeeBlogListItem } from '@shared/schemas/blog';
import type { PageInfo } from '@shared/schemas/paging';
import type { BlogSort } from './listing';
import { uploadWithProgress } from './upload';

/** A page of the blog list, searched (title and text) and sorted by the server. */
export async function fetchPostsPage(page: number, search: string, sort: BlogSort): Promise<Page<EmployeeBlogListItem>> {
  const path = withQuery('/api/employee/blog-posts', {
    page: page > 1 ? page : undefined,
    q: search.trim() || undefined,
    sort: sort === 'newest' ? undefined : sort,
  });
  const res = await api<{ blog_posts: EmployeeBlogListItem[]; } & Partial<PageInfo>>(path, { auth: 'employee' });
  return pageOf(res.blog_posts, res, page);
}

/** One post with its full text (view and edit). */
export const fetchPost = (id: string) => api<{ blog_post: BlogPost; }>(`/api/employee/blog-posts/${id}`, { auth: 'employee' }).then((r) => r.blog_post);

/** Creates (no id) or updates a post from its form, reporting upload progress (0..1). */
export const savePost = (id: string | undefined, form: FormData, onProgress: (fraction: number) => void) =>
  uploadWithProgress<{ blog_post: BlogPost; }>({
    method: id ? 'PUT' : 'POST',
    path: id ? `/api/employee/blog-posts/${id}` : '/api/employee/blog-posts',
    form,
    onProgress,
  });

export const deletePost = (id: string) => api(`/api/employee/blog-posts/${id}`, { method: 'DELETE', auth: 'employee' });

/** A post's image as bytes (it needs the employee token, so a plain <img src> cannot load it). */
export const fetchPostImage = (id: string) => apiBlob(`/api/employee/blog-posts/${id}/image`, { auth: 'employee' }).then((r) => r.blob);
