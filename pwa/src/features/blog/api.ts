// Public blog list (spec §7: GET /api/blog-posts), read through TanStack Query.
import { useQuery } from '@tanstack/react-query';
import type { BlogPost } from '../../../../shared/schemas/blog';
import { api } from '../../lib/api';

export const blogKeys = { list: ['blog-posts', 'public'] as const };

export async function fetchBlogPosts(): Promise<BlogPost[]> {
  const res = await api<{ blog_posts?: BlogPost[] }>('/api/blog-posts');
  return res.blog_posts ?? [];
}

export function useBlogPosts() {
  // offlineFirst: even when the browser says it is offline, ask once, so the service worker's copy
  // of the list can answer; without it TanStack would pause and the page would spin.
  return useQuery({ queryKey: blogKeys.list, queryFn: fetchBlogPosts, networkMode: 'offlineFirst' });
}
