// Every list answer is a page: `page`/`limit` (limit at most 100) with `total` and `pages` beside the
// spec's answer key, filters applied by the server, clear 400s for bad paging values, and joins that
// cost as much as the page (not the whole list).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BlogPost } from '../../api/src/models/BlogPost';
import { Booking } from '../../api/src/models/Booking';
import { User } from '../../api/src/models/User';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeBooking, makeCustomer, makeEmployee, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let emp: TestEmployee;
beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4', BLOG_LIST_MAX_AGE_MS: '0' });
  emp = await makeEmployee(srv);
});
afterAll(async () => {
  await srv?.close();
});

const ids = (rows: { id: string; }[]) => rows.map((r) => r.id);
/** Documents created one millisecond apart at least, so "newest first" has one right answer. */
const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 12, 0, i));

/** The bad values every paged list refuses, each with a message naming the parameter. */
const BAD_PAGING: Array<[string, RegExp]> = [
  ['limit=101', /limit must be at most 100/],
  ['limit=0', /limit must be a whole number/],
  ['limit=abc', /limit must be a whole number/],
  ['limit=2.5', /limit must be a whole number/],
  ['page=0', /page must be a whole number/],
  ['page=-1', /page must be a whole number/],
  ['page=', /page must be a whole number/],
  ['page=1&page=2', /page must be a whole number/],
  ['page=99999999', /page must be a whole number/],
  ['pgae=2', /Unrecognized key/],
];

async function expectBadPaging(path: string, token?: string) {
  for (const [query, message] of BAD_PAGING) {
    const res = await srv.call('GET', `${path}?${query}`, { token });
    expect(res.status, `${path}?${query}`).toBe(400);
    expect(res.body.success, query).toBe(false);
    expect(res.body.message, query).toMatch(message);
  }
}

describe('public blog list', () => {
  let postIds: string[] = [];
  beforeAll(async () => {
    const long = `${'Clean from the top down. '.repeat(40)}END`;
    const docs = await BlogPost.insertMany(
      Array.from(
        { length: 14 },
        (_, i) => ({ title: `Post ${String(i).padStart(2, '0')}`, content: i === 13 ? long : `Short text ${i}`, created_at: at(i), updated_at: at(i) }),
      ),
    );
    postIds = docs.map((d) => String(d._id)).reverse(); // newest first
  });

  it('answers pages of 6 by default, newest first, with total and pages beside blog_posts', async () => {
    const first = await srv.call('GET', '/api/blog-posts');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, page: 1, limit: 6, total: 14, pages: 3 });
    expect(ids(first.body.blog_posts)).toEqual(postIds.slice(0, 6));
    const third = await srv.call('GET', '/api/blog-posts?page=3');
    expect(ids(third.body.blog_posts)).toEqual(postIds.slice(12));
    const past = await srv.call('GET', '/api/blog-posts?page=9');
    expect(past.status).toBe(200);
    expect(past.body).toMatchObject({ blog_posts: [], total: 14, page: 9 });
    const big = await srv.call('GET', '/api/blog-posts?limit=100');
    expect(ids(big.body.blog_posts)).toEqual(postIds);
  });

  it('list items carry an excerpt and the reading time; the text comes with the single post', async () => {
    const res = await srv.call('GET', '/api/blog-posts?limit=1');
    const item = res.body.blog_posts[0];
    expect(item.content).toBeUndefined();
    expect(item.excerpt.length).toBeLessThanOrEqual(151);
    expect(item.excerpt.length).toBeGreaterThan(140);
    expect(item.excerpt.endsWith('…')).toBe(true);
    expect(item.reading_minutes).toBe(2); // 201 words of the whole text, not of the excerpt
    const one = await srv.call('GET', `/api/blog-posts/${item.id}`);
    expect(one.status).toBe(200);
    expect(one.body.blog_post.content.endsWith('END')).toBe(true);
    expect(one.body.blog_post.title).toBe(item.title);
    expect((await srv.call('GET', '/api/blog-posts/0123456789abcdef01234567')).status).toBe(404);
    expect((await srv.call('GET', '/api/blog-posts/nope')).status).toBe(400);
  });

  it('refuses bad paging values with a clear 400', async () => {
    await expectBadPaging('/api/blog-posts');
  });
});

describe('employee blog list', () => {
  it('searches title and text and sorts on the server, a page at a time', async () => {
    await BlogPost.insertMany([
      { title: 'zebra stripes', content: 'Needle in the text', created_at: at(40), updated_at: at(40) },
      { title: 'Apple cider vinegar', content: 'plain', created_at: at(41), updated_at: at(41) },
      { title: 'A needle story', content: 'plain', created_at: at(42), updated_at: at(42) },
    ]);
    const titles = (r: { body: { blog_posts: { title: string; }[]; }; }) => r.body.blog_posts.map((p) => p.title);
    const found = await srv.call('GET', '/api/employee/blog-posts?q=NEEDLE', { token: emp.token });
    expect(found.status).toBe(200);
    expect(titles(found)).toEqual(['A needle story', 'zebra stripes']);
    expect(found.body).toMatchObject({ total: 2, page: 1, limit: 20, pages: 1 });
    // A search is text, never a pattern.
    expect((await srv.call('GET', '/api/employee/blog-posts?q=.*', { token: emp.token })).body.total).toBe(0);
    const byTitle = await srv.call('GET', '/api/employee/blog-posts?sort=title&limit=2', { token: emp.token });
    expect(titles(byTitle)).toEqual(['A needle story', 'Apple cider vinegar']);
    // A-Z whatever the case, also for a post stored before the sort key existed.
    await BlogPost.collection.insertOne({ title: 'Zz legacy', content: 'old', created_at: at(43), updated_at: at(43) });
    const last = await srv.call('GET', `/api/employee/blog-posts?sort=title&limit=1&page=${byTitle.body.total}`, { token: emp.token });
    expect(titles(last)).toEqual(['zebra stripes']);
    const legacy = await srv.call('GET', `/api/employee/blog-posts?sort=title&limit=1&page=${byTitle.body.total + 1}`, { token: emp.token });
    expect(titles(legacy)).toEqual(['Zz legacy']);
    expect(byTitle.body.pages).toBe(Math.ceil(byTitle.body.total / 2));
    const oldest = await srv.call('GET', '/api/employee/blog-posts?sort=oldest&limit=1', { token: emp.token });
    expect(titles(oldest)).toEqual(['Post 00']);
    expect(oldest.body.blog_posts[0].content).toBeUndefined();
    const one = await srv.call('GET', `/api/employee/blog-posts/${found.body.blog_posts[1].id}`, { token: emp.token });
    expect(one.body.blog_post.content).toBe('Needle in the text');
  });

  it('refuses bad values', async () => {
    await expectBadPaging('/api/employee/blog-posts', emp.token);
    const sort = await srv.call('GET', '/api/employee/blog-posts?sort=random', { token: emp.token });
    expect(sort.status).toBe(400);
    expect(sort.body.message).toMatch(/sort must be one of: newest, oldest, title/);
    expect((await srv.call('GET', `/api/employee/blog-posts?q=${'x'.repeat(101)}`, { token: emp.token })).status).toBe(400);
  });
});

describe('available bookings', () => {
  it('filters by type on the server and pages, newest first', async () => {
    const cust = await makeCustomer(srv);
    const deep: string[] = [];
    for (let i = 0; i < 5; i++) deep.unshift(await makeBooking(cust.id, { cleaningType: 'Deep', created_at: at(100 + i) }));
    const standard = await makeBooking(cust.id, { cleaningType: 'Standard', created_at: at(110) });
    const declined = await makeBooking(cust.id, { cleaningType: 'Deep', created_at: at(111), declined_by: [emp.id] });

    const page1 = await srv.call('GET', '/api/employee/available-bookings?type=deep&limit=2', { token: emp.token });
    expect(page1.status).toBe(200);
    expect(page1.body).toMatchObject({ success: true, page: 1, limit: 2, total: 5, pages: 3 });
    expect(ids(page1.body.bookings)).toEqual(deep.slice(0, 2));
    const page3 = await srv.call('GET', '/api/employee/available-bookings?type=deep&limit=2&page=3', { token: emp.token });
    expect(ids(page3.body.bookings)).toEqual(deep.slice(4));
    const all = await srv.call('GET', '/api/employee/available-bookings', { token: emp.token });
    expect(all.body.total).toBe(6);
    expect(ids(all.body.bookings)).toContain(standard);
    expect(ids(all.body.bookings)).not.toContain(declined);
    const regular = await srv.call('GET', '/api/employee/available-bookings?type=regular', { token: emp.token });
    expect(ids(regular.body.bookings)).toEqual([standard]);
    const none = await srv.call('GET', '/api/employee/available-bookings?type=move', { token: emp.token });
    expect(none.body).toMatchObject({ bookings: [], total: 0, pages: 0 });
  });

  it('looks up only the customers of the page', async () => {
    const customers = await Promise.all(Array.from({ length: 8 }, () => makeCustomer(srv)));
    for (const c of customers) await makeBooking(c.id, { cleaningType: 'Move-out' });
    const find = vi.spyOn(User, 'find');
    try {
      const res = await srv.call('GET', '/api/employee/available-bookings?type=move&limit=3', { token: emp.token });
      expect(res.body.bookings).toHaveLength(3);
      expect(res.body.bookings.every((b: { customer_name: string; }) => b.customer_name === 'Carla Customer')).toBe(true);
      const lookups = find.mock.calls.map(([filter]) => (filter as unknown as { _id: { $in: string[]; }; })._id.$in.length);
      expect(lookups).toEqual([3]);
    } finally {
      find.mockRestore();
    }
  });

  it('refuses bad values', async () => {
    await expectBadPaging('/api/employee/available-bookings', emp.token);
    const type = await srv.call('GET', '/api/employee/available-bookings?type=Deep', { token: emp.token });
    expect(type.status).toBe(400);
    expect(type.body.message).toMatch(/type must be one of: all, regular, deep, move/);
  });
});

describe("an employee's bookings and work submissions", () => {
  it('my-bookings filters by status on the server, pages, and counts every tab', async () => {
    const me = await makeEmployee(srv);
    const cust = await makeCustomer(srv);
    // Free-text times (no scheduledAt): newest request first, after every booking with a booked time.
    const accepted: string[] = [];
    const completed: string[] = [];
    for (let i = 0; i < 3; i++) {
      accepted.unshift(await makeBooking(cust.id, { status: 'accepted', accepted_by: me.id, accepted_at: at(200 + i), created_at: at(200 + i) }));
    }
    for (let i = 0; i < 4; i++) {
      completed.unshift(
        await makeBooking(cust.id, {
          status: 'completed',
          accepted_by: me.id,
          accepted_at: at(300 + i),
          created_at: at(300 + i),
          work_submitted: true,
          submitted_work_hours: 2,
          submitted_at: at(400 + i),
        }),
      );
    }
    await makeBooking(cust.id, { status: 'accepted', accepted_by: emp.id }); // someone else's

    const all = await srv.call('GET', '/api/employee/my-bookings?limit=5', { token: me.token });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ success: true, total: 7, pages: 2, counts: { all: 7, accepted: 3, completed: 4 } });
    expect(ids(all.body.bookings)).toEqual([...completed, ...accepted].slice(0, 5));
    const acceptedOnly = await srv.call('GET', '/api/employee/my-bookings?status=accepted&limit=2&page=2', { token: me.token });
    expect(acceptedOnly.body).toMatchObject({ total: 3, pages: 2, page: 2, counts: { all: 7, accepted: 3, completed: 4 } });
    expect(ids(acceptedOnly.body.bookings)).toEqual(accepted.slice(2));
    const done = await srv.call('GET', '/api/employee/my-bookings?status=completed', { token: me.token });
    expect(ids(done.body.bookings)).toEqual(completed);

    // Booked times lead, soonest first; pages run from the dated into the undated without overlap.
    const later = await makeBooking(cust.id, { status: 'accepted', accepted_by: me.id, scheduledAt: new Date('2031-02-01T10:00:00Z') });
    const sooner = await makeBooking(cust.id, { status: 'accepted', accepted_by: me.id, scheduledAt: new Date('2031-01-01T10:00:00Z') });
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      pages.push(...ids((await srv.call('GET', `/api/employee/my-bookings?limit=4&page=${page}`, { token: me.token })).body.bookings));
    }
    expect(pages).toEqual([sooner, later, ...completed, ...accepted]);

    const subs = await srv.call('GET', '/api/employee/work-submissions?limit=3', { token: me.token });
    expect(subs.status).toBe(200);
    expect(subs.body).toMatchObject({ total: 4, pages: 2, limit: 3 });
    expect(subs.body.submissions.map((s: { booking_id: string; }) => s.booking_id)).toEqual(completed.slice(0, 3));
    const subs2 = await srv.call('GET', '/api/employee/work-submissions?limit=3&page=2', { token: me.token });
    expect(subs2.body.submissions.map((s: { booking_id: string; }) => s.booking_id)).toEqual(completed.slice(3));
  });

  it('refuses bad values', async () => {
    await expectBadPaging('/api/employee/my-bookings', emp.token);
    await expectBadPaging('/api/employee/work-submissions', emp.token);
    const status = await srv.call('GET', '/api/employee/my-bookings?status=pending', { token: emp.token });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(/status must be one of: all, accepted, completed/);
  });
});

describe("the customer's bookings", () => {
  it('pages newest first, filters by status, and lists only their own', async () => {
    const cust = await makeCustomer(srv);
    const other = await makeCustomer(srv);
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.unshift(await makeBooking(cust.id, { created_at: at(500 + i), status: i === 1 ? 'completed' : 'pending' }));
    await makeBooking(other.id);

    const first = await srv.call('GET', '/api/user/bookings?limit=2', { token: cust.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, page: 1, limit: 2, total: 5, pages: 3 });
    expect(ids(first.body.bookings)).toEqual(mine.slice(0, 2));
    const last = await srv.call('GET', '/api/user/bookings?limit=2&page=3', { token: cust.token });
    expect(ids(last.body.bookings)).toEqual(mine.slice(4));
    const completed = await srv.call('GET', '/api/user/bookings?status=completed', { token: cust.token });
    expect(completed.body).toMatchObject({ total: 1 });
    expect(ids(completed.body.bookings)).toEqual([mine[3]]);
    const byDefault = await srv.call('GET', '/api/user/bookings', { token: cust.token });
    expect(byDefault.body.limit).toBe(20);
    expect(await Booking.countDocuments({ user: cust.id })).toBe(5);
  });

  it('refuses bad values', async () => {
    const cust = await makeCustomer(srv);
    await expectBadPaging('/api/user/bookings', cust.token);
    const status = await srv.call('GET', '/api/user/bookings?status=done', { token: cust.token });
    expect(status.status).toBe(400);
    expect(status.body.message).toMatch(/status must be one of/);
  });
});
