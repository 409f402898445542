// The first page of posts the server puts into /blog's HTML (api/src/http/static.ts): the answer of
// GET /api/blog-posts for page 1, read once, so the page shows its posts without TanStack Query or a
// second request. A page served without it (the service worker's copy, another page first) has none.
import type { BlogListItem } from '@shared/schemas/blog';
import type { PageInfo } from '@shared/schemas/paging';
import { BLOG_FIRST_PAGE_ID } from '@shared/routes';
import { pageOf, type Page } from '@/lib/paging';

export interface FirstPage {
  page: Page<BlogListItem>;
  /** When it was read: the answer's age as TanStack Query counts it. */
  at: number;
}

let read = false;
let first: FirstPage | undefined;

export function injectedFirstPage(): FirstPage | undefined {
  if (read || typeof document === 'undefined') return first;
  read = true;
  const text = document.getElementById(BLOG_FIRST_PAGE_ID)?.textContent;
  if (!text) return undefined;
  try {
    const res = JSON.parse(text) as { blog_posts?: BlogListItem[]; } & Partial<PageInfo>;
    first = { page: pageOf(res.blog_posts, res, 1), at: Date.now() };
  } catch {
    // Not readable: the page asks the API as it would without it.
  }
  return first;
}
