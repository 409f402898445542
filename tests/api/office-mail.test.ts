// The company's notification mails through a real SMTP server: they go to OFFICE_EMAIL (not the sender
// address), a reply goes to the person who wrote, and a job application's CV rides along as an
// attachment with the applicant's file name and the same bytes, or, above CV_ATTACH_MAX_MB, as a link
// to the application in the office.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/src/config';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, tinyDocx, tinyPdf } from './employee-fixtures';

const OFFICE = 'office@sparkle.test';
const SENDER = 'no-reply@sparkle.test';
let srv: TestServer;
beforeAll(async () => {
  // 0.002 MB = 2 097 bytes: the tiny PDF fits, a padded one does not.
  srv = await startTestServer({
    BCRYPT_COST: '4',
    MAIL_FROM: `SparkleClean <${SENDER}>`,
    OFFICE_EMAIL: OFFICE,
    CV_ATTACH_MAX_MB: '0.002',
    PUBLIC_URL: 'https://clean.example/',
  });
});
afterAll(async () => {
  await srv?.close();
});

const application = (name: string) => ({
  name,
  email: `${name.split(' ')[0].toLowerCase()}@applicant.test`,
  phone: '07700 900111',
  position: 'Cleaner',
  message: 'Hello',
});

/** A real PDF padded with a comment past the attachment limit. */
const bigPdf = () => Buffer.concat([tinyPdf(), Buffer.from(`%${'x'.repeat(4000)}\n`)]);

describe('company notification mails', () => {
  it('OFFICE_EMAIL defaults to the MAIL_FROM address and can be set on its own', () => {
    expect(loadConfig({ DATA_DIR: srv.dataDir, JWT_SECRET: 'x', MAIL_FROM: 'Shop <Shop@Example.com>' }).officeEmail).toBe('Shop@Example.com');
    expect(loadConfig({ DATA_DIR: srv.dataDir, JWT_SECRET: 'x', MAIL_FROM: 'plain@example.com' }).officeEmail).toBe('plain@example.com');
    expect(loadConfig({ DATA_DIR: srv.dataDir, JWT_SECRET: 'x', OFFICE_EMAIL: ' desk@example.com ' }).officeEmail).toBe('desk@example.com');
    expect(() => loadConfig({ DATA_DIR: srv.dataDir, JWT_SECRET: 'x', CV_ATTACH_MAX_MB: 'lots' })).toThrow(/CV_ATTACH_MAX_MB/);
  });

  it('a contact message and an enquiry go to the office, with the writer as Reply-To', async () => {
    const contact = await srv.call('POST', '/api/contact', { json: { name: 'Olga Office', email: 'olga@writer.test', message: 'Do you clean ovens?' } });
    expect(contact.status).toBe(201);
    const mail = await srv.mail.waitFor(OFFICE, { subject: /contact message from Olga Office/ });
    expect(mail.replyTo).toBe('olga@writer.test');
    const enquiry = await srv.call('POST', '/api/enquiry', { json: { name: 'Ed Enq', email: 'ed@writer.test', service: 'Deep Cleaning', consent: true } });
    expect(enquiry.status).toBe(201);
    expect((await srv.mail.waitFor(OFFICE, { subject: /enquiry: Deep Cleaning from Ed Enq/ })).replyTo).toBe('ed@writer.test');
    expect(srv.mail.mails.filter((m) => m.to === SENDER)).toEqual([]);
  });

  it('a job application mail carries the CV: original file name, stored type, same bytes', async () => {
    const docx = tinyDocx();
    const res = await srv.call('POST', '/api/career', { body: form(application('Ada Attach'), { cv: { data: docx, name: 'Ada Lovelace – CV.docx' } }) });
    expect(res.status).toBe(201);
    const mail = await srv.mail.waitFor(OFFICE, { subject: /application: Cleaner — Ada Attach/ });
    expect(mail.replyTo).toBe('ada@applicant.test');
    expect(mail.attachments).toHaveLength(1);
    const [a] = mail.attachments;
    expect(a.filename).toBe('Ada Lovelace – CV.docx');
    expect(a.contentType).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(a.content.equals(docx)).toBe(true);
    expect(mail.text).toContain('attached');
  });

  it('a CV above CV_ATTACH_MAX_MB is not attached: the mail links to it in the office', async () => {
    const pdf = bigPdf();
    expect(pdf.length).toBeGreaterThan(0.002 * 1024 * 1024);
    const res = await srv.call('POST', '/api/career', { body: form(application('Bea Big'), { cv: { data: pdf, name: 'big.pdf' } }) });
    expect(res.status).toBe(201);
    const mail = await srv.mail.waitFor(OFFICE, { subject: /application: Cleaner — Bea Big/ });
    expect(mail.attachments).toEqual([]);
    const id = String((await CareerApplication.findOne({ name: 'Bea Big' }).lean())!._id);
    expect(mail.text).toContain(`https://clean.example/office/inbox/career/${id}`);
  });

  it('an application without a CV says so and attaches nothing', async () => {
    const res = await srv.call('POST', '/api/career', { body: form(application('Nora None')) });
    expect(res.status).toBe(201);
    const mail = await srv.mail.waitFor(OFFICE, { subject: /Nora None/ });
    expect(mail.attachments).toEqual([]);
    expect(mail.text).toContain('CV: none');
  });
});
