// The public blog list shares one database query among requests that arrive while it runs, and a
// write on this instance is never hidden by a query that started before it.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlogPost } from '../../api/src/models/BlogPost';
import { listPosts } from '../../api/src/services/blog';
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

const post = (title: string) => form({ title, content: 'Work from top to bottom.', facebook_link: '', instagram_link: '', twitter_link: '', youtube_link: '' });

describe('blog list queries', () => {
  it('answers concurrent list requests from one query, each with its own array', async () => {
    await BlogPost.create({ title: 'Shared', content: 'x' });
    const find = vi.spyOn(BlogPost, 'find');
    try {
      const lists = await Promise.all(Array.from({ length: 8 }, () => listPosts()));
      expect(find).toHaveBeenCalledTimes(1);
      expect(lists.every((l) => l.some((p) => p.title === 'Shared'))).toBe(true);
      expect(new Set(lists).size).toBe(8);
      await listPosts();
      expect(find).toHaveBeenCalledTimes(2); // nothing is kept once the query settled
    } finally {
      find.mockRestore();
    }
  });

  it('a list requested right after a create, update or delete shows it, even while an older query runs', async () => {
    /** Starts a list query that stays in flight (answering an empty list) until release() is called. */
    const stalledList = () => {
      let release!: () => void;
      const gate = new Promise<never[]>((r) => (release = () => r([])));
      const find = vi.spyOn(BlogPost, 'find').mockImplementationOnce((() => ({ sort: () => ({ lean: () => gate }) })) as never);
      const pending = listPosts();
      find.mockRestore();
      return { pending, release };
    };
    const titles = async () => {
      const res = await srv.call('GET', '/api/blog-posts');
      return (res.body as { blog_posts: { id: string; title: string }[] }).blog_posts;
    };

    let older = stalledList();
    const created = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: post('Fresh post') });
    expect(created.status).toBe(201);
    const id = (created.body as { blog_post: { id: string } }).blog_post.id;
    expect((await titles()).map((p) => p.id)).toContain(id);
    older.release();
    expect(await older.pending).toEqual([]);

    older = stalledList();
    expect((await srv.call('PUT', `/api/employee/blog-posts/${id}`, { token: emp.token, body: post('Renamed post') })).status).toBe(200);
    expect((await titles()).find((p) => p.id === id)?.title).toBe('Renamed post');
    older.release();

    older = stalledList();
    expect((await srv.call('DELETE', `/api/employee/blog-posts/${id}`, { token: emp.token })).status).toBe(200);
    expect((await titles()).map((p) => p.id)).not.toContain(id);
    older.release();
  });
});
