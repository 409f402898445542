// CV upload quotas: per IP per day, for the whole site per hour, and few in flight at once. A refused
// upload is answered before its body is read (429, Connection: close) and leaves nothing stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import mongoose from 'mongoose';
import { startTestServer, type TestServer } from '../support/test-server';
import { form, tinyPdf } from './employee-fixtures';
import { CareerApplication } from '../../api/src/models/CareerApplication';
import { API_MSG } from '@shared/messages-api';

let s: TestServer;

const fields = (name: string) => ({ name, email: 'casey@example.com', phone: '', position: 'Cleaner', message: '' });
const apply = (name: string, ip: string, server = s) =>
  server.call('POST', '/api/career', {
    body: form(fields(name), { cv: { data: tinyPdf(), name: 'cv.pdf', type: 'application/pdf' } }),
    headers: { 'X-Forwarded-For': ip },
  });

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
    const slow = http.request(`${one.url}/api/career`, {
      method: 'POST',
      headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': '100000', 'X-Forwarded-For': '203.0.113.50' },
    });
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

/**
 * An upload over a raw socket whose body never all arrives: the headers and the first field at once,
 * then 10 kB every 20 ms of a body announced at 300 kB, stopping short of it. The socket is not read
 * for `pauseReadingMs` (a phone busy sending), so an answer closed under it by a reset would be lost.
 * Resolves with the answer and how many body bytes had been written when it came in full.
 */
function unfinishedUpload(url: string, headers: Record<string, string>, pauseReadingMs = 0) {
  const total = 300_000;
  return new Promise<{ status: number; headers: Record<string, string>; body: any; sentWhenAnswered: number; total: number; }>((resolve, reject) => {
    const { hostname, port } = new URL(url);
    const socket = net.connect(Number(port), hostname);
    const head = Object.entries({
      Host: `${hostname}:${port}`,
      'Content-Type': 'multipart/form-data; boundary=xyz',
      'Content-Length': String(total),
      ...headers,
    }).map(([k, v]) => `${k}: ${v}\r\n`);
    const first = '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nSlow Sam\r\n';
    socket.write(`POST /api/career HTTP/1.1\r\n${head.join('')}\r\n${first}`);
    let sent = Buffer.byteLength(first);
    const timer = setInterval(() => {
      if (socket.destroyed || socket.writableEnded || sent + 20_000 > total) return clearInterval(timer);
      socket.write(Buffer.alloc(10_000, 120), () => undefined);
      sent += 10_000;
    }, 20);
    if (pauseReadingMs) {
      socket.pause();
      setTimeout(() => socket.resume(), pauseReadingMs);
    }
    let raw = Buffer.alloc(0);
    const done = (err?: Error) => {
      clearInterval(timer);
      socket.destroy();
      if (err) return reject(err);
      const text = raw.toString('utf8');
      const [top, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...lines] = top.split('\r\n');
      const hdrs = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers: hdrs, body: JSON.parse(rest.join('\r\n\r\n')), sentWhenAnswered: sent, total });
    };
    socket.on('data', (d: Buffer) => {
      raw = Buffer.concat([raw, d]);
      const end = raw.indexOf('\r\n\r\n');
      const length = end < 0 ? NaN : Number(/content-length: *(\d+)/i.exec(raw.subarray(0, end).toString())?.[1]);
      if (raw.length >= end + 4 + length) done();
    });
    socket.on('error', (err) => done(err));
    socket.on('close', () => (raw.length ? done() : done(new Error('closed without an answer'))));
  });
}

// A retry of an upload already answered gets the stored answer without its body being read, and the
// in-flight cap applies to it like to any upload (it used to skip both checks and read the whole body).
describe('a repeated Idempotency-Key on an upload', () => {
  let srv: TestServer;
  beforeAll(async () => {
    srv = await startTestServer({ TRUST_PROXY: '1', CV_UPLOADS_IN_FLIGHT: '2' });
  });
  afterAll(async () => {
    await srv?.close();
  });
  const keyed = { 'Idempotency-Key': 'cv-retry-1', 'X-Client-Id': 'client-of-casey-0001', 'X-Forwarded-For': '203.0.113.70' };

  it('is answered from the key before its body is read (the answer comes while the client is still sending), and closed cleanly', async () => {
    const first = await srv.call('POST', '/api/career', {
      body: form(fields('Casey Keyed'), { cv: { data: tinyPdf(), name: 'cv.pdf', type: 'application/pdf' } }),
      headers: keyed,
    });
    expect(first.status).toBe(201);
    const before = await stored();
    const again = await unfinishedUpload(srv.url, keyed, 300);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers.connection).toBe('close');
    expect(again.sentWhenAnswered).toBeLessThan(again.total);
    expect(await stored()).toEqual(before);
  }, 10_000);

  it('beyond the in-flight cap (CV_UPLOADS_IN_FLIGHT=2) gets 429 like any upload', async () => {
    // Two uploads that never finish hold both slots. A holder that arrives while a probe below briefly
    // holds a slot (its key is looked up inside the cap) is itself refused: it comes back until it holds.
    const holders: http.ClientRequest[] = [];
    let holding = true;
    const hold = (ip: string) => {
      const req = http.request(`${srv.url}/api/career`, {
        method: 'POST',
        headers: { 'Content-Type': 'multipart/form-data; boundary=xyz', 'Content-Length': '100000', 'X-Forwarded-For': ip },
      });
      req.on('error', () => undefined);
      req.on('response', (res) => {
        res.resume();
        if (res.statusCode === 429 && holding) setTimeout(() => hold(ip), 10);
      });
      req.write('--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nHolder\r\n');
      holders.push(req);
    };
    hold('203.0.113.71');
    hold('203.0.113.72');
    // Each from its own address, so the form's own rate limit (20 per IP) never answers first.
    let n = 0;
    const retry = () =>
      srv.call('POST', '/api/career', {
        body: form(fields('Casey Keyed'), { cv: { data: tinyPdf(), name: 'cv.pdf', type: 'application/pdf' } }),
        headers: { ...keyed, 'X-Forwarded-For': `198.51.100.${++n}` },
      });
    let busy: Awaited<ReturnType<typeof retry>> | undefined;
    for (let i = 0; i < 200 && busy?.status !== 429; i++) busy = await retry();
    expect([busy!.status, busy!.body.message]).toEqual([429, API_MSG.uploadBusy]);
    const together = await Promise.all([retry(), retry(), retry()]);
    expect(together.map((r) => r.status)).toEqual([429, 429, 429]);
    holding = false;
    for (const h of holders) h.destroy();
    // Once a slot is free, the retry is answered from its key again.
    let replayed: Awaited<ReturnType<typeof retry>> | undefined;
    for (let i = 0; i < 200 && replayed?.status !== 201; i++) replayed = await retry();
    expect(replayed!.status).toBe(201);
    expect(replayed!.headers.get('idempotent-replayed')).toBe('true');
  });
});
