// The employee half of the authorization matrix: every protected employee endpoint × {no token,
// malformed token, wrong-secret token, unsigned token, expired token, customer token} → 401, and
// another employee's token on the :id routes that belong to one employee → 403. Nothing changes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { API_MSG } from '@shared/messages-api';
import { BlogPost } from '../../api/src/models/BlogPost';
import { Booking } from '../../api/src/models/Booking';
import { Employee } from '../../api/src/models/Employee';
import { OPERATIONS } from '../../api/src/openapi/document';
import { startTestServer, type TestServer } from '../support/test-server';
import { expiredToken, form, makeBooking, makeCustomer, makeEmployee, tinyPng, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let owner: TestEmployee;
let other: TestEmployee;
let customerToken: string;
let pendingId: string;
let acceptedId: string;
let submittedId: string;
let postId: string;

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  [owner, other] = await Promise.all([makeEmployee(srv, { name: 'Owner' }), makeEmployee(srv, { name: 'Other' })]);
  const cust = await makeCustomer(srv);
  customerToken = cust.token;
  pendingId = await makeBooking(cust.id);
  acceptedId = await makeBooking(cust.id);
  submittedId = await makeBooking(cust.id);
  for (const id of [acceptedId, submittedId]) expect((await srv.call('POST', `/api/employee/bookings/${id}/accept`, { token: owner.token })).status).toBe(200);
  expect((await srv.call('POST', `/api/employee/bookings/${submittedId}/submit-work`, { token: owner.token, json: { work_hours: 2 } })).status).toBe(200);
  const post = await srv.call('POST', '/api/employee/blog-posts', {
    token: owner.token,
    body: form({ title: 'Kept', content: 'Stays' }, { image: { data: tinyPng(), name: 'k.png' } }),
  });
  postId = post.body.blog_post.id;
});
afterAll(async () => {
  await srv?.close();
});

/** `path` names the ids it needs: {pending}, {accepted}, {submitted} bookings and the blog {post}. */
type Call = { method: string; path: string; json?: unknown; multipart?: boolean; };
const resolvePath = (p: string) =>
  p.replace('{pending}', pendingId).replace('{accepted}', acceptedId).replace('{submitted}', submittedId).replace('{post}', postId);
const blogFields = { title: 'Hacked', content: 'Nope' };
const ENDPOINTS: Call[] = [
  { method: 'GET', path: '/api/employee/profile' },
  { method: 'PUT', path: '/api/employee/profile', json: { name: 'Hacked' } },
  { method: 'GET', path: '/api/employee/available-bookings' },
  { method: 'POST', path: '/api/employee/bookings/{pending}/accept' },
  { method: 'POST', path: '/api/employee/bookings/{pending}/decline' },
  { method: 'GET', path: '/api/employee/my-bookings' },
  { method: 'POST', path: '/api/employee/bookings/{accepted}/submit-work', json: { work_hours: 1 } },
  { method: 'GET', path: '/api/employee/work-submissions' },
  { method: 'PUT', path: '/api/employee/work-submissions/{submitted}', json: { work_hours: 9 } },
  { method: 'GET', path: '/api/employee/stats' },
  { method: 'GET', path: '/api/employee/visits' },
  { method: 'GET', path: '/api/employee/available-visits' },
  { method: 'POST', path: '/api/employee/visits/{pending}/submit-work', json: { work_hours: 1 } },
  { method: 'PUT', path: '/api/employee/visits/{pending}/work', json: { work_hours: 1 } },
  { method: 'POST', path: '/api/employee/visits/{pending}/release' },
  { method: 'POST', path: '/api/employee/visits/{pending}/accept' },
  { method: 'POST', path: '/api/employee/visits/{pending}/on-my-way', json: { minutes: 10 } },
  { method: 'POST', path: '/api/employee/visits/{pending}/lockout', json: {} },
  { method: 'POST', path: '/api/employee/visits/{pending}/photos', multipart: true },
  { method: 'GET', path: '/api/employee/visits/{pending}/photos' },
  { method: 'POST', path: '/api/employee/visits/{pending}/problems', json: { kind: 'other', note: 'x' } },
  { method: 'PATCH', path: '/api/employee/visits/{pending}/checklist', json: { items: [] } },
  { method: 'GET', path: '/api/employee/ratings/summary' },
  { method: 'GET', path: '/api/employee/blog-posts' },
  { method: 'GET', path: '/api/employee/blog-posts/{post}' },
  { method: 'POST', path: '/api/employee/blog-posts', multipart: true },
  { method: 'PUT', path: '/api/employee/blog-posts/{post}', multipart: true },
  { method: 'DELETE', path: '/api/employee/blog-posts/{post}' },
  { method: 'GET', path: '/api/employee/blog-posts/{post}/image' },
  { method: 'POST', path: '/api/employee/logout' },
  { method: 'POST', path: '/api/employee/push-subscriptions', json: { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'a', auth: 'b' } } },
  { method: 'DELETE', path: '/api/employee/push-subscriptions' },
  { method: 'GET', path: '/api/employee/notification-preferences' },
  { method: 'PUT', path: '/api/employee/notification-preferences', json: {} },
  { method: 'GET', path: '/api/employee/time-off' },
  { method: 'POST', path: '/api/employee/time-off', json: { from: '2030-01-01', to: '2030-01-02' } },
  { method: 'GET', path: '/api/employee/data-export' },
  { method: 'GET', path: '/api/employee/calendar-address' },
  { method: 'POST', path: '/api/employee/calendar-address' },
  { method: 'GET', path: '/api/employee/earnings' },
  { method: 'GET', path: '/api/employee/earnings/periods' },
  { method: 'GET', path: '/api/employee/notices' },
  { method: 'GET', path: '/api/employee/notices/unseen' },
  { method: 'POST', path: '/api/employee/notices/seen' },
];

const BAD_CREDENTIALS: Array<[string, () => Record<string, string>]> = [
  ['no token', () => ({})],
  ['malformed token', () => ({ Authorization: 'Bearer not.a.jwt' })],
  ['empty bearer', () => ({ Authorization: 'Bearer ' })],
  ['wrong scheme', () => ({ Authorization: `Basic ${owner.token}` })],
  [
    'token signed with another secret',
    () => ({ Authorization: `Bearer ${jwt.sign({ role: 'employee' }, 'some-other-secret', { subject: owner.id, audience: 'employee', expiresIn: '1h' })}` }),
  ],
  [
    'unsigned (alg none) token',
    () => ({ Authorization: `Bearer ${jwt.sign({ role: 'employee', aud: 'employee', sub: owner.id }, '', { algorithm: 'none' })}` }),
  ],
  ['expired token', () => ({ Authorization: `Bearer ${expiredToken(srv, 'employee', owner.id)}` })],
  ['customer token', () => ({ Authorization: `Bearer ${customerToken}` })],
];

async function send(call: Call, headers: Record<string, string>) {
  const body = call.multipart ? form(blogFields, { image: { data: tinyPng(), name: 'x.png' } }) : undefined;
  return srv.call(call.method, resolvePath(call.path), { headers, json: call.json, body });
}

describe('employee endpoints without a valid employee token', () => {
  it('covers every employee-token endpoint the API documents', () => {
    // The office's routes (/api/admin/*) take employee tokens too; their matrix is admin-permissions.test.ts.
    const documented = OPERATIONS.filter((o) => o.auth === 'employee' && !o.path.startsWith('/api/admin/')).map((o) => `${o.method.toUpperCase()} ${o.path}`);
    const tested = ENDPOINTS.map((c) => `${c.method} ${c.path.replace(/\{(pending|accepted|submitted|post)\}/, '{id}')}`);
    expect(tested.sort()).toEqual(documented.sort());
  });

  for (const call of ENDPOINTS) {
    for (const [label, headers] of BAD_CREDENTIALS) {
      it(`${call.method} ${call.path} with ${label} → 401`, async () => {
        const res = await send(call, headers());
        expect(res.status).toBe(401);
        expect(res.body.success).toBe(false);
        expect([API_MSG.unauthorized, API_MSG.tokenInvalid]).toContain(res.body.message);
      });
    }
  }

  it('changed nothing', async () => {
    expect(await Booking.findById(pendingId).lean()).toMatchObject({ status: 'pending', declined_by: [] });
    expect(await Booking.findById(acceptedId).lean()).toMatchObject({ status: 'accepted', work_submitted: false });
    expect((await Booking.findById(submittedId).lean())?.submitted_work_hours).toBe(2);
    expect((await BlogPost.findById(postId).lean())?.title).toBe('Kept');
    expect(await BlogPost.countDocuments({ title: 'Hacked' })).toBe(0);
    expect((await Employee.findById(owner.id).lean())?.name).toBe('Owner');
  });
});

describe("another employee's token on one employee's bookings", () => {
  it('cannot submit work on a booking someone else accepted (403)', async () => {
    const res = await srv.call('POST', `/api/employee/bookings/${acceptedId}/submit-work`, { token: other.token, json: { work_hours: 1 } });
    expect([res.status, res.body.message]).toEqual([403, API_MSG.bookingNotYours]);
  });

  it("cannot edit someone else's work submission (403)", async () => {
    const res = await srv.call('PUT', `/api/employee/work-submissions/${submittedId}`, { token: other.token, json: { work_hours: 9 } });
    expect([res.status, res.body.message]).toEqual([403, API_MSG.bookingNotYours]);
  });

  it("does not see someone else's bookings or submissions", async () => {
    expect((await srv.call('GET', '/api/employee/my-bookings', { token: other.token })).body.bookings).toEqual([]);
    expect((await srv.call('GET', '/api/employee/work-submissions', { token: other.token })).body.submissions).toEqual([]);
  });

  it('left the owner’s data as it was', async () => {
    expect(await Booking.findById(acceptedId).lean()).toMatchObject({ status: 'accepted', work_submitted: false });
    expect((await Booking.findById(submittedId).lean())?.submitted_work_hours).toBe(2);
  });
});

describe('tokens of accounts that no longer work', () => {
  it('an employee token for a deleted account → 401', async () => {
    const gone = await makeEmployee(srv);
    await Employee.deleteOne({ _id: gone.id });
    expect((await srv.call('GET', '/api/employee/profile', { token: gone.token })).status).toBe(401);
  });

  it('an employee token for a deactivated account → 403', async () => {
    const off = await makeEmployee(srv);
    await Employee.updateOne({ _id: off.id }, { $set: { is_active: false } });
    const res = await srv.call('GET', '/api/employee/stats', { token: off.token });
    expect([res.status, res.body.message]).toEqual([403, API_MSG.employeeInactive]);
  });

  it('an employee token does not open customer routes', async () => {
    expect((await srv.call('GET', '/api/user/profile', { token: owner.token })).status).toBe(401);
  });
});
