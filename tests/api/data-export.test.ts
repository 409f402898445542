// "Download my data" over real HTTP: the ZIP holds every collection's rows about the person
// and nothing about anyone else (two customers sharing a cleaner), their own files from GridFS, and a
// README; a large account's copy is made by the job runner and e-mailed as a single-use link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { PushSubscription } from '../../api/src/models/PushSubscription';
import { Booking } from '../../api/src/models/Booking';
import { recordAudit } from '../../api/src/services/office/audit';
import { DataRequest } from '../../api/src/models/DataRequest';
import { runRetention } from '../../api/src/jobs/retention';
import { RETENTION_DEFAULTS } from '@shared/retention';
import { readZip, jsonEntries } from '../support/zip';
import { form, makeBooking, makeCustomer, makeEmployee, tinyPdf, tinyPng } from './employee-fixtures';
import { acceptedPlan, dayAhead, startVisitsServer, type PlanCast, type VisitsServer } from './visits-fixtures';

let vs: VisitsServer;
let a: PlanCast;
let b: Awaited<ReturnType<typeof makeCustomer>>;
let bBookingId: string;

async function download(path: string, token?: string, init: RequestInit = {}) {
  const res = await fetch(vs.s.url + path, {
    ...init,
    headers: { ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(init.headers as Record<string, string>) },
  });
  return { status: res.status, type: res.headers.get('content-type'), bytes: Buffer.from(await res.arrayBuffer()) };
}

beforeAll(async () => {
  vs = await startVisitsServer({ JOBS_POLL_MS: '0' });
  a = await acceptedPlan(vs.s);
  b = await makeCustomer(vs.s, { name: 'Bella Other', phone: '07700 900555', address: '99 Secret Lane, Leeds' });
  bBookingId = await makeBooking(b.id, {
    frequency: 'Weekly',
    bestDays: `${dayAhead(8)}T10:00`,
    scheduledAt: null,
    address: '99 Secret Lane, Leeds',
    phone: '07700 900555',
    postcode: 'LS11AA',
  });
  const accepted = await vs.s.call('POST', `/api/employee/bookings/${bBookingId}/accept`, { token: a.cleaner.token });
  expect(accepted.status).toBe(200);
  // Each customer wrote to us, has a device and choices, and is in the audit log.
  for (const [who, email] of [['Carla', a.customer.email], ['Bella', b.email]]) {
    expect((await vs.s.call('POST', '/api/contact', { json: { name: who, email, phone: '', message: `Hello from ${who}` } })).status).toBe(201);
  }
  for (const [c, host] of [[a.customer, 'fcm.googleapis.com'], [b, 'updates.push.services.mozilla.com']] as const) {
    await PushSubscription.create({
      person_type: 'customer',
      person_id: c.id,
      endpoint: `https://${host}/send/${c.id}`,
      p256dh: 'k',
      auth: 'a',
      user_agent: `Agent of ${c.name}`,
    });
    await recordAudit({
      actor: { id: a.cleaner.id, name: 'Ada Admin', role: 'admin' },
      action: 'customer.block',
      target: { type: 'customer', id: c.id, label: c.email },
      after: { blocked: false },
    });
  }
  expect((await vs.s.call('PUT', '/api/user/notification-preferences', { token: a.customer.token, json: { news: { email: false, push: true } } })).status).toBe(
    200,
  );
}, 120_000);
afterAll(() => vs?.s.close());

describe('GET /api/user/data-export', () => {
  it("holds every kind of the customer's rows, and nothing of the other customer of the same cleaner", async () => {
    const res = await download('/api/user/data-export', a.customer.token);
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/zip');
    const entries = await readZip(res.bytes);
    expect([...entries.keys()].sort()).toEqual(
      [
        'README.txt',
        'account.json',
        'audit.json',
        'bookings.json',
        'data-requests.json',
        'homes.json',
        'messages.json',
        'notification-preferences.json',
        'photos.json',
        'problems.json',
        'push-subscriptions.json',
        'ratings.json',
        'sessions.json',
        'statements.json',
      ].sort(),
    );
    const j = jsonEntries(entries) as Record<string, any>;
    expect(j['account.json']).toMatchObject({
      id: a.customer.id,
      email: a.customer.email,
      name: 'Carla Customer',
      phone: '07700 900123',
      address: '1 High Street, London',
    });
    expect(j['bookings.json']).toHaveLength(1);
    expect(j['bookings.json'][0]).toMatchObject({ id: a.bookingId, cleaner_first_name: 'Cleo', plan: { frequency: 'weekly', state: 'active' } });
    expect(j['bookings.json'][0].visits.length).toBeGreaterThan(5);
    expect(j['messages.json'].contact_messages).toEqual([expect.objectContaining({ email: a.customer.email, message: 'Hello from Carla' })]);
    expect(j['notification-preferences.json']).toMatchObject({ news: { email: false } });
    expect(j['push-subscriptions.json']).toEqual([expect.objectContaining({ device: 'Agent of Carla Customer', push_service: 'fcm.googleapis.com' })]);
    expect(j['audit.json']).toEqual([expect.objectContaining({ action: 'customer.block', by_role: 'admin' })]);
    const readme = entries.get('README.txt')!.toString();
    for (const name of entries.keys()) if (name !== 'README.txt') expect(readme).toContain(name);
    expect(j['ratings.json']).toEqual([]);
    // Their homes, opened (the plan's first home is made when the customer sets its notes or books).
    expect(Array.isArray(j['homes.json'])).toBe(true);
    // Nothing about the other customer, nor the office member's name, nor the cleaner's full name.
    const all = [...entries.values()].map((v) => v.toString()).join('\n');
    const bRef = (await Booking.findById(bBookingId).lean())!.reference!;
    for (
      const other of [b.id, b.email, 'Bella', '99 Secret Lane', '900555', 'LS11AA', bBookingId, bRef, 'Ada Admin', 'Cleo Cleaner', a.cleaner.email, 'mozilla']
    ) expect(all).not.toContain(other);
  });

  it('the other customer gets only their own', async () => {
    const j = jsonEntries(await readZip((await download('/api/user/data-export', b.token)).bytes)) as Record<string, any>;
    expect(j['bookings.json'].map((x: any) => x.id)).toEqual([bBookingId]);
    expect(JSON.stringify(j)).not.toContain(a.customer.email);
    expect(JSON.stringify(j)).not.toContain('High Street');
  });

  it('needs a customer token', async () => {
    expect((await download('/api/user/data-export')).status).toBe(401);
    expect((await download('/api/user/data-export', a.cleaner.token)).status).toBe(401);
  });
});

describe('GET /api/employee/data-export', () => {
  it("holds the cleaner's hours, blog post and image, and CV — not the customers' details", async () => {
    const png = tinyPng(3, 3);
    const post = await vs.s.call('POST', '/api/employee/blog-posts', {
      token: a.cleaner.token,
      body: form({ title: 'My tips', content: 'Top to bottom, always.' }, { image: { data: png, name: 'p.png', type: 'image/png' } }),
    });
    expect(post.status).toBe(201);
    const cv = await vs.s.call('POST', '/api/career', {
      body: form({ name: 'Cleo Cleaner', email: a.cleaner.email, phone: '', position: 'Cleaner', message: 'Hire me' }, {
        cv: { data: tinyPdf(), name: 'Cleo CV.pdf', type: 'application/pdf' },
      }),
    });
    expect(cv.status).toBe(201);
    const res = await download('/api/employee/data-export', a.cleaner.token);
    expect(res.status).toBe(200);
    const entries = await readZip(res.bytes);
    const j = jsonEntries(entries) as Record<string, any>;
    expect(j['account.json']).toMatchObject({ id: a.cleaner.id, email: a.cleaner.email });
    expect(j['jobs.json'].bookings).toHaveLength(2);
    expect(j['blog-posts.json']).toEqual([expect.objectContaining({ title: 'My tips' })]);
    expect(j['messages.json'].job_applications).toEqual([expect.objectContaining({ position: 'Cleaner' })]);
    const files = [...entries.keys()].filter((n) => n.startsWith('files/'));
    expect(files).toHaveLength(2);
    expect(entries.get(files.find((f) => f.startsWith('files/blog-'))!)!.equals(png)).toBe(true);
    expect(entries.get(files.find((f) => f.startsWith('files/cv-'))!)!.equals(tinyPdf())).toBe(true);
    const all = [...entries.values()].map((v) => v.toString('latin1')).join('\n');
    for (const other of ['High Street', 'Secret Lane', a.customer.email, b.email, 'Carla', 'Bella']) expect(all).not.toContain(other);
  });
});

describe('a large account', () => {
  it('is prepared by the job runner and e-mailed as a signed link that works once', async () => {
    vs.s.deps.config.dataExportInlineMaxRows = 0;
    try {
      const seen = vs.s.mail.mails.length;
      const res = await vs.s.call('GET', '/api/user/data-export', { token: a.customer.token });
      expect(res.status).toBe(202);
      expect(res.body.queued).toBe(true);
      await vs.s.deps.jobs.tick();
      const mail = await vs.s.mail.waitFor(a.customer.email, { after: seen });
      const link = /\/api\/data-export\/[\w.-]+/.exec(JSON.stringify(mail))![0];
      const tampered = link.slice(0, -2) + (link.endsWith('AA') ? 'BB' : 'AA');
      expect((await download(tampered)).status).toBe(410);
      const first = await download(link);
      expect(first.status).toBe(200);
      expect(jsonEntries(await readZip(first.bytes))['account.json']).toMatchObject({ id: a.customer.id });
      expect((await download(link)).status).toBe(410);
    } finally {
      vs.s.deps.config.dataExportInlineMaxRows = 5000;
    }
  });
});

describe('an e-mailed link left unused', () => {
  it(`works until ${RETENTION_DEFAULTS.exportLinkDays} days have passed; then it is refused and the retention job removes the file`, async () => {
    vs.s.deps.config.dataExportInlineMaxRows = 0;
    try {
      const seen = vs.s.mail.mails.length;
      expect((await vs.s.call('GET', '/api/user/data-export', { token: b.token })).status).toBe(202);
      await vs.s.deps.jobs.tick();
      const link = /\/api\/data-export\/[\w.-]+/.exec(JSON.stringify(await vs.s.mail.waitFor(b.email, { after: seen })))![0];
      const row = (await DataRequest.findOne({ 'subject.id': b.id, state: 'sent' }).lean())!;
      expect(await vs.s.deps.files.find('exports', row.file!)).not.toBeNull();
      await vs.setOffset((RETENTION_DEFAULTS.exportLinkDays + 1) * 86_400_000);
      expect((await download(link)).status).toBe(410);
      await runRetention(vs.s.deps);
      expect(await vs.s.deps.files.find('exports', row.file!)).toBeNull();
      expect((await DataRequest.findById(row._id).lean())!.state).toBe('expired');
    } finally {
      vs.s.deps.config.dataExportInlineMaxRows = 5000;
      await vs.setOffset(0);
    }
  });
});

describe('the office', () => {
  it('lists the requests, makes a copy for an applicant by e-mail, and erases the applicant with their CV', async () => {
    const admin = await makeEmployee(vs.s, { name: 'Olive Office', role: 'admin' });
    const email = 'applicant-x@example.com';
    expect(
      (await vs.s.call('POST', '/api/career', {
        body: form({ name: 'Xena App', email, phone: '', position: 'Cleaner', message: 'x' }, {
          cv: { data: tinyPdf(), name: 'x.pdf', type: 'application/pdf' },
        }),
      })).status,
    ).toBe(201);
    const copy = await download('/api/admin/data-requests/export', admin.token, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, kind: 'applicant' }),
    });
    expect(copy.status).toBe(200);
    const entries = await readZip(copy.bytes);
    expect((jsonEntries(entries)['messages.json'] as any).job_applications).toHaveLength(1);
    expect([...entries.keys()].some((n) => n.startsWith('files/cv-'))).toBe(true);
    const stored = (await CareerApplication.findOne({ email }).lean())!.cv!.stored_name;
    const erased = await vs.s.call('POST', '/api/admin/data-requests/erase-applicant', { token: admin.token, json: { email } });
    expect(erased.status).toBe(200);
    expect(erased.body.erased).toBe(1);
    expect(await CareerApplication.countDocuments({ email })).toBe(0);
    expect(await vs.s.deps.files.find('cv', stored)).toBeNull();
    expect((await vs.s.call('POST', '/api/admin/data-requests/erase-applicant', { token: admin.token, json: { email } })).status).toBe(404);
    const list = await vs.s.call('GET', '/api/admin/data-requests?limit=50', { token: admin.token });
    expect(list.status).toBe(200);
    const kinds = list.body.requests.map((r: any) => `${r.kind}:${r.subject.type}:${r.by.type}:${r.by.name ?? ''}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['export:customer:self:', 'export:employee:self:', 'export:applicant:office:Olive Office', 'erase:applicant:office:Olive Office']),
    );
    expect((await vs.s.call('GET', '/api/admin/data-requests', { token: a.cleaner.token })).status).toBe(403);
  });
});
