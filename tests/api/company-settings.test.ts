// Company settings: the spec's values until a super-admin changes them; then every
// mail, calendar file and served page shows the new ones — on another instance within the cache window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { COMPANY_DATA_ID, COMPANY_DEFAULTS, type Company } from '@shared/company';
import { COMPANY_MSG } from '@shared/messages-office';
import { CompanySettings } from '../../api/src/models/CompanySettings';
import { AuditLog } from '../../api/src/models/AuditLog';
import { startTestServer, type TestServer } from '../support/test-server';
import { bookingInput } from '../support/customers';
import { makeCustomer } from './employee-fixtures';
import { officeCast, type OfficeCast } from './admin-fixtures';

let s: TestServer;
let cast: OfficeCast;
let clockFile: string;
beforeAll(async () => {
  const dist = await mkdtemp(path.join(tmpdir(), 'sc-dist-'));
  clockFile = path.join(dist, 'clock');
  // A pre-rendered page as the build writes it: the defaults in text, attributes, title and noscript.
  const contact = '<!doctype html><html><head><title>Contact us — SparkleClean</title><meta name="description" content="SparkleClean: trusted cleaning." />' +
    '<script type="module" crossorigin src="/assets/index-2020ab.js"></script></head><body><div id="root"><a class="brand" aria-label="SparkleClean home" href="/">SparkleClean</a>' +
    '<h1>Contact us</h1><p>We reply within <!-- -->24h<!-- -->.</p><a href="tel:02079460321">020 7946 0321</a> <a href="mailto:hello@sparkleclean.co.uk">hello@sparkleclean.co.uk</a>' +
    '<dd>12 Market Street, London, EC1A 1BB</dd><a href="https://www.google.com/maps/search/?api=1&amp;query=SparkleClean%2C%2012%20Market%20Street%2C%20London%2C%20EC1A%201BB">Map</a>' +
    '<p>since <!-- -->2020<!-- -->.</p></div>\n<noscript>SparkleClean needs JavaScript to run. Call us on 020 7946 0321.</noscript>\n</body></html>';
  await writeFile(path.join(dist, 'contact.html'), contact);
  await writeFile(path.join(dist, 'index.html'), contact.replace('Contact us', 'Home'));
  s = await startTestServer({ PWA_DIST_DIR: dist, BCRYPT_COST: '4', TEST_CLOCK_FILE: clockFile });
  cast = await officeCast(s);
});
afterAll(() => s?.close());

const NEW: Company = {
  ...COMPANY_DEFAULTS,
  name: 'Brightway & Co',
  legalName: 'Brightway Cleaning Ltd',
  companyNumber: '01234567',
  phone: '0161 496 0000',
  email: 'office@brightway.example',
  address: '3 Deansgate, Manchester, M3 1AA',
  serviceArea: ['M', 'sk'],
  social: { ...COMPANY_DEFAULTS.social, instagram: 'https://instagram.com/brightway' },
  clients: '300+',
  founded: '2024',
};

describe('company settings', () => {
  it('answers the spec values to anyone until changed, with an ETag a revisit can reuse', async () => {
    const res = await s.call('GET', '/api/company');
    expect(res.status).toBe(200);
    expect(res.body.company).toEqual(COMPANY_DEFAULTS);
    expect(res.headers.get('cache-control')).toMatch(/max-age=\d+/);
    // node:http, as fetch marks a request with If-None-Match "no-cache", which no server answers with a 304.
    const again = await new Promise<number | undefined>((resolve, reject) => {
      http.get(`${s.url}/api/company`, { headers: { 'If-None-Match': res.headers.get('etag')! } }, (r) => resolve(r.resume().statusCode)).on('error', reject);
    });
    expect(again).toBe(304);
    // The office home's checklist: nothing set up yet but the cleaner the cast invited; mail goes by SMTP here.
    const admin = await s.call('GET', '/api/admin/company', { token: cast.admin.token });
    expect(admin.status).toBe(200);
    expect(admin.body.setup).toEqual({ details: false, cleanerInvited: true, smtp: true, officeEmail: false });
  });

  it('refuses an admin (403) and a cleaner, and bad input with a clear message, changing nothing', async () => {
    const byAdmin = await s.call('PUT', '/api/admin/company', { token: cast.admin.token, json: NEW });
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.body.message).toBe(COMPANY_MSG.superAdminOnly);
    expect((await s.call('PUT', '/api/admin/company', { token: cast.employee.token, json: NEW })).status).toBe(403);
    const http = await s.call('PUT', '/api/admin/company', {
      token: cast.superAdmin.token,
      json: { ...NEW, social: { ...NEW.social, facebook: 'http://facebook.com/x' } },
    });
    expect(http.status).toBe(400);
    expect(http.body.message).toContain(COMPANY_MSG.httpsOnly);
    const area = await s.call('PUT', '/api/admin/company', { token: cast.superAdmin.token, json: { ...NEW, serviceArea: ['M', 'M1 1'] } });
    expect(area.status).toBe(400);
    expect(area.body.message).toContain(COMPANY_MSG.areaInvalid);
    expect((await s.call('PUT', '/api/admin/company', { token: cast.superAdmin.token, json: { ...NEW, extra: 1 } })).status).toBe(400);
    expect(await CompanySettings.countDocuments()).toBe(0);
    expect((await s.call('GET', '/api/company')).body.company).toEqual(COMPANY_DEFAULTS);
  });

  it('a super-admin changes them: audited, and the next mail, calendar file and page carry the new name and phone', async () => {
    const res = await s.call('PUT', '/api/admin/company', { token: cast.superAdmin.token, json: NEW });
    expect(res.status).toBe(200);
    expect(res.body.company.serviceArea).toEqual(['M', 'SK']);
    expect(res.body.setup.details).toBe(true);
    expect((await s.call('GET', '/api/company')).body.company.phone).toBe(NEW.phone);
    const audit = await AuditLog.findOne({ action: 'company.update' }).lean();
    expect(audit?.actor.name).toBe('Sam Super');
    expect(audit?.after).toMatchObject({ name: NEW.name, phone: NEW.phone });
    expect(audit?.before).toMatchObject({ name: COMPANY_DEFAULTS.name });

    const cust = await makeCustomer(s, { name: 'Nia New' });
    const seen = s.mail.mails.length;
    const booked = await s.call('POST', '/api/user/bookings', { token: cust.token, json: bookingInput({ bestDays: '2030-05-01T09:00' }) });
    expect(booked.status).toBe(201);
    const mail = await s.mail.waitFor(cust.email, { after: seen, subject: /booking received/ });
    expect(mail.subject).toContain('Brightway & Co');
    expect(mail.text).toContain('Thank you for booking with Brightway & Co.');
    expect(mail.text).toContain('Brightway & Co · 0161 496 0000 · office@brightway.example');
    expect(mail.text).not.toContain('SparkleClean');
    const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'))!.content.toString('utf8');
    expect(ics).toContain('SUMMARY:Brightway & Co:');
    expect(ics).toMatch(/PRODID:-\/\/Brightway & Co\/\//);

    const page = await (await fetch(`${s.url}/contact`)).text();
    expect(page).toContain('<title>Contact us — Brightway &amp; Co</title>');
    expect(page).toContain('<a href="tel:01614960000">0161 496 0000</a>');
    expect(page).toContain('aria-label="Brightway &amp; Co home"');
    expect(page).toContain('query=Brightway%20%26%20Co%2C%203%20Deansgate');
    expect(page).toContain('since <!-- -->2024<!-- -->.');
    expect(page).toContain('Call us on 0161 496 0000.</noscript>');
    // The scripts' file names are left alone, and no default is left in the markup.
    expect(page).toContain('/assets/index-2020ab.js');
    expect(page).not.toMatch(/SparkleClean|020 7946 0321|sparkleclean\.co\.uk/);
    // The page changes with the details, not with the file: its own ETag, and a revisit gets a 304.
    const etag = (await fetch(`${s.url}/contact`)).headers.get('etag')!;
    expect((await fetch(`${s.url}/contact`, { headers: { 'If-None-Match': etag, 'Cache-Control': 'max-age=0' } })).status).toBe(304);
    const missing = await fetch(`${s.url}/no-such-page`);
    expect(missing.status).toBe(404);
    const block = new RegExp(`<script type="application/json" id="${COMPANY_DATA_ID}">([^<]*)</script>`).exec(page);
    expect(JSON.parse(block![1])).toMatchObject({ name: NEW.name, phone: NEW.phone });
  });

  it('another instance’s change shows on this one within the cache window, without a restart', async () => {
    // Written as another instance would: straight to the shared database.
    await CompanySettings.updateOne({ _id: 'company' }, { $set: { 'value.phone': '0161 496 0999' }, $inc: { version: 1 } });
    expect(await (await fetch(`${s.url}/contact`)).text()).toContain('0161 496 0000');
    await writeFile(clockFile, String(31_000));
    const page = await (await fetch(`${s.url}/contact`)).text();
    expect(page).toContain('<a href="tel:01614960999">0161 496 0999</a>');
    expect((await s.call('GET', '/api/company')).body.company.phone).toBe('0161 496 0999');
  });
});
