// Sort labels and the excerpt for Blog Management. Search and sort run on the server.
import { BLOG_EXCERPT_EMPLOYEE, type BLOG_SORTS } from '@shared/constants';
import { excerpt as cut } from '@shared/blog-text';

export type BlogSort = (typeof BLOG_SORTS)[number];

export const SORT_LABELS: Record<BlogSort, string> = { newest: 'Newest first', oldest: 'Oldest first', title: 'Title A-Z' };

/** The first 120 characters, then '…'; short posts are shown whole. */
export function excerpt(content: string, max = BLOG_EXCERPT_EMPLOYEE): string {
  return cut(content, max);
}
