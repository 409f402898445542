// Blog over real HTTP: public list, employee CRUD with a real PNG in GridFS, both image URLs,
// replacing and deleting images, type and field checks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { STAFF_MSG } from '@shared/messages-staff';
import { API_MSG } from '@shared/messages-api';
import { BlogPost } from '../../api/src/models/BlogPost';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeEmployee, tinyPng, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let emp: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  emp = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
});

const blogFiles = () => mongoose.connection.db!.collection('blog.files').countDocuments();
const fields = (over: Record<string, string> = {}) => ({
  title: 'Spring cleaning tips',
  content: 'Open the windows first. Then work from top to bottom.',
  facebook_link: 'https://facebook.com/sparkle',
  instagram_link: '',
  twitter_link: '',
  youtube_link: 'https://youtube.com/watch?v=abc',
  ...over,
});

async function fetchBytes(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(srv.url + path, { headers });
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('blog posts', () => {
  it('creates a post with a PNG and serves the image from both URLs', async () => {
    const png = tinyPng(3, 2);
    const res = await srv.call('POST', '/api/employee/blog-posts', {
      token: emp.token,
      body: form(fields(), { image: { data: png, name: 'photo.png', type: 'image/png' } }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: STAFF_MSG.blogCreated,
      blog_post: { title: 'Spring cleaning tips', facebook_link: 'https://facebook.com/sparkle', youtube_link: 'https://youtube.com/watch?v=abc' },
    });
    const post = res.body.blog_post;
    expect(post.instagram_link).toBeUndefined();
    expect(post.image_path).toMatch(/^[a-f0-9]{32}\.png$/);

    const pub = await fetchBytes(`/uploads/blog/${post.image_path}`);
    expect(pub.status).toBe(200);
    expect(pub.headers.get('content-type')).toBe('image/png');
    expect(pub.headers.get('cache-control')).toContain('immutable');
    expect(pub.bytes.equals(png)).toBe(true);
    const etag = pub.headers.get('etag');
    expect(etag).toBeTruthy();
    expect((await fetchBytes(`/uploads/blog/${post.image_path}`, { 'If-None-Match': etag!, 'Cache-Control': 'max-age=0' })).status).toBe(304); // fetch adds no-cache otherwise

    const priv = await fetchBytes(`/api/employee/blog-posts/${post.id}/image`, { Authorization: `Bearer ${emp.token}` });
    expect(priv.status).toBe(200);
    expect(priv.headers.get('content-type')).toBe('image/png');
    expect(priv.bytes.equals(png)).toBe(true);
    expect((await fetchBytes(`/api/employee/blog-posts/${post.id}/image`)).status).toBe(401);
  });

  it('lists posts newest first, publicly and for employees', async () => {
    const a = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: form(fields({ title: 'Older' })) });
    await new Promise((r) => setTimeout(r, 15));
    const b = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: form(fields({ title: 'Newer' })) });
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(a.body.blog_post.image_path).toBeUndefined();

    const pub = await srv.call('GET', '/api/blog-posts');
    expect(pub.status).toBe(200);
    expect(pub.body.success).toBe(true);
    expect(typeof pub.body.message).toBe('string');
    const titles = pub.body.blog_posts.map((p: { title: string; }) => p.title);
    expect(titles.indexOf('Newer')).toBeLessThan(titles.indexOf('Older'));
    expect(pub.body.blog_posts[0]).toHaveProperty('created_at');

    const staff = await srv.call('GET', '/api/employee/blog-posts', { token: emp.token });
    expect(staff.status).toBe(200);
    expect(staff.body.blog_posts.map((p: { id: string; }) => p.id)).toEqual(pub.body.blog_posts.map((p: { id: string; }) => p.id));
  });

  it('also accepts a JSON body when there is no image', async () => {
    const res = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, json: fields({ title: 'Json post' }) });
    expect(res.status).toBe(201);
    expect(res.body.blog_post.title).toBe('Json post');
  });

  it('updates text and replaces the image, removing the old one from GridFS', async () => {
    const created =
      (await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: form(fields(), { image: { data: tinyPng(2, 2), name: 'a.png' } }) })).body
        .blog_post;
    const filesBefore = await blogFiles();

    // Text only: the image stays.
    const textOnly = await srv.call('PUT', `/api/employee/blog-posts/${created.id}`, {
      token: emp.token,
      body: form(fields({ title: 'Renamed', facebook_link: '' })),
    });
    expect(textOnly.status).toBe(200);
    expect(textOnly.body).toMatchObject({
      success: true,
      message: STAFF_MSG.blogUpdated,
      blog_post: { id: created.id, title: 'Renamed', image_path: created.image_path },
    });
    expect(textOnly.body.blog_post.facebook_link).toBeUndefined();

    const newPng = tinyPng(4, 4, [10, 200, 10]);
    const replaced = await srv.call('PUT', `/api/employee/blog-posts/${created.id}`, {
      token: emp.token,
      body: form(fields({ title: 'With new image' }), { image: { data: newPng, name: 'b.png' } }),
    });
    expect(replaced.status).toBe(200);
    const newPath = replaced.body.blog_post.image_path;
    expect(newPath).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(newPath).not.toBe(created.image_path);
    expect((await fetchBytes(`/uploads/blog/${created.image_path}`)).status).toBe(404);
    expect((await fetchBytes(`/uploads/blog/${newPath}`)).bytes.equals(newPng)).toBe(true);
    expect((await fetchBytes(`/api/employee/blog-posts/${created.id}/image`, { Authorization: `Bearer ${emp.token}` })).bytes.equals(newPng)).toBe(true);
    expect(await blogFiles()).toBe(filesBefore);
  });

  it('deletes a post and its image', async () => {
    const created = (await srv.call('POST', '/api/employee/blog-posts', {
      token: emp.token,
      body: form(fields({ title: 'Doomed' }), { image: { data: tinyPng(), name: 'c.png' } }),
    })).body.blog_post;
    const res = await srv.call('DELETE', `/api/employee/blog-posts/${created.id}`, { token: emp.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: STAFF_MSG.blogDeleted });
    expect(await BlogPost.findById(created.id)).toBeNull();
    const img = await srv.call('GET', `/uploads/blog/${created.image_path}`);
    expect([img.status, img.body.message]).toEqual([404, API_MSG.imageNotFound]);
    expect((await srv.call('DELETE', `/api/employee/blog-posts/${created.id}`, { token: emp.token })).status).toBe(404);
    expect((await srv.call('GET', `/api/employee/blog-posts/${created.id}/image`, { token: emp.token })).status).toBe(404);
    const list = await srv.call('GET', '/api/blog-posts');
    expect(list.body.blog_posts.map((p: { id: string; }) => p.id)).not.toContain(created.id);
  });

  it('rejects a text file named .png with 415 and stores nothing', async () => {
    const posts = await BlogPost.countDocuments();
    const files = await blogFiles();
    const res = await srv.call('POST', '/api/employee/blog-posts', {
      token: emp.token,
      body: form(fields(), { image: { data: Buffer.from('this is not an image at all'), name: 'fake.png', type: 'image/png' } }),
    });
    expect([res.status, res.body.message]).toEqual([415, API_MSG.imageWrongType]);
    expect(await BlogPost.countDocuments()).toBe(posts);
    expect(await blogFiles()).toBe(files);
  });

  it('validates the fields before storing any file', async () => {
    const posts = await BlogPost.countDocuments();
    const files = await blogFiles();
    const noTitle = await srv.call('POST', '/api/employee/blog-posts', {
      token: emp.token,
      body: form(fields({ title: '' }), { image: { data: tinyPng(), name: 'd.png' } }),
    });
    expect([noTitle.status, noTitle.body.errors?.title]).toEqual([400, 'Title is required']);
    const badLink = await srv.call('POST', '/api/employee/blog-posts', {
      token: emp.token,
      body: form(fields({ twitter_link: 'javascript:alert(1)' }), { image: { data: tinyPng(), name: 'd.png' } }),
    });
    expect(badLink.status).toBe(400);
    const unknown = await srv.call('POST', '/api/employee/blog-posts', { token: emp.token, body: form({ ...fields(), author: 'me' }) });
    expect(unknown.status).toBe(400);
    expect(await BlogPost.countDocuments()).toBe(posts);
    expect(await blogFiles()).toBe(files);
  });

  it('answers 404 for missing posts and unknown image names, 400 for bad ids', async () => {
    const missing = '0123456789abcdef01234567';
    expect((await srv.call('PUT', `/api/employee/blog-posts/${missing}`, { token: emp.token, body: form(fields()) })).status).toBe(404);
    expect((await srv.call('DELETE', '/api/employee/blog-posts/xyz', { token: emp.token })).status).toBe(400);
    for (const name of ['nope.png', `${'a'.repeat(32)}.png`, '..%2F..%2Fetc%2Fpasswd']) {
      const res = await srv.call('GET', `/uploads/blog/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.body.message).toBe(API_MSG.imageNotFound);
    }
  });
});
