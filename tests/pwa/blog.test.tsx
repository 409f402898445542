// Public blog: the pure helpers (excerpt, reading time) and the page against a scripted API that pages
// (pages asked of the server, the article's text fetched with the post, offline answers).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, MemoryRouter, RouterProvider } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import { MSG } from '@shared/messages';
import type { BlogListItem, BlogPost } from '@shared/schemas/blog';
import { excerpt as serverExcerpt, readingMinutes as serverMinutes } from '@shared/blog-text';
import { excerpt, readingMinutes, wordCount } from '@shared/blog-text';
import { blogImageUrl, paragraphs } from '@/features/blog/blogText';
import BlogPage from '@/features/blog/BlogPage';
import BlogPostPage from '@/features/blog/BlogPostPage';
import { mockFetch, renderAt } from './customer-render';

afterEach(() => {
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(' ');

describe('blog helpers', () => {
  it('keeps short text whole and cuts long text at 150 characters with an ellipsis', () => {
    expect(excerpt('Short  and\n\nsweet')).toBe('Short and sweet');
    const long = 'a'.repeat(149) + ' bcdef';
    const cut = excerpt(long);
    expect(cut).toBe('a'.repeat(149) + '…');
    expect(excerpt('x'.repeat(150))).toBe('x'.repeat(150));
    expect(excerpt('y'.repeat(151))).toBe('y'.repeat(150) + '…');
  });

  it('reading time is words / 200 rounded up, at least one minute', () => {
    expect(wordCount('  one two\nthree  ')).toBe(3);
    expect(readingMinutes(words(1))).toBe(1);
    expect(readingMinutes(words(200))).toBe(1);
    expect(readingMinutes(words(201))).toBe(2);
    expect(readingMinutes(words(1000))).toBe(5);
    expect(readingMinutes('')).toBe(1);
  });

  it('builds image URLs and splits paragraphs on blank lines', () => {
    expect(blogImageUrl('abc123.webp')).toBe('/uploads/blog/abc123.webp');
    expect(paragraphs('First.\n\nSecond\nline.\n\n\n')).toEqual(['First.', 'Second\nline.']);
  });
});

const post = (i: number, extra: Partial<BlogPost> = {}): BlogPost => ({
  id: `p${i}`,
  slug: `post-number-${i}`,
  title: `Post number ${i}`,
  content: `Body of post ${i}. ${words(250)}`,
  created_at: new Date(Date.UTC(2026, 9, 30 - i)).toISOString(),
  updated_at: new Date(Date.UTC(2026, 9, 30 - i)).toISOString(),
  ...extra,
});

/** A post as the list carries it (what the server makes of it). */
function item(p: BlogPost): BlogListItem {
  const { content, ...rest } = p;
  return { ...rest, excerpt: serverExcerpt(content), reading_minutes: serverMinutes(content) };
}

/** The server's answer for `?page=`, six to a page, and each post's full text. */
function blogServer(all: BlogPost[]) {
  return (c: { path: string; query: Record<string, string>; }) => {
    if (c.path === '/api/blog-posts') {
      const page = Number(c.query.page ?? 1);
      const items = all.slice((page - 1) * 6, page * 6).map(item);
      return { status: 200, body: { success: true, blog_posts: items, page, limit: 6, total: all.length, pages: Math.ceil(all.length / 6) } };
    }
    const one = all.find((p) => c.path === `/api/blog-posts/${p.id}` || c.path === `/api/blog-posts/slug/${p.slug}`);
    return one ? { status: 200, body: { success: true, blog_post: one } } : { status: 404, body: {} };
  };
}

describe('blog page', () => {
  it('lists six posts per page with date, reading time and excerpt, and pages on', async () => {
    const posts = Array.from({ length: 8 }, (_, i) => post(i + 1));
    posts[0] = post(1, { image_path: 'img1.webp' });
    const calls = mockFetch(blogServer(posts));
    renderAt(<BlogPage />, '/blog');
    const user = userEvent.setup();
    await screen.findByText('Post number 1');
    expect(screen.getAllByRole('article')).toHaveLength(6);
    expect(screen.queryByText('Post number 7')).toBeNull();
    const first = screen.getAllByRole('article')[0];
    expect(within(first).getByText(/2 min read/)).toBeTruthy();
    expect(within(first).getByText('29 October 2026')).toBeTruthy();
    const img = first.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/blog/img1.webp');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBeTruthy();
    expect(img.getAttribute('height')).toBeTruthy();
    const shownExcerpt = first.querySelector('.blog-card__excerpt')!.textContent!;
    expect(shownExcerpt.endsWith('…')).toBe(true);
    expect(shownExcerpt.length).toBe(151);

    expect(screen.getByText('8 posts')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Post number 7');
    expect(screen.getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Post number 1');
    // Each page was asked of the server; the first page by its plain URL.
    const asked = calls.filter((c) => c.path === '/api/blog-posts').map((c) => c.query);
    expect(asked.slice(0, 2)).toEqual([{}, { page: '2' }]);
  });

  it('switches between grid and list', async () => {
    mockFetch(blogServer([post(1)]));
    renderAt(<BlogPage />, '/blog');
    const user = userEvent.setup();
    await screen.findByText('Post number 1');
    const list = () => document.querySelector('.blog-list')!;
    expect(list().className).toContain('blog-list--grid');
    expect(screen.getByRole('button', { name: 'Grid' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'List' }));
    expect(list().className).toContain('blog-list--list');
    expect(screen.getByRole('button', { name: 'List' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('navigation', { name: 'Blog pages' })).toBeNull();
  });

  it('opens the article with its full text and only the social links it has, safely', async () => {
    const p = post(1, { content: 'Para one.\n\nPara two is here.', facebook_link: 'https://facebook.com/sc', youtube_link: 'https://youtube.com/@sc' });
    mockFetch(blogServer([p]));
    renderAt(<BlogPage />, '/blog');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Read more/ }));
    const dialog = screen.getByRole('dialog', { name: 'Post number 1' });
    expect(await within(dialog).findByText('Para two is here.')).toBeTruthy();
    const links = within(dialog).getAllByRole('link');
    expect(links.map((a) => a.textContent)).toEqual(['Facebook', 'YouTube']);
    for (const a of links) {
      expect(a.getAttribute('rel')).toBe('noopener noreferrer');
      expect(a.getAttribute('target')).toBe('_blank');
    }
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offline: a saved page still shows; a page never saved says it needs the server, and comes once back online', async () => {
    const posts = Array.from({ length: 8 }, (_, i) => post(i + 1));
    const server = blogServer(posts);
    // Page 1 is what the service worker saved on the last visit; page 2 was never seen.
    let offline = false;
    mockFetch((c) => (offline && c.query.page === '2' ? 'network' : server(c)));
    const client = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 1 } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BlogPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    offline = true;
    onlineManager.setOnline(false);
    await screen.findByText('Post number 1');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(MSG.needsServer)).toBeTruthy();
    // The saved page stays readable meanwhile.
    expect(screen.getByText('Post number 1')).toBeTruthy();
    offline = false;
    onlineManager.setOnline(true);
    await screen.findByText('Post number 7');
    expect(screen.queryByText(MSG.needsServer)).toBeNull();
    expect(screen.getByRole('button', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page');
  });

  it('shows the empty state', async () => {
    mockFetch(blogServer([]));
    renderAt(<BlogPage />, '/blog');
    expect(await screen.findByText('No posts yet')).toBeTruthy();
  });

  it("shows 'Failed to fetch blog posts' when the list cannot be loaded, and retries", async () => {
    let fail = true;
    const server = blogServer([post(3)]);
    mockFetch((c) => (fail ? { status: 500, body: {} } : server(c)));
    renderAt(<BlogPage />, '/blog');
    const user = userEvent.setup();
    expect(await screen.findByText(MSG.fetchBlogFailed)).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getByText('Post number 3')).toBeTruthy());
  });

  it('offline with no saved copy: asks once, then says it needs the server instead of spinning', async () => {
    const calls = mockFetch(() => 'network');
    onlineManager.setOnline(false);
    // The app's own retry rule (network errors are retried), so the retry waits for the network.
    const client = new QueryClient({ defaultOptions: { queries: { retry: 2, retryDelay: 1 } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <BlogPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(await screen.findByText(MSG.needsServer)).toBeTruthy();
    expect(calls.filter((c) => c.path === '/api/blog-posts')).toHaveLength(1);
  });
});

describe('blog post page', () => {
  it("keeps the author's line breaks and lists, as text (nothing typed becomes markup)", async () => {
    const content = 'Our checklist:\n- Kitchen surfaces\n- Bathroom <b>tiles</b>\n\nSteps:\n1. Dust\n2. Hoover\n\nFirst line\nsecond line';
    mockFetch(blogServer([post(3, { content })]));
    renderAt(<BlogPostPage notFound={<h1>Page not found</h1>} />, '/blog/post-number-3', '/blog/:slug');
    const body = (await screen.findByText('Kitchen surfaces')).closest('.article__content')!;
    expect([...body.querySelectorAll('ul > li')].map((li) => li.textContent)).toEqual(['Kitchen surfaces', 'Bathroom <b>tiles</b>']);
    expect([...body.querySelectorAll('ol > li')].map((li) => li.textContent)).toEqual(['Dust', 'Hoover']);
    expect(body.querySelector('b')).toBeNull();
    const last = [...body.querySelectorAll('p')].find((el) => el.textContent?.startsWith('First line'))!;
    expect(last.innerHTML).toBe('First line<br>second line');
    // "Our checklist:" stays its own paragraph above the list.
    expect([...body.querySelectorAll('p')].map((el) => el.textContent)).toContain('Our checklist:');
  });

  it('renders the post on its own: title, date, picture, full text, document title, Back to blog', async () => {
    const p = post(2, { content: 'First paragraph.\n\nSecond paragraph.', image_path: 'tall.webp', instagram_link: 'https://instagram.com/sc' });
    const calls = mockFetch(blogServer([p]));
    renderAt(<BlogPostPage notFound={<h1>Page not found</h1>} />, '/blog/post-number-2', '/blog/:slug');
    expect(await screen.findByText('Second paragraph.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Post number 2' })).toBeTruthy();
    expect(screen.getByText('28 October 2026')).toBeTruthy();
    expect(document.querySelector('.article__frame img')!.getAttribute('src')).toBe('/uploads/blog/tall.webp');
    await waitFor(() => expect(document.title).toMatch(/^Post number 2 — /));
    expect(screen.getByRole('link', { name: 'Instagram' }).getAttribute('rel')).toBe('noopener noreferrer');
    // From a shared link there is no list behind: Back to blog opens it.
    for (const back of screen.getAllByRole('link', { name: /Back to blog/ })) expect(back.getAttribute('href')).toBe('/blog');
    expect(calls.map((c) => c.path)).toContain('/api/blog-posts/slug/post-number-2');
  });

  it('from the list, the title opens the post page and Back to blog returns to the list page it was on', async () => {
    mockFetch(blogServer(Array.from({ length: 8 }, (_, i) => post(i + 1))));
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(
      [
        { path: '/blog', element: <BlogPage /> },
        { path: '/blog/:slug', element: <BlogPostPage /> },
      ],
      { initialEntries: ['/', '/blog?page=2'], initialIndex: 1 },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Post number 7' }));
    // The list's title is shown at once (from the list), the text follows.
    expect(await screen.findByRole('heading', { level: 1, name: 'Post number 7' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/blog/post-number-7');
    await screen.findByText(/Body of post 7/);
    await user.click(screen.getAllByRole('link', { name: /Back to blog/ })[0]);
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    expect(router.state.historyAction).toBe('POP');
    expect(await screen.findByRole('link', { name: 'Post number 7' })).toBeTruthy();
  });

  it('shows the not-found page for a slug no post has', async () => {
    mockFetch(blogServer([post(1)]));
    renderAt(<BlogPostPage notFound={<h1>Page not found</h1>} />, '/blog/no-such-post', '/blog/:slug');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('offline, a post never read on this device says it needs the server', async () => {
    mockFetch(() => 'network');
    renderAt(<BlogPostPage />, '/blog/post-number-1', '/blog/:slug');
    expect(await screen.findByText(MSG.needsServer)).toBeTruthy();
  });
});
