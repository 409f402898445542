// Public forms over real HTTP: contact, enquiry and career (with real PDF / DOC / DOCX CVs in GridFS),
// content checks, company-inbox mails, Idempotency-Key and the per-IP rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import mongoose from 'mongoose';
import { MSG } from '@shared/messages';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { ContactMessage } from '../../api/src/models/ContactMessage';
import { Enquiry } from '../../api/src/models/Enquiry';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, tinyDoc, tinyDocx, tinyPdf } from './employee-fixtures';

const INBOX = 'inbox@sparkle.test';
let srv: TestServer;
beforeAll(async () => {
  // TRUST_PROXY lets the rate-limit test speak from its own client address.
  srv = await startTestServer({ BCRYPT_COST: '4', MAIL_FROM: `SparkleClean <${INBOX}>`, TRUST_PROXY: '1' });
});
afterAll(async () => {
  await srv?.close();
});

const cvFiles = () => mongoose.connection.db!.collection('cv.files').countDocuments();
const career = (over: Record<string, string> = {}) => ({
  name: 'Casey Career',
  email: 'casey@example.com',
  phone: '07700 900999',
  position: 'Cleaner',
  message: 'I love tidy homes.',
  ...over,
});
const enquiry = {
  name: 'Eve Enquirer',
  email: 'eve@example.com',
  phone: '0207 111 2222',
  service: 'Deep Cleaning',
  date: '2030-02-01',
  postcode: 'SE10AA',
  location: 'Greenwich',
  bedrooms: 3,
  bathrooms: 2,
  appliances: 1,
  receptions: 1,
  details: 'Oven too.',
  commercialCleaners: 0,
  hours: 4.5,
  consent: true,
};

async function downloadCv(storedName: string): Promise<Buffer> {
  const bucket = new mongoose.mongo.GridFSBucket(mongoose.connection.db!, { bucketName: 'cv' });
  const chunks: Buffer[] = [];
  for await (const c of bucket.openDownloadStreamByName(storedName)) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

describe('POST /api/contact', () => {
  it('stores the message, answers 201 and tells the company inbox', async () => {
    const res = await srv.call('POST', '/api/contact', {
      json: { name: 'Cora Contact', email: 'Cora@Example.com', phone: '', message: 'Do you clean boats?' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MSG.contactSent });
    const stored = await ContactMessage.findOne({ name: 'Cora Contact' }).lean();
    expect(stored).toMatchObject({ email: 'cora@example.com', message: 'Do you clean boats?' });
    const mail = await srv.mail.waitFor(INBOX, { subject: /contact message from Cora Contact/ });
    expect(mail.text).toContain('Do you clean boats?');
  });

  it('rejects missing fields, unknown fields and operator objects without storing', async () => {
    const before = await ContactMessage.countDocuments();
    for (
      const json of [
        { name: 'X', email: 'x@example.com' },
        { name: 'X', email: 'x@example.com', message: 'hi', extra: 1 },
        { name: { $gt: '' }, email: 'x@example.com', message: 'hi' },
        { name: 'X', email: 'not-an-email', message: 'hi' },
      ]
    ) {
      const res = await srv.call('POST', '/api/contact', { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    expect(await ContactMessage.countDocuments()).toBe(before);
  });
});

describe('POST /api/enquiry', () => {
  it('stores the enquiry and answers 201', async () => {
    const res = await srv.call('POST', '/api/enquiry', { json: enquiry });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MSG.enquirySent });
    expect(await Enquiry.findOne({ name: 'Eve Enquirer' }).lean()).toMatchObject({ service: 'Deep Cleaning', bedrooms: 3, hours: 4.5, consent: true });
    await srv.mail.waitFor(INBOX, { subject: /enquiry: Deep Cleaning/ });
  });

  it('needs consent, a known service and non-negative numbers', async () => {
    for (const bad of [{ consent: false }, { service: 'Window Cleaning' }, { bedrooms: -1 }]) {
      const res = await srv.call('POST', '/api/enquiry', { json: { ...enquiry, ...bad } });
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
  });

  it('replays a repeated Idempotency-Key and stores once', async () => {
    const json = { ...enquiry, name: 'Ida Idem' };
    const headers = { 'Idempotency-Key': 'enq-ida-1' };
    const first = await srv.call('POST', '/api/enquiry', { json, headers });
    const second = await srv.call('POST', '/api/enquiry', { json, headers });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await Enquiry.countDocuments({ name: 'Ida Idem' })).toBe(1);
  });
});

describe('POST /api/career', () => {
  it('accepts a real PDF CV and keeps it in GridFS', async () => {
    const pdf = tinyPdf();
    const res = await srv.call('POST', '/api/career', {
      body: form(career({ name: 'Pia Pdf' }), { cv: { data: pdf, name: 'My CV.pdf', type: 'application/pdf' } }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ success: true, message: MSG.careerSent });
    const app = await CareerApplication.findOne({ name: 'Pia Pdf' }).lean();
    expect(app).toMatchObject({ position: 'Cleaner', cv: { original_name: 'My CV.pdf', content_type: 'application/pdf', size: pdf.length } });
    expect(app!.cv!.stored_name).toMatch(/^[a-f0-9]{32}\.pdf$/);
    expect((await downloadCv(app!.cv!.stored_name)).equals(pdf)).toBe(true);
    const mail = await srv.mail.waitFor(INBOX, { subject: /application: Cleaner — Pia Pdf/ });
    expect(mail.text).toContain('My CV.pdf');
  });

  it('accepts DOC and DOCX CVs, and no CV at all', async () => {
    const doc = await srv.call('POST', '/api/career', { body: form(career({ name: 'Dot Doc' }), { cv: { data: tinyDoc(), name: 'cv.doc' } }) });
    const docx = await srv.call('POST', '/api/career', { body: form(career({ name: 'Dex Docx' }), { cv: { data: tinyDocx(), name: 'cv.DOCX' } }) });
    const none = await srv.call('POST', '/api/career', { body: form(career({ name: 'Nia None', phone: '', message: '' })) });
    expect([doc.status, docx.status, none.status]).toEqual([201, 201, 201]);
    expect((await CareerApplication.findOne({ name: 'Dot Doc' }).lean())?.cv?.content_type).toBe('application/msword');
    expect((await CareerApplication.findOne({ name: 'Dex Docx' }).lean())?.cv?.stored_name).toMatch(/\.docx$/);
    expect((await CareerApplication.findOne({ name: 'Nia None' }).lean())?.cv).toBeUndefined();
  });

  it('rejects a text file named .pdf, and a real PDF with a wrong extension, with 415', async () => {
    const apps = await CareerApplication.countDocuments();
    const files = await cvFiles();
    const fake = await srv.call('POST', '/api/career', {
      body: form(career(), { cv: { data: Buffer.from('plain text pretending to be a PDF'), name: 'cv.pdf', type: 'application/pdf' } }),
    });
    expect([fake.status, fake.body.message]).toEqual([415, MSG.cvWrongType]);
    const renamed = await srv.call('POST', '/api/career', { body: form(career(), { cv: { data: tinyPdf(), name: 'cv.exe' } }) });
    expect(renamed.status).toBe(415);
    const image = await srv.call('POST', '/api/career', { body: form(career(), { cv: { data: Buffer.from('GIF89a'), name: 'cv.doc' } }) });
    expect(image.status).toBe(415);
    expect(await CareerApplication.countDocuments()).toBe(apps);
    expect(await cvFiles()).toBe(files);
  });

  it('validates the fields before storing the CV', async () => {
    const files = await cvFiles();
    const res = await srv.call('POST', '/api/career', { body: form(career({ position: 'Astronaut' }), { cv: { data: tinyPdf(), name: 'cv.pdf' } }) });
    expect(res.status).toBe(400);
    expect(res.body.errors.position).toBe('Please choose a position');
    const noName = await srv.call('POST', '/api/career', { body: form(career({ name: '' }), { cv: { data: tinyPdf(), name: 'cv.pdf' } }) });
    expect(noName.status).toBe(400);
    expect(await cvFiles()).toBe(files);
  });

  it('replays a repeated Idempotency-Key without storing a second CV', async () => {
    const files = await cvFiles();
    const send = () =>
      srv.call('POST', '/api/career', {
        body: form(career({ name: 'Rita Retry' }), { cv: { data: tinyPdf(), name: 'cv.pdf' } }),
        headers: { 'Idempotency-Key': 'career-rita-1' },
      });
    const first = await send();
    const second = await send();
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(await CareerApplication.countDocuments({ name: 'Rita Retry' })).toBe(1);
    expect(await cvFiles()).toBe(files + 1);
  });
});

describe('rate limit on public forms', () => {
  it('allows 20 contact posts per IP per 10 minutes, then answers 429 with Retry-After', async () => {
    let limited: Awaited<ReturnType<TestServer['call']>> | undefined;
    let accepted = 0;
    for (let i = 0; i < 25 && !limited; i++) {
      const res = await srv.call('POST', '/api/contact', {
        json: { name: `Rate ${i}`, email: 'rate@example.com', message: 'hello' },
        headers: { 'X-Forwarded-For': '203.0.113.9' },
      });
      if (res.status === 429) limited = res;
      else accepted++;
    }
    expect(limited?.status).toBe(429);
    expect(Number(limited?.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(accepted).toBe(20);
    // Another address is not affected.
    const other = await srv.call('POST', '/api/contact', {
      json: { name: 'Other', email: 'o@example.com', message: 'hi' },
      headers: { 'X-Forwarded-For': '203.0.113.10' },
    });
    expect(other.status).toBe(201);
  });
});
