// Blog management: search and sort asked of the server, Load more, the full text fetched for View and
// Edit, excerpt (120 characters then …), delete confirmation, image loading.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { excerpt } from '@/features/employee/blog/listing';
import type { EmployeeBlogListItem } from '@shared/schemas/blog';
import { mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';

afterEach(() => vi.unstubAllGlobals());

const post = (id: string, title: string, created: string, excerptText = 'Short text', can_edit = true): EmployeeBlogListItem => ({
  id,
  slug: id,
  title,
  excerpt: excerptText,
  reading_minutes: 1,
  created_at: created,
  updated_at: created,
  can_edit,
});
const posts = [
  post('p1', 'banana tips', '2026-03-01T00:00:00Z'),
  post('p2', 'Apple care', '2026-01-01T00:00:00Z', 'Ovens and more'),
  post('p3', 'Cherry stains', '2026-02-01T00:00:00Z'),
];
const pageOf = (items: EmployeeBlogListItem[], page = 1, total = items.length, limit = 20) => ({
  success: true,
  blog_posts: items,
  page,
  limit,
  total,
  pages: Math.ceil(total / limit),
});

describe('listing rules', () => {
  it('cuts excerpts at 120 characters and adds an ellipsis', () => {
    const long = 'x'.repeat(130);
    expect(excerpt(long)).toBe(`${'x'.repeat(120)}…`);
    expect(excerpt('y'.repeat(120))).toBe('y'.repeat(120));
  });
});

describe('blog screen', () => {
  it('asks the server to search and sort, and loads more pages', async () => {
    signInEmployee();
    const more = Array.from({ length: 20 }, (_, i) => post(`m${i}`, `Page one post ${i}`, '2026-04-01T00:00:00Z'));
    const calls = mockFetch(
      portalServer({
        'GET /api/employee/blog-posts': (c) => {
          if (c.query.q === 'ovens') return { status: 200, body: pageOf([posts[1]]) };
          if (c.query.sort === 'title') return { status: 200, body: pageOf([posts[1], posts[0], posts[2]]) };
          return { status: 200, body: c.query.page === '2' ? pageOf(posts, 2, 23) : pageOf(more, 1, 23) };
        },
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/blog');
    await screen.findByText('Page one post 0');
    expect(screen.getByText('Showing 20 of 23 posts')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Cherry stains');
    expect(screen.getByText('Showing 23 of 23 posts')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    await user.selectOptions(screen.getByLabelText('Sort'), 'title');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Apple care', 'banana tips', 'Cherry stains']));
    await user.type(screen.getByLabelText('Search'), 'ovens');
    await waitFor(() => expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual(['Apple care']));
    const asked = calls.filter((c) => c.path === '/api/employee/blog-posts').map((c) => c.query);
    expect(asked).toContainEqual({ page: '2' });
    expect(asked).toContainEqual({ sort: 'title' });
    expect(asked).toContainEqual({ q: 'ovens', sort: 'title' });
  });

  it("offers Edit and Delete only on posts the server says this person may change (their own; the office's: all)", async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/blog-posts': () => ({
          status: 200,
          body: pageOf([post('mine', 'My windows', '2026-03-01T00:00:00Z'), post('theirs', 'Their ovens', '2026-02-01T00:00:00Z', 'Text', false)]),
        }),
      }),
    );
    renderPortal('/employee/blog');
    await screen.findByText('Their ovens');
    expect(screen.getByRole('button', { name: 'View Their ovens' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit Their ovens' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete Their ovens' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Edit My windows' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Delete My windows' })).toBeTruthy();
  });

  it('fetches the full text to view and to edit a post', async () => {
    signInEmployee();
    const full = { ...posts[1], content: 'The whole text about ovens, far longer than the excerpt.' };
    mockFetch(
      portalServer({
        'GET /api/employee/blog-posts': () => ({ status: 200, body: pageOf(posts) }),
        'GET /api/employee/blog-posts/p2': () => ({ status: 200, body: { success: true, blog_post: full } }),
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/blog');
    await user.click(await screen.findByRole('button', { name: 'View Apple care' }));
    expect(await within(screen.getByRole('dialog')).findByText(full.content)).toBeTruthy();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Edit Apple care' }));
    const content = (await screen.findByLabelText(/Content/)) as HTMLTextAreaElement;
    expect(content.value).toBe(full.content);
  });

  it('asks before deleting, deletes, and toasts', async () => {
    signInEmployee();
    let list = posts;
    const calls = mockFetch(
      portalServer({
        'GET /api/employee/blog-posts': () => ({ status: 200, body: pageOf(list) }),
        'DELETE /api/employee/blog-posts/p2': () => {
          list = posts.filter((p) => p.id !== 'p2');
          return { status: 200, body: { success: true, message: 'Blog post deleted successfully!' } };
        },
      }),
    );
    const user = userEvent.setup();
    renderPortal('/employee/blog');
    await user.click(await screen.findByRole('button', { name: 'Delete Apple care' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this blog post?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Blog post deleted successfully!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Apple care')).toBeNull());
    expect(calls.some((c) => c.method === 'DELETE')).toBe(true);
  });

  it('refuses a post without title and content, with URL-type social inputs and the image hint', async () => {
    signInEmployee();
    mockFetch(portalServer());
    const user = userEvent.setup();
    renderPortal('/employee/blog');
    await user.click(await screen.findByRole('button', { name: '+ New Post' }));
    expect((screen.getByLabelText('Facebook link') as HTMLInputElement).type).toBe('url');
    expect(screen.getByText('Maximum 200MB. Formats: JPEG, JPG, PNG, GIF, WebP')).toBeTruthy();
    expect(screen.getByLabelText('Image (optional)').getAttribute('accept')).toContain('image/webp');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByText('Title is required')).toBeTruthy();
    expect(screen.getByText('Content is required')).toBeTruthy();
  });

  it("shows 'Failed to load image' when the image cannot be fetched", async () => {
    signInEmployee();
    mockFetch(
      portalServer({
        'GET /api/employee/blog-posts': () => ({ status: 200, body: pageOf([{ ...posts[0], image_path: 'img.png' }]) }),
        'GET /api/employee/blog-posts/p1/image': () => ({ status: 404, body: {} }),
      }),
    );
    renderPortal('/employee/blog');
    expect(await screen.findByText('Failed to load image')).toBeTruthy();
  });
});
