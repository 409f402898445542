// CV upload quotas: per IP per day, for the whole site per hour, and few in flight at once. A refused
// upload is answered before its body is read (429, Connection: close) and leaves nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, tinyPdf } from './employee-fixtures';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { API_MSG } from '@shared/messages-api';

let s: TestServer;

const fields = (name: string) => ({ name, email: 'casey@example.com', phone: '', position: 'Cleaner', message: '' });
const apply = (name: string, ip: string, server = s) =>
  server.call('POST', '/api/career', { body: form(fields(name), { cv: { data: tinyPdf(), name: 'cv.pdf', type: 'application/pdf' } }), headers: { 'X-Forwarded-For': ip } });

async function stored() {
  const chunks = mongoose.connection.db!.collection('cvs.files');
  return { applications: await CareerApplication.countDocuments(), files: await chunks.countDocuments() };
}

describe('CV upload quotas', () => {
  beforeAll(async () => {
    s = await startTestServer({ TRUST_PROXY: '1', CV_UPLOADS_PER_IP_DAY: '2', CV_UPLOADS_PER_HOUR: '3' });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('per IP per day (CV_UPLOADS_PER_IP_DAY=2), then for the whole site per hour (CV_UPLOADS_PER_HOUR=3)', async () => {
    const base = await stored();
    expect((await apply('First', '203.0.113.1')).status).toBe(201);
    expect((await apply('Second', '203.0.113.1')).status).toBe(201);
    const before = await stored();
    expect(before.applications).toBe(base.applications + 2);
    const third = await apply('Third', '203.0.113.1');
    expect(third.status).toBe(429);
    expect(third.body.message).toBe(API_MSG.uploadQuotaIp);
    expect(Number(third.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);

    // Another IP: one more fits the site-wide hourly quota (3), the next does not.
    expect((await apply('Other', '203.0.113.2')).status).toBe(201);
    const after = await stored();
    const other = await apply('Another', '203.0.113.3');
    expect(other.status).toBe(429);
    expect(other.body.message).toBe(API_MSG.uploadQuotaGlobal);
    expect(await stored()).toEqual(after);
  });
});

// One server per process (mongoose has one connection): this one starts after the first has closed.
describe('uploads in flight', () => {
  let one: TestServer;
  beforeAll(async () => {
    one = await startTestServer({ TRUST_PROXY: '1', CV_UPLOADS_IN_FLIGHT: '1' });
  });
  afterAll(async () => {
    await one?.close();
  });

  it('one upload in flight at a time (CV_UPLOADS_IN_FLIGHT=1): another is refused at once with 429, before any quota is counted', async () => {
    // The first upload announces a body and sends only its start, so it stays in flight.
    const slow = http.request(`${one.url}/api/career`, { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': '100000', 'X-Forwarded-For': '203.0.113.50' } });
    slow.on('error', () => undefined);
    slow.write('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow\r\n');
    const before = await stored();
    let busy: Awaited<ReturnType<typeof apply>> | undefined;
    // Wait until the server has taken the slow upload in (no sleep: ask until the slot is seen taken).
    for (let i = 0; i < 200 && busy?.status !== 429; i++) busy = await apply('Busy Bee', '203.0.113.51', one);
    expect(busy!.status).toBe(429);
    expect(busy!.body.message).toBe(API_MSG.uploadBusy);
    expect(busy!.headers.get('connection')).toBe('close');
    slow.destroy();
    expect(await stored()).toEqual(before);
  });

});
