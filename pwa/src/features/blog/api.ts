// Public blog (GET /api/blog-posts), a page at a time, and one post's full text, read through
// TanStack Query. The service worker keeps the last answer of each URL for offline visits.
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BlogListItem, BlogPost } from '@shared/schemas/blog';
import type { PageInfo } from '@shared/schemas/paging';
import { api } from '@/lib/api';
import { pageOf, withQuery, type Page } from '@/lib/paging';

export const blogKeys = {
  all: ['blog-posts', 'public'] as const,
  page: (page: number) => [...blogKeys.all, 'page', page] as const,
  post: (id: string) => [...blogKeys.all, 'post', id] as const,
  slug: (slug: string) => [...blogKeys.all, 'slug', slug] as const,
};

/** The page of one post, /blog/{slug}: what the list cards link to and what people share. */
export const blogPostPath = (slug: string) => `/blog/${encodeURIComponent(slug)}`;

/** Page 1 is the plain URL, so it keeps one cache entry whoever asks for it. */
export const blogPagePath = (page: number) => withQuery('/api/blog-posts', { page: page > 1 ? page : undefined });

export async function fetchBlogPage(page: number): Promise<Page<BlogListItem>> {
  const res = await api<{ blog_posts?: BlogListItem[] } & Partial<PageInfo>>(blogPagePath(page));
  return pageOf(res.blog_posts, res, page);
}

export async function fetchBlogPost(id: string): Promise<BlogPost> {
  return (await api<{ blog_post: BlogPost }>(`/api/blog-posts/${encodeURIComponent(id)}`)).blog_post;
}

export async function fetchBlogPostBySlug(slug: string): Promise<BlogPost> {
  return (await api<{ blog_post: BlogPost }>(`/api/blog-posts/slug/${encodeURIComponent(slug)}`)).blog_post;
}

// offlineFirst: even when the browser says it is offline, ask once, so the service worker's copy
// can answer; without it TanStack would pause and the page would spin.
export function useBlogPage(page: number) {
  return useQuery({ queryKey: blogKeys.page(page), queryFn: () => fetchBlogPage(page), networkMode: 'offlineFirst', placeholderData: keepPreviousData });
}

export function useBlogPost(id: string | undefined) {
  return useQuery({ queryKey: blogKeys.post(id ?? ''), queryFn: () => fetchBlogPost(id!), enabled: Boolean(id), networkMode: 'offlineFirst' });
}

/** The post as a list page already on this device has it (no text yet): its title shows at once. */
function listedPost(client: QueryClient, slug: string): BlogListItem | undefined {
  for (const [, page] of client.getQueriesData<Page<BlogListItem>>({ queryKey: [...blogKeys.all, 'page'] })) {
    const hit = page?.items.find((p) => p.slug === slug);
    if (hit) return hit;
  }
  return undefined;
}

/** One post by its address (a missing post is a 404 answer, which the app's client does not retry). */
export function useBlogPostBySlug(slug: string) {
  const client = useQueryClient();
  const query = useQuery({
    queryKey: blogKeys.slug(slug),
    queryFn: () => fetchBlogPostBySlug(slug),
    networkMode: 'offlineFirst',
  });
  return { ...query, listed: query.data ? undefined : listedPost(client, slug) };
}
