// Every blog post has its own address, /blog/{slug}: made from the title, unique, unchanged by an
// edit, found by GET /api/blog-posts/slug/{slug}; posts stored before slugs get one at start; the
// page of a slug no post has answers 404 (with the app's not-found page).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import mongoose from 'mongoose';
import { slugify, isBlogSlug } from '@shared/blog-slug';
import { BlogPost } from '../../api/src/models/BlogPost';
import { backfillBlogSlugs } from '../../api/src/services/blog/blog';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let emp: TestEmployee;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'sc-dist-'));
  await writeFile(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
  await writeFile(path.join(dist, 'shell.html'), '<!doctype html><div id="root"></div>');
  srv = await startTestServer({ BCRYPT_COST: '4', PWA_DIST_DIR: dist });
  emp = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
});

const create = (title: string) =>
  srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: form({ title, content: 'Some words about cleaning.' }) });

describe('slugify', () => {
  it('makes small-letter words joined by hyphens from any title', () => {
    expect(slugify('Spring-clean: 10 tips (2026)!')).toBe('spring-clean-10-tips-2026');
    expect(slugify('Crème brûlée & Ovens')).toBe('creme-brulee-and-ovens');
    expect(slugify("Don't forget the hob")).toBe('dont-forget-the-hob');
    expect(slugify('!!!')).toBe('post');
    const long = slugify('word '.repeat(60));
    expect(long.length).toBeLessThanOrEqual(76);
    expect(isBlogSlug(long)).toBe(true);
  });
});

describe('blog post addresses', () => {
  it('gives each post a unique slug from its title, kept when the title changes', async () => {
    const a = await create('Oven cleaning, the easy way');
    const b = await create('Oven cleaning, the easy way!');
    expect(a.status).toBe(201);
    expect(a.body.blog_post.slug).toBe('oven-cleaning-the-easy-way');
    expect(b.body.blog_post.slug).toBe('oven-cleaning-the-easy-way-2');

    const edited = await srv.call('PUT', `/api/employee/blog-posts/${a.body.blog_post.id}`, {
      token: emp.token,
      body: form({ title: 'A new title', content: 'Other words.' }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.blog_post.slug).toBe('oven-cleaning-the-easy-way');

    const bySlug = await srv.call('GET', '/api/blog-posts/slug/oven-cleaning-the-easy-way');
    expect(bySlug.status).toBe(200);
    expect(bySlug.body.blog_post).toMatchObject({ id: a.body.blog_post.id, title: 'A new title', content: 'Other words.' });
    // By id still works, and the list carries the slug for the card's link.
    expect((await srv.call('GET', `/api/blog-posts/${a.body.blog_post.id}`)).body.blog_post.slug).toBe('oven-cleaning-the-easy-way');
    const list = await srv.call('GET', '/api/blog-posts?limit=50');
    expect(list.body.blog_posts.find((p: { id: string; }) => p.id === b.body.blog_post.id).slug).toBe('oven-cleaning-the-easy-way-2');
  });

  it('answers 404 for a slug no post has, and for text that cannot be a slug', async () => {
    expect((await srv.call('GET', '/api/blog-posts/slug/no-such-post')).status).toBe(404);
    expect((await srv.call('GET', '/api/blog-posts/slug/Not%20A%20Slug')).status).toBe(404);
  });

  it('serves /blog/{slug} as the app with 200 for a post and 404 for a slug no post has', async () => {
    await create('Windows without streaks');
    const page = await fetch(`${srv.url}/blog/windows-without-streaks`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/text\/html/);
    const missing = await fetch(`${srv.url}/blog/windows-with-streaks`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('<div id="root">');
    expect((await fetch(`${srv.url}/blog`)).status).toBe(200);
  });

  it('gives posts stored before slugs one at start, oldest first; until then they answer at their id', async () => {
    const _id = new mongoose.Types.ObjectId();
    await BlogPost.collection.insertOne({
      _id,
      title: 'Windows without streaks',
      content: 'Old text.',
      created_at: new Date(2020, 0, 1),
      updated_at: new Date(2020, 0, 1),
    });
    const before = await srv.call('GET', `/api/blog-posts/slug/${_id}`);
    expect(before.status).toBe(200);
    expect(before.body.blog_post.slug).toBe(String(_id));
    expect(await backfillBlogSlugs()).toBe(1);
    const after = await srv.call('GET', `/api/blog-posts/${_id}`);
    // The title is taken by a newer post already: the old one gets the next free address.
    expect(after.body.blog_post.slug).toBe('windows-without-streaks-2');
    expect((await srv.call('GET', '/api/blog-posts/slug/windows-without-streaks-2')).body.blog_post.id).toBe(String(_id));
    expect((await srv.call('GET', `/api/blog-posts/slug/${_id}`)).status).toBe(404);
    expect(await backfillBlogSlugs()).toBe(0);
  });
});
