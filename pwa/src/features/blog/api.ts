// Public blog (GET /api/blog-posts), a page at a time, and one post's full text, read through
// TanStack Query. The service worker keeps the last answer of each URL for offline visits.
import { keepPreviousData, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BlogListItem, BlogPost } from '@shared/schemas/blog';
import type { PageInfo } from '@shared/schemas/paging';
import { api } from '@/lib/api';
import { pageOf, withQuery, type Page } from '@/lib/paging';
import { injectedFirstPage, type FirstPage } from './firstPage';

export const blogKeys = {
  all: ['blog-posts', 'public'] as const,
  page: (page: number) => [...blogKeys.all, 'page', page] as const,
  post: (id: string) => [...blogKeys.all, 'post', id] as const,
  slug: (slug: string) => [...blogKeys.all, 'slug', slug] as const,
};

/** Page 1 is the plain URL, so it keeps one cache entry whoever asks for it. */
export const blogPagePath = (page: number) => withQuery('/api/blog-posts', { page: page > 1 ? page : undefined });

export async function fetchBlogPage(page: number): Promise<Page<BlogListItem>> {
  const res = await api<{ blog_posts?: BlogListItem[]; } & Partial<PageInfo>>(blogPagePath(page));
  return pageOf(res.blog_posts, res, page);
}

export async function fetchBlogPost(id: string): Promise<BlogPost> {
  return (await api<{ blog_post: BlogPost; }>(`/api/blog-posts/${encodeURIComponent(id)}`)).blog_post;
}

export async function fetchBlogPostBySlug(slug: string): Promise<BlogPost> {
  return (await api<{ blog_post: BlogPost; }>(`/api/blog-posts/slug/${encodeURIComponent(slug)}`)).blog_post;
}

// offlineFirst: even when the browser says it is offline, ask once, so the service worker's copy
// can answer; without it TanStack would pause and the page would spin.
// `first`: the first page the server put into the page's HTML. It is page 1 as fetched when the page
// was served (not asked again while fresh), and what stays on screen while another page loads.
export function useBlogPage(page: number, first?: FirstPage) {
  return useQuery({
    queryKey: blogKeys.page(page),
    queryFn: () => fetchBlogPage(page),
    networkMode: 'offlineFirst',
    ...(first && page === 1 ? { initialData: first.page, initialDataUpdatedAt: first.at } : {}),
    placeholderData: first ? (previous?: Page<BlogListItem>) => previous ?? first.page : keepPreviousData,
  });
}

const postQuery = (id: string) => ({ queryKey: blogKeys.post(id), queryFn: () => fetchBlogPost(id), networkMode: 'offlineFirst' as const });

export function useBlogPost(id: string | undefined) {
  return useQuery({ ...postQuery(id ?? ''), enabled: Boolean(id) });
}

/** Asks for a post's text as it opens, so it is kept for offline reading even if closed before it shows. */
export const prefetchBlogPost = (client: QueryClient, id: string) => client.prefetchQuery(postQuery(id));

/** The post as a list page already on this device has it (no text yet): its title shows at once. */
function listedPost(client: QueryClient, slug: string): BlogListItem | undefined {
  for (const [, page] of client.getQueriesData<Page<BlogListItem>>({ queryKey: [...blogKeys.all, 'page'] })) {
    const hit = page?.items.find((p) => p.slug === slug);
    if (hit) return hit;
  }
  return injectedFirstPage()?.page.items.find((p) => p.slug === slug);
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
