// The public blog list shares one database query among requests that arrive while it runs, and a
// write on this instance is never hidden by a query that started before it.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlogPost } from '../../api/src/models/BlogPost';
import { publicPostPage } from '../../api/src/services/blog/post-lists';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let emp: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  emp = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
});

/**
 * A revalidation as a browser's HTTP cache sends it. (fetch() with If-None-Match adds
 * `Cache-Control: no-cache`, an end-to-end reload that rightly always gets a full answer.)
 */
function conditionalGet(etag: string): Promise<{ status: number; etag?: string; body: string; }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${srv.url}/api/blog-posts`, { headers: { 'If-None-Match': etag } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode!, etag: res.headers.etag, body }));
      })
      .on('error', reject);
  });
}

const post = (title: string) => form({ title, content: 'Work from top to bottom.', facebook_link: '', instagram_link: '', twitter_link: '', youtube_link: '' });

describe('blog list queries', () => {
  it('answers concurrent requests for one page from one query, and keeps nothing once it settled', async () => {
    await BlogPost.create({ title: 'Shared', content: 'x' });
    const find = vi.spyOn(BlogPost, 'find');
    try {
      const lists = await Promise.all(Array.from({ length: 8 }, () => publicPostPage(1, 3, 0)));
      expect(find).toHaveBeenCalledTimes(1);
      expect(lists.every((l) => l.posts.some((p) => p.title === 'Shared'))).toBe(true);
      expect(new Set(lists).size).toBe(1);
      // Another page is another query.
      await Promise.all([publicPostPage(2, 3, 0), publicPostPage(2, 3, 0)]);
      expect(find).toHaveBeenCalledTimes(2);
      await publicPostPage(1, 3, 0);
      expect(find).toHaveBeenCalledTimes(3); // nothing is kept once the query settled
    } finally {
      find.mockRestore();
    }
  });

  it('a list requested right after a create, update or delete shows it, even while an older query runs', async () => {
    /** Starts a list query that stays in flight (answering an empty list) until release() is called. */
    const stalledList = () => {
      let release!: () => void;
      const gate = new Promise<never[]>((r) => (release = () => r([])));
      const find = vi.spyOn(BlogPost, 'find').mockImplementationOnce(
        (() => ({ sort: () => ({ skip: () => ({ limit: () => ({ lean: () => gate }) }) }) })) as never,
      );
      const pending = publicPostPage(1, 6, 0);
      find.mockRestore();
      return { pending, release };
    };
    const titles = async () => {
      const res = await srv.call('GET', '/api/blog-posts');
      return (res.body as { blog_posts: { id: string; title: string; }[]; }).blog_posts;
    };

    let older = stalledList();
    const created = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: post('Fresh post') });
    expect(created.status).toBe(201);
    const id = (created.body as { blog_post: { id: string; }; }).blog_post.id;
    expect((await titles()).map((p) => p.id)).toContain(id);
    older.release();
    expect((await older.pending).posts).toEqual([]);

    older = stalledList();
    expect((await srv.call('PUT', `/api/employee/blog-posts/${id}`, { token: emp.token, body: post('Renamed post') })).status).toBe(200);
    expect((await titles()).find((p) => p.id === id)?.title).toBe('Renamed post');
    older.release();

    older = stalledList();
    expect((await srv.call('DELETE', `/api/employee/blog-posts/${id}`, { token: emp.token })).status).toBe(200);
    expect((await titles()).map((p) => p.id)).not.toContain(id);
    older.release();
  });

  it('reuses one public answer for BLOG_LIST_MAX_AGE_MS, then queries again (a write elsewhere shows by then)', async () => {
    const find = vi.spyOn(BlogPost, 'find');
    try {
      const first = await srv.call('GET', '/api/blog-posts');
      const queries = find.mock.calls.length; // 0 or 1: the previous test's answer may still be fresh
      // Written straight to the database, as another API instance would: this instance hears nothing.
      await BlogPost.create({ title: 'Written elsewhere', content: 'x' });
      const again = await srv.call('GET', '/api/blog-posts');
      expect(again.body).toEqual(first.body);
      expect(find).toHaveBeenCalledTimes(queries);
      await new Promise((r) => setTimeout(r, 1050)); // the default window is 1000 ms
      const later = await srv.call('GET', '/api/blog-posts');
      expect(later.body.blog_posts.map((p: { title: string; }) => p.title)).toContain('Written elsewhere');
      expect(later.body.total).toBe(first.body.total + 1);
      expect(find).toHaveBeenCalledTimes(queries + 1);
    } finally {
      find.mockRestore();
    }
  });

  it('answers with JSON, an ETag and no-cache, and a 304 without a body while the list is unchanged', async () => {
    const first = await srv.call('GET', '/api/blog-posts');
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^application\/json/);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{20,}"$/);

    const res = await conditionalGet(etag!);
    expect(res.status).toBe(304);
    expect(res.body).toBe('');

    const created = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: post('Changes the ETag') });
    expect(created.status).toBe(201);
    const after = await conditionalGet(etag!);
    expect(after.status).toBe(200);
    expect(after.etag).not.toBe(etag);
    expect((JSON.parse(after.body) as { blog_posts: { title: string; }[]; }).blog_posts.map((p) => p.title)).toContain('Changes the ETag');
  });
});
