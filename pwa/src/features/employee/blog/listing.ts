// Search, sort and excerpt for Blog Management (spec §2, §9). Pure, so they are easy to test.
import { BLOG_EXCERPT_EMPLOYEE, type BLOG_SORTS } from '../../../../../shared/constants';
import type { BlogPost } from '../../../../../shared/schemas/blog';

export type BlogSort = (typeof BLOG_SORTS)[number];

export const SORT_LABELS: Record<BlogSort, string> = { newest: 'Newest first', oldest: 'Oldest first', title: 'Title A-Z' };

export function visiblePosts(posts: BlogPost[], search: string, sort: BlogSort): BlogPost[] {
  const q = search.trim().toLowerCase();
  const hits = q ? posts.filter((p) => p.title.toLowerCase().includes(q) || p.content.toLowerCase().includes(q)) : posts.slice();
  const time = (p: BlogPost) => Date.parse(p.created_at) || 0;
  if (sort === 'title') return hits.sort((a, b) => a.title.localeCompare(b.title, 'en', { sensitivity: 'base' }));
  return hits.sort((a, b) => (sort === 'newest' ? time(b) - time(a) : time(a) - time(b)));
}

/** The first 120 characters, then '…' (spec §9); short posts are shown whole. */
export function excerpt(content: string, max = BLOG_EXCERPT_EMPLOYEE): string {
  const text = content.replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max).trimEnd()}…` : text;
}
