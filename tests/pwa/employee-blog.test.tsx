// Blog management: search, sort, excerpt (120 characters then …), delete confirmation, image loading.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { excerpt, visiblePosts } from '../../pwa/src/features/employee/blog/listing';
import type { BlogPost } from '../../shared/schemas/blog';
import { mockFetch, portalServer, renderPortal, signInEmployee } from './employee-render';

afterEach(() => vi.unstubAllGlobals());

const post = (id: string, title: string, created: string, content = 'Short text'): BlogPost => ({
  id,
  title,
  content,
  created_at: created,
  updated_at: created,
});
const posts = [post('p1', 'banana tips', '2026-03-01T00:00:00Z'), post('p2', 'Apple care', '2026-01-01T00:00:00Z', 'Ovens and more'), post('p3', 'Cherry stains', '2026-02-01T00:00:00Z')];

describe('listing rules', () => {
  it('sorts newest, oldest and title A-Z, and searches title and content', () => {
    expect(visiblePosts(posts, '', 'newest').map((p) => p.id)).toEqual(['p1', 'p3', 'p2']);
    expect(visiblePosts(posts, '', 'oldest').map((p) => p.id)).toEqual(['p2', 'p3', 'p1']);
    expect(visiblePosts(posts, '', 'title').map((p) => p.title)).toEqual(['Apple care', 'banana tips', 'Cherry stains']);
    expect(visiblePosts(posts, 'OVENS', 'newest').map((p) => p.id)).toEqual(['p2']);
  });

  it('cuts excerpts at 120 characters and adds an ellipsis', () => {
    const long = 'x'.repeat(130);
    expect(excerpt(long)).toBe(`${'x'.repeat(120)}…`);
    expect(excerpt('y'.repeat(120))).toBe('y'.repeat(120));
  });
});

describe('blog screen', () => {
  it('asks before deleting, deletes, and toasts', async () => {
    signInEmployee();
    let list = posts;
    const calls = mockFetch(
      portalServer({
        'GET /api/employee/blog-posts': () => ({ status: 200, body: { success: true, blog_posts: list } }),
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
        'GET /api/employee/blog-posts': () => ({ status: 200, body: { success: true, blog_posts: [{ ...posts[0], image_path: 'img.png' }] } }),
        'GET /api/employee/blog-posts/p1/image': () => ({ status: 404, body: {} }),
      }),
    );
    renderPortal('/employee/blog');
    expect(await screen.findByText('Failed to load image')).toBeTruthy();
  });
});
