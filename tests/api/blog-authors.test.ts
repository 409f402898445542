// Blog posts have an author: a cleaner edits and deletes only their own (another's: 403, nothing
// changed); the office (admin, super-admin) may edit or delete any, and that is in the audit log.
// A post without an author (older data) is the office's only. The employee list says which posts the
// caller may change (can_edit), so the portal offers Edit and Delete on those only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { API_MSG } from '@shared/messages-api';
import { BlogPost } from '../../api/src/models/BlogPost';
import { AuditLog } from '../../api/src/models/AuditLog';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeEmployee, tinyPng, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let author: TestEmployee;
let other: TestEmployee;
let admin: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4', BLOG_LIST_MAX_AGE_MS: '0' });
  [author, other, admin] = await Promise.all([
    makeEmployee(srv, { name: 'Ada Author' }),
    makeEmployee(srv, { name: 'Olly Other' }),
    makeEmployee(srv, { name: 'Alex Admin', role: 'admin' }),
  ]);
});
afterAll(async () => {
  await srv?.close();
});

const blogFiles = () => mongoose.connection.db!.collection('blog.files').countDocuments();
const write = (e: TestEmployee, title: string) =>
  srv.call('POST', '/api/employee/blog-posts', { token: e.token, body: form({ title, content: `Words of ${title}.` }) });
const edit = (e: TestEmployee, id: string, title: string, image = false) =>
  srv.call('PUT', `/api/employee/blog-posts/${id}`, {
    token: e.token,
    body: form({ title, content: 'Changed words.' }, image ? { image: { data: tinyPng(), name: 'x.png' } } : {}),
  });
const remove = (e: TestEmployee, id: string) => srv.call('DELETE', `/api/employee/blog-posts/${id}`, { token: e.token });
const canEdit = async (e: TestEmployee) => {
  const res = await srv.call('GET', '/api/employee/blog-posts?limit=100', { token: e.token });
  expect(res.status).toBe(200);
  return Object.fromEntries((res.body.blog_posts as { title: string; can_edit: boolean; }[]).map((p) => [p.title, p.can_edit]));
};

describe('blog post authors', () => {
  it("a cleaner cannot edit or delete another's post: 403 with a clear message, nothing changed (no image stored either)", async () => {
    const id = (await write(author, "Ada's windows")).body.blog_post.id;
    const files = await blogFiles();
    const put = await edit(other, id, 'Taken over', true);
    expect([put.status, put.body.message]).toEqual([403, API_MSG.blogNotYours]);
    const del = await remove(other, id);
    expect([del.status, del.body.message]).toEqual([403, API_MSG.blogNotYours]);
    expect((await BlogPost.findById(id).lean())?.title).toBe("Ada's windows");
    expect(await blogFiles()).toBe(files);
    // The author still may, and that is no office action: nothing in the audit log.
    expect((await edit(author, id, "Ada's windows, revised")).status).toBe(200);
    expect((await remove(author, id)).status).toBe(200);
    expect(await AuditLog.countDocuments({ 'target.id': id })).toBe(0);
  });

  it("the office may edit and delete anyone's post, and each is in the audit log (who, what, before → after)", async () => {
    const id = (await write(author, 'Oven tips')).body.blog_post.id;
    expect((await edit(admin, id, 'Oven tips (edited by the office)')).status).toBe(200);
    expect((await remove(admin, id)).status).toBe(200);
    expect(await BlogPost.exists({ _id: id })).toBeNull();
    const entries = await AuditLog.find({ 'target.type': 'blog_post', 'target.id': id }).sort({ at: 1, _id: 1 }).lean();
    expect(entries.map((e) => e.action)).toEqual(['blog.edit', 'blog.delete']);
    expect(entries[0]).toMatchObject({
      actor: { id: admin.id, role: 'admin' },
      before: { title: 'Oven tips' },
      after: { title: 'Oven tips (edited by the office)' },
    });
    expect(entries[1]).toMatchObject({ actor: { id: admin.id }, before: { title: 'Oven tips (edited by the office)', author: author.id }, after: null });
  });

  it('a post without an author (older data) is the office’s only', async () => {
    const old = await BlogPost.create({ title: 'From the old site', slug: 'from-the-old-site', content: 'Old words.' });
    const id = String(old._id);
    expect((await edit(author, id, 'Mine now')).status).toBe(403);
    expect((await remove(other, id)).status).toBe(403);
    expect((await BlogPost.findById(id).lean())?.title).toBe('From the old site');
    expect((await edit(admin, id, 'From the old site, tidied')).status).toBe(200);
    expect(await AuditLog.countDocuments({ 'target.id': id, action: 'blog.edit' })).toBe(1);
  });

  it('the list says which posts the caller may change', async () => {
    await write(author, 'By Ada');
    await write(other, 'By Olly');
    const asAda = await canEdit(author);
    expect([asAda['By Ada'], asAda['By Olly'], asAda['From the old site, tidied']]).toEqual([true, false, false]);
    const asOlly = await canEdit(other);
    expect([asOlly['By Ada'], asOlly['By Olly']]).toEqual([false, true]);
    const asAdmin = await canEdit(admin);
    expect([asAdmin['By Ada'], asAdmin['By Olly'], asAdmin['From the old site, tidied']]).toEqual([true, true, true]);
    // The author's id is not handed out with the list.
    const res = await srv.call('GET', '/api/employee/blog-posts', { token: other.token });
    expect(res.body.blog_posts[0].author).toBeUndefined();
  });
});
