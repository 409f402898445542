// JSON answers over 1 KB are compressed as the client accepts: brotli when offered, else gzip, else sent
// as they are; small answers and the other content types are left alone. Read with node:http, which
// (unlike fetch) hands over the bytes as they came.
import http from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/test-server';
import { makeEmployee, type TestEmployee } from './employee-fixtures';
import { placePlan } from './schedule-fixtures';
import { dayAhead } from './visits-fixtures';

let s: TestServer;
let admin: TestEmployee;
beforeAll(async () => {
  s = await startTestServer({ BCRYPT_COST: '4' });
  admin = await makeEmployee(s, { name: 'Ada Admin', role: 'admin' });
  // Enough staff and visits for the office's staff list and the week's schedule to pass 1 KB.
  const cleaners = await Promise.all(Array.from({ length: 6 }, (_, i) => makeEmployee(s, { name: `Cleaner Number ${i}` })));
  for (const [i, cleaner] of cleaners.entries()) {
    await placePlan(s, cleaner, { date: dayAhead(2), time: `${String(8 + i).padStart(2, '0')}:00`, name: `Customer Number ${i}` });
  }
});
afterAll(async () => {
  await s?.close();
});

function raw(urlPath: string, headers: Record<string, string>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer; }> {
  return new Promise((resolve, reject) => {
    http
      .get(s.url + urlPath, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('compressed JSON answers', () => {
  it('sends a large JSON answer as brotli when the client accepts it, and as gzip when it accepts only gzip', async () => {
    const plain = await raw('/api/openapi.json', {});
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await raw('/api/openapi.json', { 'Accept-Encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString())).toEqual(JSON.parse(plain.body.toString()));

    const gz = await raw('/api/openapi.json', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.body).toString())).toEqual(JSON.parse(plain.body.toString()));
  });

  it('compresses the office lists and the week schedule', async () => {
    const auth = { Authorization: `Bearer ${admin.token}`, 'Accept-Encoding': 'br, gzip' };
    for (const url of ['/api/admin/staff', `/api/admin/schedule?from=${dayAhead(2)}&to=${dayAhead(2)}`]) {
      const res = await raw(url, auth);
      expect(res.status, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      const text = brotliDecompressSync(res.body).toString();
      expect(Buffer.byteLength(text), url).toBeGreaterThan(1024);
      expect(JSON.parse(text).success, url).toBe(true);
    }
  });

  it('leaves a small answer as it is', async () => {
    const res = await raw('/api/health', { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
