// The office inbox over real HTTP: items sent through the public forms, listed new-first with counts,
// searched and paged; opened; marked handled (in the audit log); and a job application's CV downloaded
// with the same bytes and headers — admins and super-admins only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditLog } from '../../api/src/models/AuditLog';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, makeCustomer, makeEmployee, tinyDocx, tinyPdf, type TestEmployee } from './employee-fixtures';

let srv: TestServer;
let admin: TestEmployee;
let superAdmin: TestEmployee;
let cleaner: TestEmployee;
let customerToken: string;
const ids: Record<string, string> = {};
const pdf = tinyPdf();

beforeAll(async () => {
  srv = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(srv, { role: 'admin', name: 'Ann Admin' });
  superAdmin = await makeEmployee(srv, { role: 'super-admin', name: 'Sue Super' });
  cleaner = await makeEmployee(srv, { name: 'Cal Cleaner' });
  customerToken = (await makeCustomer(srv)).token;
  // Sent one after another so their order (oldest first) is known.
  const send = async (path: string, body: object) => expect((await srv.call('POST', path, body)).status).toBe(201);
  await send('/api/contact', { json: { name: 'Connie Contact', email: 'connie@example.com', message: 'Do you clean windows?' } });
  await send('/api/enquiry', {
    json: {
      name: 'Enid Enquiry',
      email: 'enid@example.com',
      service: 'Deep Cleaning',
      postcode: 'SE10AA',
      bedrooms: 3,
      details: 'Oven as well',
      consent: true,
    },
  });
  await send('/api/career', {
    body: form({ name: 'Cara Career', email: 'cara@example.com', position: 'Supervisor', message: 'Ten years of experience' }, {
      cv: { data: pdf, name: 'Cara – CV 2026.pdf' },
    }),
  });
  await send('/api/career', { body: form({ name: 'Nico NoCv', email: 'nico@example.com', position: 'Cleaner' }) });
  await send('/api/contact', { json: { name: '=Eve Formula', email: 'eve@example.com', message: 'Second message' } });
  ids.contact = String((await ContactMessage.findOne({ name: 'Connie Contact' }))!._id);
  ids.career = String((await CareerApplication.findOne({ name: 'Cara Career' }))!._id);
  ids.nocv = String((await CareerApplication.findOne({ name: 'Nico NoCv' }))!._id);
});
afterAll(async () => {
  await srv?.close();
});

const get = (path: string, token = admin.token) => srv.call('GET', path, { token });
const patch = (path: string, json: unknown, token = admin.token) => srv.call('PATCH', path, { token, json });

describe('permissions', () => {
  it('every inbox route answers 401 without a staff token, 403 to a cleaner, and serves admins and super-admins', async () => {
    const routes: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/inbox'],
      ['GET', `/api/admin/inbox/contact/${ids.contact}`],
      ['PATCH', `/api/admin/inbox/contact/${ids.contact}`, { note: 'seen' }],
      ['GET', `/api/admin/career/${ids.career}/cv`],
      ['GET', '/api/admin/stats'],
    ];
    for (const [method, path, json] of routes) {
      expect((await srv.call(method, path, { json })).status, `${method} ${path} no token`).toBe(401);
      expect((await srv.call(method, path, { json, token: customerToken })).status, `${method} ${path} customer`).toBe(401);
      const asCleaner = await srv.call(method, path, { json, token: cleaner.token });
      expect(asCleaner.status, `${method} ${path} cleaner`).toBe(403);
      expect(asCleaner.body.success).toBe(false);
      expect((await srv.call(method, path, { json, token: admin.token })).status, `${method} ${path} admin`).toBe(200);
      expect((await srv.call(method, path, { json, token: superAdmin.token })).status, `${method} ${path} super-admin`).toBe(200);
    }
    // The cleaner's attempt changed nothing; the admins' notes did (and were audited as notes).
    expect((await ContactMessage.findById(ids.contact).lean())!.status).toBe('new');
  });
});

describe('GET /api/admin/inbox', () => {
  it('lists every kind, new items first and newest first, with the new counts per kind', async () => {
    const res = await get('/api/admin/inbox');
    expect(res.status).toBe(200);
    expect(res.body.items.map((i: { name: string; }) => i.name)).toEqual(['=Eve Formula', 'Nico NoCv', 'Cara Career', 'Enid Enquiry', 'Connie Contact']);
    // One contact message was opened by the permissions test above: off the badge, still new.
    expect(res.body.counts).toEqual({ contact: 2, enquiry: 1, career: 2, reclean: 0, total: 5, unopened: 4 });
    expect([res.body.total, res.body.page, res.body.limit]).toEqual([5, 1, 20]);
    const cara = res.body.items.find((i: { name: string; }) => i.name === 'Cara Career');
    expect(cara).toMatchObject({
      kind: 'career',
      id: ids.career,
      email: 'cara@example.com',
      subject: 'Supervisor',
      preview: 'Ten years of experience',
      status: 'new',
      has_cv: true,
    });
    const enid = res.body.items.find((i: { name: string; }) => i.name === 'Enid Enquiry');
    expect(enid).toMatchObject({ kind: 'enquiry', subject: 'Deep Cleaning', preview: 'Oven as well' });
  });

  it('filters by kind and by search text, and pages across kinds', async () => {
    const careers = await get('/api/admin/inbox?kind=career');
    expect(careers.body.items.map((i: { name: string; }) => i.name)).toEqual(['Nico NoCv', 'Cara Career']);
    const search = await get('/api/admin/inbox?q=WINDOWS');
    expect(search.body.items.map((i: { name: string; }) => i.name)).toEqual(['Connie Contact']);
    const regexLike = await get(`/api/admin/inbox?q=${encodeURIComponent('.*')}`);
    expect(regexLike.body.total).toBe(0);
    const pages = await Promise.all([1, 2, 3].map((p) => get(`/api/admin/inbox?limit=2&page=${p}`)));
    expect(pages.map((p) => p.body.items.map((i: { name: string; }) => i.name))).toEqual([['=Eve Formula', 'Nico NoCv'], ['Cara Career', 'Enid Enquiry'], [
      'Connie Contact',
    ]]);
    expect(pages.every((p) => p.body.total === 5)).toBe(true);
  });

  it('refuses bad query values with a clear 400', async () => {
    for (const qs of ['kind=letters', 'status=old', 'limit=101', 'limit=0', 'page=0', 'page=x', `q=${'x'.repeat(101)}`, 'sort=name']) {
      const res = await get(`/api/admin/inbox?${qs}`);
      expect(res.status, qs).toBe(400);
      expect(res.body.message, qs).toBeTruthy();
    }
  });
});

describe('one inbox item', () => {
  it('opens with every field the form sent, and the CV described', async () => {
    const res = await get(`/api/admin/inbox/career/${ids.career}`);
    expect(res.status).toBe(200);
    expect(res.body.item.fields).toEqual([
      { label: 'Position', value: 'Supervisor' },
      { label: 'Message', value: 'Ten years of experience' },
    ]);
    expect(res.body.item.cv).toEqual({
      original_name: 'Cara – CV 2026.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
      url: `/api/admin/career/${ids.career}/cv`,
    });
    expect((await get(`/api/admin/inbox/contact/${ids.career}`)).status).toBe(404);
    expect((await get(`/api/admin/inbox/letters/${ids.career}`)).status).toBe(400);
    expect((await get('/api/admin/inbox/career/not-an-id')).status).toBe(400);
  });

  it('marking handled moves it after the new items, records who and when, and is in the audit log', async () => {
    const before = await AuditLog.countDocuments({ 'target.id': ids.career });
    const res = await patch(`/api/admin/inbox/career/${ids.career}`, { status: 'handled', note: 'Interview on Monday' });
    expect(res.status).toBe(200);
    expect(res.body.item).toMatchObject({ status: 'handled', note: 'Interview on Monday', handled_by: { id: admin.id, name: 'Ann Admin' } });
    expect(Date.parse(res.body.item.handled_at)).toBeGreaterThan(Date.now() - 60_000);
    const list = await get('/api/admin/inbox');
    expect(list.body.items.at(-1).name).toBe('Cara Career');
    expect(list.body.counts.career).toBe(1);
    expect((await get('/api/admin/inbox?status=handled')).body.items.map((i: { id: string; }) => i.id)).toEqual([ids.career]);
    const entries = await AuditLog.find({ 'target.id': ids.career }).sort({ at: 1 }).lean();
    expect(entries).toHaveLength(before + 1);
    expect(entries.at(-1)).toMatchObject({
      action: 'inbox.handled',
      actor: { id: admin.id, name: 'Ann Admin', role: 'admin' },
      target: { type: 'message', id: ids.career },
      before: { status: 'new', note: '' },
      after: { status: 'handled', note: 'Interview on Monday' },
    });
    // And back to new: audited as reopened, handler cleared.
    const reopened = await patch(`/api/admin/inbox/career/${ids.career}`, { status: 'new' }, superAdmin.token);
    expect(reopened.body.item.status).toBe('new');
    expect(reopened.body.item.handled_by).toBeUndefined();
    expect(await AuditLog.findOne({ 'target.id': ids.career }).sort({ at: -1, _id: -1 }).lean()).toMatchObject({
      action: 'inbox.reopened',
      actor: { id: superAdmin.id },
    });
  });

  it('refuses bad changes with 400 and changes nothing, audit included', async () => {
    const audit = await AuditLog.countDocuments();
    const stored = await ContactMessage.findById(ids.contact).lean();
    for (const json of [{}, { status: 'done' }, { note: 5 }, { note: 'x'.repeat(2001) }, { status: 'handled', extra: 1 }, { status: { $ne: 'x' } }]) {
      const res = await patch(`/api/admin/inbox/contact/${ids.contact}`, json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect(await ContactMessage.findById(ids.contact).lean()).toEqual(stored);
    expect(await AuditLog.countDocuments()).toBe(audit);
    expect((await patch('/api/admin/inbox/contact/0123456789abcdef01234567', { status: 'handled' })).status).toBe(404);
  });
});

describe('GET /api/admin/career/{id}/cv', () => {
  it("streams the CV's exact bytes with its stored type, as an attachment under the applicant's file name", async () => {
    const res = await fetch(`${srv.url}/api/admin/career/${ids.career}/cv`, { headers: { Authorization: `Bearer ${admin.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-length')).toBe(String(pdf.length));
    // RFC 6266: an ASCII fallback plus the exact UTF-8 name.
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Cara ? CV 2026.pdf"; filename*=UTF-8''Cara%20%E2%80%93%20CV%202026.pdf`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    expect(Buffer.from(await res.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it('keeps a DOCX as a DOCX', async () => {
    const docx = tinyDocx();
    expect(
      (await srv.call('POST', '/api/career', {
        body: form({ name: 'Dora Docx', email: 'dora@example.com', position: 'Trainer' }, { cv: { data: docx, name: 'dora.docx' } }),
      })).status,
    ).toBe(201);
    const id = String((await CareerApplication.findOne({ name: 'Dora Docx' }))!._id);
    const res = await fetch(`${srv.url}/api/admin/career/${id}/cv`, { headers: { Authorization: `Bearer ${superAdmin.token}` } });
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="dora.docx"');
    expect(Buffer.from(await res.arrayBuffer()).equals(docx)).toBe(true);
  });

  it('is refused to cleaners and customers, and is 404 for an application without a CV', async () => {
    for (const [token, status] of [[cleaner.token, 403], [customerToken, 401], [undefined, 401]] as const) {
      const res = await srv.call('GET', `/api/admin/career/${ids.career}/cv`, { token });
      expect(res.status).toBe(status);
      expect(res.headers.get('content-disposition')).toBeNull();
      expect(res.body.success).toBe(false);
    }
    const none = await get(`/api/admin/career/${ids.nocv}/cv`);
    expect(none.status).toBe(404);
    expect(none.body.message).toBe('This application has no CV.');
  });
});
