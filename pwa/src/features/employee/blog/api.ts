import { api } from '@/lib/api';
import { pageOf, withQuery, type Page } from '@/lib/paging';
import type { BlogListItem, BlogPost } from '@shared/schemas/blog';
import type { PageInfo } from '@shared/schemas/paging';
import type { BlogSort } from './listing';

/** A page of the blog list, searched (title and text) and sorted by the server. */
export async function fetchPostsPage(page: number, search: string, sort: BlogSort): Promise<Page<BlogListItem>> {
  const path = withQuery('/api/employee/blog-posts', { page: page > 1 ? page : undefined, q: search.trim() || undefined, sort: sort === 'newest' ? undefined : sort });
  const res = await api<{ blog_posts: BlogListItem[] } & Partial<PageInfo>>(path, { auth: 'employee' });
  return pageOf(res.blog_posts, res, page);
}

/** One post with its full text (view and edit). */
export const fetchPost = (id: string) => api<{ blog_post: BlogPost }>(`/api/employee/blog-posts/${id}`, { auth: 'employee' }).then((r) => r.blog_post);

export const deletePost = (id: string) => api(`/api/employee/blog-posts/${id}`, { method: 'DELETE', auth: 'employee' });
