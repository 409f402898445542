// The addresses the app answers (pwa/src/app/router.tsx), so the server can say 404 for any other
// path while still sending the app, which shows its not-found page. Keep in step with the router.
const PAGES = [
  'about',
  'services',
  'enquiry',
  'blog',
  'career',
  'contact',
  'privacy',
  'terms',
  'login',
  'signup',
  'profile',
  'profileg',
  'orders',
  'statements',
  'outbox',
  'unsubscribe',
  'visit-link',
];

const ROUTES: readonly RegExp[] = [
  /^\/$/,
  new RegExp(`^/(?:${PAGES.join('|')})/?$`),
  /^\/blog\/[^/]+\/?$/,
  // The employee portal and the office route inside themselves; their own not-found pages apply.
  /^\/(?:employee|office)(?:\/.*)?$/,
];

export const isAppRoute = (pathname: string): boolean => ROUTES.some((r) => r.test(pathname));

/** The slug of a blog post page (/blog/{slug}), else null: the server answers 404 when no post has it. */
export function blogSlugOf(pathname: string): string | null {
  const m = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return m[1];
  }
}

/**
 * The id of the `<script type="application/json">` in which the server hands /blog its first page of
 * posts (the answer of GET /api/blog-posts): the page shows them without asking the API again.
 */
export const BLOG_FIRST_PAGE_ID = 'blog-first-page';
